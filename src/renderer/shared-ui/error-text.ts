import type { BridgeError } from '../../shared/bridge';

/** A human sentence for each stable code (the interface says: clients parse `code`, never `message`). */
const sentences: Record<string, string> = {
  unauthorized: 'The service no longer accepts this workspace’s key. Re-enter a valid key to continue.',
  invalid_key_metadata: 'This key was created outside the normal flow. Ask for a new key and enter it here.',
  key_required: 'This workspace has no key yet. Enter one to continue.',
  forbidden:
    'The service refused this workspace’s key here: it lacks the permission (scope) this needs, or the organisation is inactive. Ask your administrator for a key that has it; trying again will not help.',
  not_found: 'This item does not exist, or it belongs to another organisation.',
  bad_request: 'The service refused the request as malformed.',
  validation_failed: 'The service did not accept what was sent.',
  invalid_webhook_url:
    'This host is not on your organisation’s allowlist — ask your administrator. The address must also start with https://.',
  rate_limited: 'The service asked us to slow down. Try again in a moment.',
  service_unavailable: 'The service is temporarily unavailable. Try again in a moment.',
  internal_error: 'The service hit an unexpected error. Try again; if it keeps happening, share the request id.',
  network_error: 'The service cannot be reached. Check your connection, then retry.',
  timeout: 'The service took too long to answer. Retry in a moment.',
  cancelled: 'The request was cancelled.',
  invalid_response: 'The service sent an answer the app does not understand. Share the request id with support.',
  redirected:
    'The service’s address sent the app elsewhere, which it does not follow. Check the workspace’s address (the message says where it pointed).',
  endless_pages: 'The service kept sending more pages of this list without end. Share the request id with support.',
  invalid_params: 'The app sent an invalid request. Share the details with support.',
  no_workspace: 'No workspace is open. Open one to continue.',
  unknown_operation: 'The app asked for something this version does not support.',
  forbidden_sender: 'The request came from an untrusted window and was refused.',
  outside_local_copy:
    'This lies outside what the local copy keeps (Settings, Local copy), and the service cannot be reached. It can be read once the service answers again.',
};

/**
 * A code Callscope does not know still gets a next step, chosen by the HTTP status class: a 4xx
 * was refused on its merits (check what the message says), a 5xx failed on the service's side.
 */
function byStatus(status: number | null): string {
  if (status !== null && status >= 500)
    return 'The service failed to answer. Retry in a moment; if it keeps happening, share the request id.';
  if (status !== null && status >= 400) {
    return 'The service refused this request. Check what its message says (the key’s permissions, the workspace, the item); retrying will not help until that changes.';
  }
  return 'Something went wrong.';
}

export function describeError(error: BridgeError): string {
  return Object.hasOwn(sentences, error.code) ? sentences[error.code]! : byStatus(error.status);
}
