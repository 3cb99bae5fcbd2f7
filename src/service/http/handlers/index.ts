import type { HandlerRegistry } from '../handler';
import { analysisHandlers } from './analyses';
import { dealHandlers } from './deals';
import { keyHandlers } from './keys';
import { memberHandlers } from './members';
import { scoringHandlers } from './scorings';
import { searchHandlers } from './search';
import { videoHandlers } from './videos';
import { webhookHandlers } from './webhooks';

/** Every endpoint's handler, one file per area; an endpoint without one is routed as unknown (404). */
export const handlers: HandlerRegistry = {
  ...videoHandlers,
  ...dealHandlers,
  ...memberHandlers,
  ...keyHandlers,
  ...searchHandlers,
  ...analysisHandlers,
  ...scoringHandlers,
  ...webhookHandlers,
};
