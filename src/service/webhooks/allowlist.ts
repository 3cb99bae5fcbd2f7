import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

export type WebhookUrlVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * An allowlist entry in the form it is stored and compared in: lower case, punycode
 * (interface, Webhooks rule 6), `*.` kept in front of a wildcard's domain. Null when the entry
 * is no hostname at all.
 */
export function normalizeAllowlistEntry(entry: string): string | null {
  const trimmed = entry.trim().toLowerCase().replace(/\.$/, '');
  const wildcard = trimmed.startsWith('*.');
  const ascii = domainToASCII(wildcard ? trimmed.slice(2) : trimmed);
  if (ascii === '' || ascii.includes('*')) return null;
  return wildcard ? `*.${ascii}` : ascii;
}

/**
 * The destination rules of POST /v1/webhooks (interface, Webhooks rules 2-6; design.md "Webhook
 * URL"): https only, no user info, no IP literal, and a hostname the organisation's allowlist
 * names. The URL is already known to parse; WHATWG parsing has lower-cased and punycoded the host.
 */
export function checkWebhookUrl(url: string, allowlist: readonly string[]): WebhookUrlVerdict {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return refuse('url: the scheme must be https');
  if (parsed.username !== '' || parsed.password !== '') return refuse('url: must not contain user info');
  const host = parsed.hostname.replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return refuse('url: must name a host, not an IP address');
  if (!allowlist.some((entry) => entryMatches(normalizeAllowlistEntry(entry), host))) {
    return refuse(`url: the host ${host} is not on the organization's webhook hostname allowlist`);
  }
  return { allowed: true };
}

function entryMatches(entry: string | null, host: string): boolean {
  if (entry === null) return false;
  // Rule 5: `*.domain` matches subdomains at any depth, never the bare domain.
  if (entry.startsWith('*.')) return host.endsWith(entry.slice(1));
  return host === entry;
}

function refuse(reason: string): WebhookUrlVerdict {
  return { allowed: false, reason };
}
