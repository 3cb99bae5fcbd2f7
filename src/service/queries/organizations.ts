import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** The organisation's name and its first member's name, which a generated call speaks with. */
export function organizationVoices(db: Db, orgId: string): { orgName: string; firstMember: string | null } {
  return prepared(
    db,
    `SELECT o.name AS orgName,
              (SELECT display_name FROM members m WHERE m.org_id = o.id ORDER BY created_at, id LIMIT 1) AS firstMember
       FROM organizations o WHERE o.id = ?`,
  ).get(orgId) as { orgName: string; firstMember: string | null };
}
