import type { HandlerRegistry } from '../handler';
import { dealHandlers } from './deals';
import { keyHandlers } from './keys';
import { memberHandlers } from './members';
import { videoHandlers } from './videos';

/** Every endpoint's handler, one file per area; an endpoint without one is routed as unknown (404). */
export const handlers: HandlerRegistry = {
  ...videoHandlers,
  ...dealHandlers,
  ...memberHandlers,
  ...keyHandlers,
};
