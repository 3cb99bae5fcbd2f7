import { deliveredEventTypes, type EventType } from '../../shared/api/events';
import type { WebhookPayload } from '../../shared/api/served';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { prepared } from '../db/prepared';

/**
 * Queues one delivery per subscribed endpoint of the organisation. Call it inside the transaction
 * that causes the event, so the event exists exactly when its cause does. deal.scoring.* is
 * accepted in subscriptions but never delivered (interface, Events), so it queues nothing.
 */
export function recordEvent(db: Db, event: { orgId: string } & WebhookPayload): number {
  if (!(deliveredEventTypes as readonly EventType[]).includes(event.type)) return 0;
  const payload: WebhookPayload = { type: event.type, timestamp: event.timestamp, data: event.data } as WebhookPayload;
  const body = JSON.stringify(payload);
  const endpoints = prepared(
    db,
    'SELECT id, events FROM webhook_endpoints WHERE org_id = ? AND deleted_at IS NULL',
  ).all(event.orgId) as { id: string; events: string }[];
  const insert = prepared(
    db,
    `INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_type, payload, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
  );
  let queued = 0;
  for (const endpoint of endpoints) {
    const events = JSON.parse(endpoint.events) as EventType[];
    if (events.length > 0 && !events.includes(event.type)) continue;
    insert.run(
      newId('msg'),
      event.orgId,
      endpoint.id,
      event.type,
      body,
      event.timestamp,
      event.timestamp,
      event.timestamp,
    );
    queued++;
  }
  return queued;
}
