import type { Member } from '../../shared/api/members';
import type { Db } from '../db/database';

const MEMBER_COLUMNS = 'id, email, status, created_at, given_name, family_name, display_name, avatar_url';

export function listMembers(db: Db, orgId: string): Member[] {
  return db
    .prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = ? ORDER BY created_at, id`)
    .all(orgId) as Member[];
}

export function findMember(db: Db, orgId: string, memberId: string): Member | undefined {
  return db.prepare(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ? AND org_id = ?`).get(memberId, orgId) as
    | Member
    | undefined;
}
