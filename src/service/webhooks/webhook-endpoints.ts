import { randomBytes } from 'node:crypto';
import type { EventType } from '../../shared/api/events';
import type { ServedCreatedWebhookEndpoint, ServedWebhookEndpoint } from '../../shared/api/served';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { prepared } from '../db/prepared';

interface EndpointRow {
  id: string;
  url: string;
  events: string;
  created_at: string;
}

/** Standard Webhooks secrets: `whsec_` + base64 of 24-64 random bytes. */
const SECRET_BYTES = 32;

export function readAllowlist(db: Db, orgId: string): string[] {
  const text = prepared(
    db,
    'SELECT webhook_allowed_hostnames FROM organization_settings WHERE org_id = ?',
    'pluck',
  ).get(orgId) as string | undefined;
  return text === undefined ? [] : (JSON.parse(text) as string[]);
}

export function createWebhookEndpoint(
  db: Db,
  endpoint: { orgId: string; url: string; events: readonly EventType[] | undefined; now: string },
): ServedCreatedWebhookEndpoint {
  const id = newId('ep');
  const secret = `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
  const events = [...new Set(endpoint.events ?? [])];
  prepared(
    db,
    'INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(id, endpoint.orgId, endpoint.url, JSON.stringify(events), secret, endpoint.now);
  return { id, url: endpoint.url, events, created_at: endpoint.now, secret };
}

export function listWebhookEndpoints(db: Db, orgId: string): ServedWebhookEndpoint[] {
  const rows = prepared(
    db,
    `SELECT id, url, events, created_at FROM webhook_endpoints WHERE org_id = ? AND deleted_at IS NULL
       ORDER BY created_at DESC, id DESC`,
  ).all(orgId) as EndpointRow[];
  return rows.map((row) => ({ ...row, events: JSON.parse(row.events) as EventType[] }));
}

/** Soft delete: deliveries already in the outbox still finish (interface, Webhooks DELETE). */
export function deleteWebhookEndpoint(db: Db, orgId: string, id: string, now: string): boolean {
  return (
    prepared(db, 'UPDATE webhook_endpoints SET deleted_at = ? WHERE id = ? AND org_id = ? AND deleted_at IS NULL').run(
      now,
      id,
      orgId,
    ).changes === 1
  );
}
