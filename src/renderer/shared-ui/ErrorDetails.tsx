import { CopyButton } from './CopyButton';

/** Code, the service's message and a copyable request id: what support needs (Stripe's errors). */
/** Also used for a failed job's error, whose codes are the job's own (e.g. `injected_failure`). */
export interface ErrorFacts {
  code: string;
  message: string;
  /** The HTTP status of the answer, when there was one. */
  status?: number | null;
  requestId: string | null;
}

export function ErrorDetails({ error }: { error: ErrorFacts }) {
  return (
    <dl className="error-details">
      <dt>Code</dt>
      <dd className="error-value">
        <code>{error.code}</code>
      </dd>
      <dt>Message</dt>
      <dd className="error-value">{error.message}</dd>
      {error.status ? (
        <>
          <dt>HTTP status</dt>
          <dd className="error-value">{error.status}</dd>
        </>
      ) : null}
      {error.requestId && (
        <>
          <dt>Request id</dt>
          <dd className="error-value request-id">
            <code>{error.requestId}</code>
            <CopyButton value={error.requestId} label="Copy request id" />
          </dd>
        </>
      )}
    </dl>
  );
}
