import { memberName } from '../../../../../shared/api';
import type { ChangesSince } from '../../../../../shared/bookmarks';
import type { CallAttribution, DealChange, WhatChanged } from '../../../../../shared/what-changed';
import type { ReplicaDatabase } from '../replica-db';
import { resolveSince } from './bookmarks';
import { historyKnownSince, journalOfDealsChangedSince } from './deal-journal';
import { type HeldDealFacts, journalChanges } from './journal-changes';

const iso = (ms: number) => new Date(ms).toISOString();

/** The interface shows LINKED as its one activity action; another service's spelling may differ in case. */
const isLinked = (action: string | null) => action?.toUpperCase() === 'LINKED';

/** NOT_MET is the local service's; `not met` or `Not-Met` from another service read the same. */
const isNotMet = (status: string | null) => status?.toUpperCase().replace(/[\s-]+/g, '_') === 'NOT_MET';

/** The seller side as the local service names it; another service's roles are only ranked lower, not refused. */
const isSellerRole = (role: string | null) => role?.toUpperCase() === 'SELLER';

/** A name as people and transcripts write it: case and spacing aside. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

interface MemberRow {
  id: string;
  email: string | null;
  display_name: string | null;
  given_name: string | null;
  family_name: string | null;
}

interface CallRow {
  id: string;
  title: string | null;
  deal_id: string | null;
  created_ms: number;
}

interface ActivityRow {
  id: string;
  deal_id: string;
  action: string | null;
  video_id: string | null;
  member_id: string | null;
  created_ms: number;
}

interface ItemRow {
  position: number;
  id: string | null;
  item_text: string | null;
  status: string | null;
}

/**
 * Every change to the deals the copy knows of since a bookmark (issue 28, "What changed"): the
 * deal journal's rows (journal-changes.ts), and from the model's tables the calls and activities
 * the service says were created since, and the checklist items not met on those new calls.
 * Everything comes from the copy, so it answers offline. A deal's change is dated when the copy
 * saw it (the sync looks every few minutes); a call or an activity when the service says it was
 * created, as the copy has no better time for them.
 */
export function whatChangedIn(db: ReplicaDatabase, since: ChangesSince, now: number): WhatChanged {
  const history = historyKnownSince(db);
  const from = resolveSince(db, since, history);
  const members = db
    .prepare<[], MemberRow>('SELECT id, email, display_name, given_name, family_name FROM members')
    .all();
  const names = Object.fromEntries(members.map((member) => [member.id, memberName(member)]));
  const undated = db
    .prepare<[], number>(
      `SELECT (SELECT count(*) FROM calls WHERE created_ms IS NULL AND removed_at IS NULL)
            + (SELECT count(*) FROM activities WHERE created_ms IS NULL)`,
    )
    .pluck()
    .get()!;
  const answer = {
    since: { at: from.at === null ? null : iso(from.at), from: from.from, name: from.name },
    until: iso(now),
    historyKnownSince: history === null ? null : iso(history),
    undated,
    names,
  };
  if (from.at === null) return { ...answer, changes: [], firstSeen: 0 };

  const dealOf = heldDeals(db);
  const window = { since: from.at, newFrom: Math.min(from.at, history ?? from.at) };
  const { changes, firstSeen } = journalChanges(journalOfDealsChangedSince(db, from.at), window, dealOf);
  changes.push(...callChanges(db, window, dealOf, members));
  // Stable: what happened at one moment stays in the order seen, a call's checklist after the call.
  changes.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return { ...answer, changes, firstSeen };
}

/** The deals as the copy holds them, each read once. */
function heldDeals(db: ReplicaDatabase): (dealId: string) => HeldDealFacts | null {
  const select = db.prepare<
    [string],
    { title: string | null; status: string | null; owner_id: string | null; created_ms: number | null; gone: number }
  >('SELECT title, status, owner_id, created_ms, removed_at IS NOT NULL AS gone FROM deals WHERE id = ?');
  const held = new Map<string, HeldDealFacts | null>();
  return (dealId) => {
    if (!held.has(dealId)) {
      const row = select.get(dealId);
      held.set(
        dealId,
        row
          ? {
              title: row.title,
              status: row.status,
              ownerId: row.owner_id,
              createdMs: row.created_ms,
              gone: row.gone === 1,
            }
          : null,
      );
    }
    return held.get(dealId)!;
  };
}

