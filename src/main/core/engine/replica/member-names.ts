import { type Member, memberName } from '../../../../shared/api';
import type { NameOf } from '../../../../shared/copy-scope';
import { canonicalParams } from './replica-answers';
import type { ReplicaDatabase } from './replica-db';

/** Members by name as the team list the copy holds gives them (the sync reads it each round); an unknown id stays an id. */
export function memberNames(db: ReplicaDatabase): NameOf {
  const body = db
    .prepare<[string, string], string>('SELECT body FROM answers WHERE op = ? AND params = ?')
    .pluck()
    .get('listMembers', canonicalParams({}));
  const data = body ? (JSON.parse(body) as { data?: unknown }).data : null;
  const members = Array.isArray(data) ? data.filter((member): member is Member => typeof member?.id === 'string') : [];
  const names = new Map(members.map((member) => [member.id, memberName(member)]));
  return (memberId) => names.get(memberId) ?? memberId;
}
