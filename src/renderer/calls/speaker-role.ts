import { knownSpeakerRoles } from '../../shared/api';

/** A class for a speaker's role: the roles Callscope knows have their colour; any other role is styled as "other". */
export function roleClass(role: string | null): string {
  return role && (knownSpeakerRoles as readonly string[]).includes(role) ? `role-${role.toLowerCase()}` : 'role-other';
}
