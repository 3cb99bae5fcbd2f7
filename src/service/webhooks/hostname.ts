import { domainToASCII } from 'node:url';

/**
 * The one form of a hostname the webhook code stores, matches and connects to: lower case,
 * punycode (interface, Webhooks rule 6) and without the trailing dot of a fully qualified name,
 * which names the same host. Registration, allowlist entries, `--webhook-resolve` names and
 * delivery all pass through here, so `HOOKS.EXAMPLE.TEST.` cannot pass one check and miss another.
 * Null when it is no hostname at all.
 */
export function normalizeHostname(host: string): string | null {
  const ascii = domainToASCII(host.trim().replace(/\.$/, ''));
  return ascii === '' ? null : ascii;
}
