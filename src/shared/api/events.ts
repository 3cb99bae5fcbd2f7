import { z } from 'zod';
import { Analysis } from './jobs';
import { Timestamp } from './primitives';
import { Video } from './videos';

/** interface, Events. */
export const EventType = z.enum([
  'video.ready',
  'video.analysis.completed',
  'video.analysis.failed',
  'deal.scoring.completed',
  'deal.scoring.failed',
]);
export type EventType = z.infer<typeof EventType>;
export const allEventTypes: readonly EventType[] = EventType.options;

/** The scoring events are accepted in subscriptions but never delivered (interface, Events). */
export const deliveredEventTypes = [
  'video.ready',
  'video.analysis.completed',
  'video.analysis.failed',
] as const satisfies readonly EventType[];

/** design.md: `{ type, timestamp, data }`; data is the video or the analysis. */
export const WebhookPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('video.ready'), timestamp: Timestamp, data: Video }),
  z.object({ type: z.literal('video.analysis.completed'), timestamp: Timestamp, data: Analysis }),
  z.object({ type: z.literal('video.analysis.failed'), timestamp: Timestamp, data: Analysis }),
]);
export type WebhookPayload = z.infer<typeof WebhookPayload>;