/** New calls, new activities, and the checklist items not met on the new calls. */
function callChanges(
  db: ReplicaDatabase,
  window: { since: number; newFrom: number },
  dealOf: (dealId: string) => HeldDealFacts | null,
  members: readonly MemberRow[],
): DealChange[] {
  // New as a deal is (journal-changes.ts): created since, or seen since and created after the copy began watching.
  const calls = db
    .prepare<{ since: number; newFrom: number }, CallRow>(
      `SELECT id, title, deal_id, created_ms FROM calls
       WHERE (created_ms >= :since OR (first_seen_at >= :since AND created_ms >= :newFrom))
         AND removed_at IS NULL AND coalesce(status, '') <> 'DELETED'`,
    )
    .all(window);
  // The model keeps no time an activity was first seen: it is placed by when it was created alone.
  const activities = db
    .prepare<[number], ActivityRow>(
      'SELECT id, deal_id, action, video_id, member_id, created_ms FROM activities WHERE created_ms >= ?',
    )
    .all(window.since);
  const linkedBy = db
    .prepare<[string], string>(
      `SELECT member_id FROM activities WHERE video_id = ? AND upper(action) = 'LINKED' AND member_id IS NOT NULL
       ORDER BY created_ms LIMIT 1`,
    )
    .pluck();
  const callTitle = db.prepare<[string], string | null>('SELECT title FROM calls WHERE id = ?').pluck();
  const speakerOf = speakerMembers(db, members);
  const checklist = checklistChanges(db);
  const newCalls = new Set(calls.map((call) => call.id));

  const dealPart = (dealId: string | null) => {
    const deal = dealId ? dealOf(dealId) : null;
    return { dealId, dealTitle: deal?.title ?? null, dealStatus: deal?.status ?? null, dealGone: deal?.gone ?? false };
  };
  const changes: DealChange[] = [];
  for (const call of calls) {
    const deal = dealPart(call.deal_id);
    const linker = linkedBy.get(call.id) ?? null;
    const owner = call.deal_id ? (dealOf(call.deal_id)?.ownerId ?? null) : null;
    const speaker = owner || linker ? null : speakerOf(call.id);
    const [ownerId, attributedBy]: [string | null, CallAttribution | null] = owner
      ? [owner, 'deal-owner']
      : linker
        ? [linker, 'linked']
        : speaker
          ? [speaker, 'speaker']
          : [null, null];
    const base = { ...deal, at: iso(call.created_ms), ownerId, callId: call.id, callTitle: call.title };
    changes.push({ ...base, key: `call-${call.id}`, kind: 'call', attributedBy, linkedBy: linker });
    for (const item of checklist(call)) changes.push({ ...base, ...item });
  }
  for (const activity of activities) {
    // A new call's own linking is said on the call's row.
    if (isLinked(activity.action) && activity.video_id && newCalls.has(activity.video_id)) continue;
    changes.push({
      ...dealPart(activity.deal_id),
      key: `activity-${activity.id}`,
      kind: 'activity',
      at: iso(activity.created_ms),
      ownerId: dealOf(activity.deal_id)?.ownerId ?? null,
      action: activity.action,
      callId: activity.video_id,
      callTitle: activity.video_id ? (callTitle.get(activity.video_id) ?? null) : null,
      memberId: activity.member_id,
    });
  }
  return changes;
}

/**
 * design.md's third rule for whom a call belongs to: a speaker of it whose name is a member's
 * (members are the organisation's own, so the seller side), the seller role first.
 */
function speakerMembers(db: ReplicaDatabase, members: readonly MemberRow[]): (callId: string) => string | null {
  const byName = new Map<string, string>();
  for (const member of members) {
    const full = [member.given_name, member.family_name].filter(Boolean).join(' ');
    for (const name of [member.display_name, full]) if (name?.trim()) byName.set(nameKey(name), member.id);
  }
  const speakers = db.prepare<[string], { speaker: string | null; speaker_role: string | null }>(
    'SELECT DISTINCT speaker, speaker_role FROM segments WHERE video_id = ?',
  );
  return (callId) => {
    const matches = speakers
      .all(callId)
      .filter((line) => line.speaker && byName.has(nameKey(line.speaker)))
      .sort((a, b) => Number(isSellerRole(b.speaker_role)) - Number(isSellerRole(a.speaker_role)));
    return matches[0] ? byName.get(nameKey(matches[0].speaker!))! : null;
  };
}

/**
 * The checklist items not met on a new call, each with its status on the deal's latest earlier
 * call that assessed it; one not met there too did not become so here, and is left out. Items are
 * the same item by their id, or by their text when a service leaves ids out.
 */
function checklistChanges(db: ReplicaDatabase) {
  const items = db.prepare<[string], ItemRow>(
    'SELECT position, id, item_text, status FROM checklist_items WHERE video_id = ? ORDER BY position',
  );
  const earlier = db.prepare<
    [string, string, number],
    { call_id: string; title: string | null; id: string | null; item_text: string | null; status: string | null }
  >(
    `SELECT c.id AS call_id, c.title, i.id, i.item_text, i.status
     FROM calls c JOIN checklist_items i ON i.video_id = c.id
     WHERE c.deal_id = ? AND c.id <> ? AND c.created_ms < ? AND c.removed_at IS NULL
     ORDER BY c.created_ms DESC, c.id DESC`,
  );
  const itemKey = (item: { id: string | null; item_text: string | null }) =>
    item.id ? `id ${item.id}` : `text ${item.item_text ?? ''}`;
  return (call: CallRow) => {
    const notMet = items.all(call.id).filter((item) => isNotMet(item.status));
    if (notMet.length === 0) return [];
    const was = new Map<string, { status: string | null; callId: string; callTitle: string | null }>();
    if (call.deal_id) {
      for (const row of earlier.all(call.deal_id, call.id, call.created_ms)) {
        const key = itemKey(row);
        if (!was.has(key)) was.set(key, { status: row.status, callId: row.call_id, callTitle: row.title });
      }
    }
    return notMet.flatMap((item) => {
      const before = was.get(itemKey(item)) ?? null;
      if (before && isNotMet(before.status)) return [];
      return [
        {
          key: `checklist-${call.id}-${item.position}`,
          kind: 'checklist' as const,
          item: item.item_text,
          was: before,
        },
      ];
    });
  };
}
