import { z } from 'zod';
import { Id, Timestamp } from './primitives';

export const Member = z.object({
  id: Id,
  email: z.string(),
  status: z.string(),
  created_at: Timestamp,
  given_name: z.string(),
  family_name: z.string(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
});
export type Member = z.infer<typeof Member>;
export const knownMemberStatuses = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
