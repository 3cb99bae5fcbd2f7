import { z } from 'zod';
import { intParam } from './primitives';

/**
 * The auxiliary listing at alt_base_url (interface, "Auxiliary listing"). Its responses are bare
 * JSON (GET returns "an array of { id, name, tag }"), errors use the main API's envelope; the
 * shapes the interface leaves open are decided in docs/decisions/service.md.
 */
export const Plant = z.object({ id: z.int().positive(), name: z.string(), tag: z.string() });
export type Plant = z.infer<typeof Plant>;

export const PLANT_NAME_MAX_LENGTH = 200;
export const PLANT_TAG_MAX_LENGTH = 100;

/** `limit` is any non-negative integer; omitted, every accessible plant is returned. */
export const PlantListQuery = z.object({ limit: intParam(0, 2_147_483_647).optional() });
export type PlantListQuery = z.input<typeof PlantListQuery>;

export const PlantCreateBody = z.object({
  name: z.string('must be a string').trim().min(1, 'must not be empty').max(PLANT_NAME_MAX_LENGTH),
  tag: z.string('must be a string').max(PLANT_TAG_MAX_LENGTH).default(''),
});
export type PlantCreateBody = z.input<typeof PlantCreateBody>;

export const PlantPath = z.object({ id: intParam(1, Number.MAX_SAFE_INTEGER) });

export const DeletedPlant = z.object({ id: z.int().positive(), deleted: z.literal(true) });
export type DeletedPlant = z.infer<typeof DeletedPlant>;
