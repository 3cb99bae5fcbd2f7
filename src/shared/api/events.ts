import { z } from 'zod';

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
