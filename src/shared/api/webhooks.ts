import { z } from 'zod';
import { EventType } from './events';
import { listOf, ReadTimestamp } from './primitives';

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Only shape is checked here: a missing or unparsable URL is `validation_failed`; whether the
 * destination is allowed (https, allowlist) is the service's `invalid_webhook_url` (design.md).
 */
export const WebhookCreateBody = z.object({
  url: z
    .string('must be a string')
    .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
    .refine((value) => URL.canParse(value), 'must be a valid URL'),
  events: z
    .array(EventType)
    .max(EventType.options.length * 4)
    .optional(),
});
export type WebhookCreateBody = z.input<typeof WebhookCreateBody>;

/**
 * `events: []` means every event type, now and future ones (interface, Webhooks). A listed
 * endpoint may name event types this client does not know yet; `created_at` is the local
 * service's own field beyond the four the interface shows.
 */
export const WebhookEndpoint = z.object({
  id: z.string().startsWith('ep_'),
  url: z.string(),
  events: listOf(z.string()),
  created_at: ReadTimestamp.nullish(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The secret is returned only by the creation response. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().startsWith('whsec_'),
});
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

/** The delete response's body is not shown; design.md fixes the local service's. */
export const DeletedWebhookEndpoint = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedWebhookEndpoint = z.infer<typeof DeletedWebhookEndpoint>;

export const RevokedKey = z.object({ revoked: z.literal(true) });
export type RevokedKey = z.infer<typeof RevokedKey>;
