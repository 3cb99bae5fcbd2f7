import { isIP } from 'node:net';
import { normalizeHostname } from './hostname';

/** `unlisted`: the refused host, when the allowlist alone refused it (the operator can fix that). */
export type WebhookUrlVerdict = { allowed: true; host: string } | { allowed: false; reason: string; unlisted?: string };

/** What the organisation and the operator allow a webhook to reach. */
export interface DestinationRules {
  /** The organisation's `webhook_allowed_hostnames`, as stored. */
  allowlist: readonly string[];
  /** 443 and the operator's `serve --webhook-port` list. */
  ports: ReadonlySet<number>;
}

/** The https port; every other port must be named by the operator. */
export const HTTPS_PORT = 443;

/**
 * An allowlist entry in the form it is stored and compared in: lower case, punycode
 * (interface, Webhooks rule 6), `*.` kept in front of a wildcard's domain. Null when the entry
 * is no hostname at all.
 */
export function normalizeAllowlistEntry(entry: string): string | null {
  const trimmed = entry.trim();
  const wildcard = trimmed.startsWith('*.');
  const host = normalizeHostname(wildcard ? trimmed.slice(2) : trimmed);
  if (host === null || host.includes('*')) return null;
  return wildcard ? `*.${host}` : host;
}

/**
 * The destination rules of a webhook URL (interface, Webhooks rules 2-6; design.md "Webhook
 * URL"): https only, no user info, no IP literal, a port the operator allows, and a hostname the
 * organisation's allowlist names. Judged at registration and again whenever a delivery is
 * claimed, since the allowlist and the ports may have changed since. The URL is known to parse.
 */
export function checkWebhookUrl(url: string, rules: DestinationRules): WebhookUrlVerdict {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return refuse('url: the scheme must be https');
  if (parsed.username !== '' || parsed.password !== '') return refuse('url: must not contain user info');
  const host = normalizeHostname(parsed.hostname);
  if (host === null || isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    return refuse('url: must name a host, not an IP address');
  }
  const port = parsed.port === '' ? HTTPS_PORT : Number(parsed.port);
  if (!rules.ports.has(port)) {
    return refuse(
      `url: port ${port} is not open to webhooks; use ${[...rules.ports].sort((a, b) => a - b).join(' or ')}`,
    );
  }
  if (!rules.allowlist.some((entry) => entryMatches(normalizeAllowlistEntry(entry), host))) {
    return {
      allowed: false,
      reason: `url: the host ${host} is not on the organization's webhook hostname allowlist`,
      unlisted: host,
    };
  }
  return { allowed: true, host };
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
