import { z } from 'zod';

/**
 * design.md "Decisions on the interface's gaps": the seven scopes of the main API and what each
 * allows, and `plants:write` for POST and DELETE on the auxiliary listing (docs/decisions/service.md).
 */
export const Scope = z.enum([
  'videos:read',
  'videos:analyze',
  'deals:read',
  'deals:score',
  'members:read',
  'search:read',
  'webhooks:manage',
  'plants:write',
]);
export type Scope = z.infer<typeof Scope>;
export const allScopes: readonly Scope[] = Scope.options;

/** Keys begin with the service prefix and an underscore (interface, Authentication 2). */
export const KEY_PREFIX = 'sci_';
