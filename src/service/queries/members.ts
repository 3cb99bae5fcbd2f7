import type { ServedMember } from '../../shared/api/served';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

const MEMBER_COLUMNS = 'id, email, status, created_at, given_name, family_name, display_name, avatar_url';

export function listMembers(db: Db, orgId: string): ServedMember[] {
  return prepared(db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = ? ORDER BY created_at, id`).all(
    orgId,
  ) as ServedMember[];
}

export function findMember(db: Db, orgId: string, memberId: string): ServedMember | undefined {
  return prepared(db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ? AND org_id = ?`).get(memberId, orgId) as
    | ServedMember
    | undefined;
}
