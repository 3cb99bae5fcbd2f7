import type { ServiceContext } from '../http/context';
import { envelopeApp } from '../http/envelope-app';

/** The auxiliary listing at alt_base_url (interface, "Auxiliary listing"); part 2 adds its routes. */
export function createPlantsApp(ctx: ServiceContext) {
  return envelopeApp(ctx.logger);
}
