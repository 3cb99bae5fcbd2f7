import type { AttributionRule } from '../../../../../shared/bridge';
import type { ReplicaDatabase } from '../replica-db';

/** Whose a call is, and by which rule; `memberId` null: unattributed. */
export type CallOwner = { memberId: string; rule: AttributionRule } | { memberId: null; rule: null };

/**
 * The calls a coaching screen counts: held as a list or its own read gave them, not deleted, not
 * found gone by a whole walk of the list. A condition on `calls` named `c`.
 */
export const COUNTED_CALL = `c.body IS NOT NULL AND coalesce(c.status, '') <> 'DELETED' AND c.removed_at IS NULL`;

/**
 * A side of a call is the seller's when the service names its role so, in any case (design.md:
 * SELLER). The index `segments_by_seller` (replica-schema.ts) is on this very expression.
 */
export const SELLER_SIDE = `upper(trim(coalesce(speaker_role, ''))) = 'SELLER'`;

/** A name as a match compares it: composed the same way, spaces collapsed, case folded. */
const nameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A call's seller-side speakers, the one with the most lines first, the first to speak on a tie. */
export const SELLERS_OF_CALL = `SELECT speaker, count(*) AS lines, min(position) AS first FROM segments
  WHERE video_id = ? AND ${SELLER_SIDE} AND speaker IS NOT NULL
  GROUP BY speaker ORDER BY lines DESC, first`;

interface CallFacts {
  id: string;
  owner: string | null;
  linked: string | null;
}

/**
 * Each of these calls' owner by the rule of docs/coaching.md ("Whose call it is"), in order:
 * 1. the owner of the call's deal, as the copy holds the deal;
 * 2. else the member of that deal's LINKED activity for the call (the newest first page of the
 *    deal's activity the copy holds);
 * 3. else the seller-side speaker whose name is a member's display name (or, for a member without
 *    one, given and family name): the one with the most lines when several are, the first to
 *    speak on a tie; a name two members share names neither;
 * otherwise unattributed. Calls the copy does not hold are left out.
 */
export function callOwners(db: ReplicaDatabase, callIds: readonly string[]): Map<string, CallOwner> {
  const facts = db
    .prepare<[string], CallFacts>(
      `SELECT c.id, d.owner_id AS owner,
         (SELECT a.member_id FROM activities a
          WHERE a.deal_id = c.deal_id AND a.video_id = c.id AND upper(a.action) = 'LINKED' AND a.member_id IS NOT NULL
          ORDER BY a.rank IS NULL, a.rank, a.created_ms DESC LIMIT 1) AS linked
       FROM calls c
       LEFT JOIN deals d ON d.id = c.deal_id AND d.body IS NOT NULL
       WHERE c.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(callIds));
  const sellers = db.prepare<[string], { speaker: string; lines: number; first: number }>(SELLERS_OF_CALL);
  let byName: Map<string, string | null> | undefined;
  const memberNamed = (speaker: string) => {
    byName ??= membersByName(db);
    return byName.get(nameKey(speaker)) ?? null;
  };

  const owners = new Map<string, CallOwner>();
  for (const call of facts) {
    if (call.owner) owners.set(call.id, { memberId: call.owner, rule: 'deal-owner' });
    else if (call.linked) owners.set(call.id, { memberId: call.linked, rule: 'linked-activity' });
    else {
      byName ??= membersByName(db);
      // No member has a name a speaker could have: the lines need not be read (a call's are hundreds).
      const spoken = byName.size === 0 ? [] : sellers.all(call.id);
      const memberId = spoken.map((line) => memberNamed(line.speaker)).find((id) => id !== null) ?? null;
      owners.set(call.id, memberId ? { memberId, rule: 'speaker-name' } : { memberId: null, rule: null });
    }
  }
  return owners;
}

/** Members by the name a speaker would be given; null for a name two members share. */
function membersByName(db: ReplicaDatabase): Map<string, string | null> {
  const members = db
    .prepare<[], { id: string; display_name: string | null; given_name: string | null; family_name: string | null }>(
      'SELECT id, display_name, given_name, family_name FROM members',
    )
    .all();
  const byName = new Map<string, string | null>();
  for (const member of members) {
    const name =
      member.display_name?.trim() || [member.given_name, member.family_name].filter(Boolean).join(' ').trim();
    if (!name) continue;
    const key = nameKey(name);
    byName.set(key, byName.has(key) && byName.get(key) !== member.id ? null : member.id);
  }
  return byName;
}
