import { z } from 'zod';
import { Id, ReadTimestamp } from './primitives';

/** Which member fields are required is not shown; the id is what owners and authors point at. */
export const Member = z.object({
  id: Id,
  email: z.string().nullish(),
  status: z.string().nullish(),
  created_at: ReadTimestamp.nullish(),
  given_name: z.string().nullish(),
  family_name: z.string().nullish(),
  display_name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
export type Member = z.infer<typeof Member>;
export const knownMemberStatuses = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;

/** The name to show for a member: the display name, else the given and family names, else the email. */
export function memberName(member: Member): string {
  const full = [member.given_name, member.family_name].filter(Boolean).join(' ');
  return member.display_name?.trim() || full || member.email || member.id;
}
