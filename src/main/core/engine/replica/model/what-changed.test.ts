import { describe, expect, it } from 'vitest';
import type { DealChange } from '../../../../../shared/what-changed';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { workspaceBookmarks } from './bookmarks';
import { whatChangedIn } from './what-changed';

const T0 = Date.parse('2026-11-09T09:00:00Z');
const hours = (n: number) => T0 + n * 3_600_000;
const at = (n: number) => new Date(hours(n)).toISOString();
const NOW = hours(10);

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

function put(replica: Replica, op: string, params: Record<string, unknown>, data: unknown, hour: number) {
  replica.answers.put(op, canonicalParams(params), { data, meta: { has_more: false } }, hours(hour));
}

const deal = (id: string, owner: string | null, fields: Record<string, unknown> = {}) => ({
  id,
  title: `Deal ${id}`,
  status: 'OPEN',
  owner_id: owner,
  forecast_amount: 10_000,
  close_date: '2026-12-31T00:00:00.000Z',
  created_at: at(-24 * 60),
  updated_at: at(-24 * 60),
  ...fields,
});

const call = (id: string, dealId: string | null, hour: number | null) => ({
  id,
  title: `Call ${id}`,
  status: 'READY',
  deal_id: dealId,
  created_at: hour === null ? undefined : at(hour),
  updated_at: at(0),
});

const items = (...statuses: [id: string, status: string][]) => ({
  id: 'chk',
  status: 'COMPLETED',
  items: statuses.map(([id, status]) => ({ id, item_text: `Item ${id}`, status, evidence: [] })),
});

/**
 * A workspace the copy first synced three days before the bookmark (hour 0), and what it saw after:
 * a status change and its undoing, a new deal, calls new and old with their activity and checklists.
 */
function workspace(): Replica {
  const replica = memoryReplica();
  put(
    replica,
    'listMembers',
    {},
    [
      { id: 'mem_ana', given_name: 'Ana', family_name: 'Silva', display_name: 'Ana Silva' },
      { id: 'mem_ben', display_name: 'Ben Ode' },
    ],
    -72,
  );
  put(replica, 'listDeals', { limit: 100 }, [deal('acme', 'mem_ana'), deal('beta', null)], -72);
  put(replica, 'listVideos', { limit: 100 }, [call('old', 'acme', -50), call('older', 'beta', -60)], -72);
  put(replica, 'getChecklist', { id: 'old' }, items(['budget', 'MET'], ['timeline', 'NOT_MET']), -72);

  put(replica, 'listDeals', { limit: 100 }, [deal('acme', 'mem_ana', { status: 'WON' }), deal('beta', null)], 1);
  put(
    replica,
    'listDeals',
    { limit: 100 },
    [deal('fresh', 'mem_ben', { created_at: at(2) }), deal('acme', 'mem_ana'), deal('beta', null)],
    3,
  );
  put(
    replica,
    'listVideos',
    { limit: 100 },
    [
      call('unlinked', null, 5),
      call('onbeta', 'beta', 4),
      call('onacme', 'acme', 2),
      call('undated', null, null),
      call('old', 'acme', -50),
      call('older', 'beta', -60),
    ],
    6,
  );
  put(
    replica,
    'getChecklist',
    { id: 'onacme' },
    items(['budget', 'not met'], ['timeline', 'NOT_MET'], ['next', 'NOT_MET'], ['pain', 'MET']),
    6,
  );
  put(
    replica,
    'listActivities',
    { id: 'beta' },
    [
      { id: 'act_new', action: 'LINKED', video_id: 'onbeta', member_id: 'mem_ben', created_at: at(4) },
      { id: 'act_late', action: 'LINKED', video_id: 'older', member_id: 'mem_ana', created_at: at(5) },
      { id: 'act_before', action: 'LINKED', video_id: 'older', member_id: 'mem_ana', created_at: at(-60) },
    ],
    6,
  );
  put(
    replica,
    'getTranscript',
    { id: 'unlinked' },
    [
      { id: 's1', text: 'Hello', start: 0, speaker: 'Kim Buyer', speaker_role: 'BUYER' },
      { id: 's2', text: 'Hi', start: 2, speaker: 'ana  silva', speaker_role: 'SELLER' },
    ],
    6,
  );
  return replica;
}

/** Each change in a few words, to compare whole lists. */
function said(change: DealChange): string {
  const who = `${change.dealId ?? '-'} ${change.ownerId ?? '-'}`;
  switch (change.kind) {
    case 'status':
      return `${who} status ${change.before}→${change.after}`;
    case 'new-deal':
      return `${who} new deal`;
    case 'call':
      return `${who} call ${change.callId} by ${change.attributedBy} linked ${change.linkedBy}`;
    case 'activity':
      return `${who} ${change.action} ${change.callId} by ${change.memberId}`;
    case 'checklist':
      return `${who} ${change.callId}: ${change.item} not met, was ${change.was ? `${change.was.status} on ${change.was.callId}` : 'never assessed'}`;
    default:
      return `${who} ${change.kind}`;
  }
}

describe('what changed since a bookmark, from the copy', () => {
  it('lists the deals’ changes, new calls with whom they belong to, new activity and checklist items that became not met', () => {
    const replica = workspace();
    workspaceBookmarks(replica.db).markReviewed(hours(0), hours(0));
    const result = whatChangedIn(replica.db, { kind: 'last-look' }, NOW);
    expect(result.changes.map(said)).toEqual([
      '- mem_ana call unlinked by speaker linked null',
      'beta - LINKED older by mem_ana',
      'beta mem_ben call onbeta by linked linked mem_ben',
      'fresh mem_ben new deal',
      'acme mem_ana status WON→OPEN',
      'acme mem_ana call onacme by deal-owner linked null',
      'acme mem_ana onacme: Item budget not met, was MET on old',
      'acme mem_ana onacme: Item next not met, was never assessed',
      'acme mem_ana status OPEN→WON',
    ]);
    expect(result).toMatchObject({
      since: { at: at(0), from: 'last-look', name: null },
      until: new Date(NOW).toISOString(),
      historyKnownSince: at(-72),
      firstSeen: 0,
      undated: 1,
      names: { mem_ana: 'Ana Silva', mem_ben: 'Ben Ode' },
    });
  });

  it('with no last look marked yet lists from the start of the copy’s history, counting the deals first seen then', () => {
    const result = whatChangedIn(workspace().db, { kind: 'last-look' }, NOW);
    expect(result.since).toEqual({ at: at(-72), from: 'history-start', name: null });
    expect(result.firstSeen).toBe(2);
    expect(result.changes.map(said)).toContain('acme mem_ana call old by deal-owner linked null');
  });

  it('reads from a named bookmark or a moment; a bookmark gone is not found, and an empty copy knows no history', () => {
    const replica = workspace();
    const { named } = workspaceBookmarks(replica.db).save('Forecast call', hours(2.5), NOW);
    const fromBookmark = whatChangedIn(replica.db, { kind: 'bookmark', id: named[0]!.id }, NOW);
    expect(fromBookmark.since).toEqual({ at: at(2.5), from: 'bookmark', name: 'Forecast call' });
    // The deal and the call created at hour 2, before the bookmark, reached the copy only after it: new all the same.
    expect(fromBookmark.changes.map(said)).toEqual([
      '- mem_ana call unlinked by speaker linked null',
      'beta - LINKED older by mem_ana',
      'beta mem_ben call onbeta by linked linked mem_ben',
      'fresh mem_ben new deal',
      'acme mem_ana status WON→OPEN',
      'acme mem_ana call onacme by deal-owner linked null',
      'acme mem_ana onacme: Item budget not met, was MET on old',
      'acme mem_ana onacme: Item next not met, was never assessed',
    ]);

    // The calls of hours 2 and 4 reached the copy at hour 6: new since 4.5 too. The status moves were seen before.
    const fromMoment = whatChangedIn(replica.db, { kind: 'moment', at: at(4.5) }, NOW);
    expect(fromMoment.changes.map(said)).toEqual([
      '- mem_ana call unlinked by speaker linked null',
      'beta - LINKED older by mem_ana',
      'beta mem_ben call onbeta by linked linked mem_ben',
      'acme mem_ana call onacme by deal-owner linked null',
      'acme mem_ana onacme: Item budget not met, was MET on old',
      'acme mem_ana onacme: Item next not met, was never assessed',
    ]);
    // Before the copy's history: the deals' changes from its start, the calls by when they were created.
    const beforeHistory = whatChangedIn(replica.db, { kind: 'moment', at: at(-100) }, NOW);
    expect(beforeHistory).toMatchObject({ historyKnownSince: at(-72), firstSeen: 2 });
    expect(beforeHistory.changes.map(said).slice(-3)).toEqual([
      'acme mem_ana call old by deal-owner linked null',
      'acme mem_ana old: Item timeline not met, was never assessed',
      'beta mem_ana call older by linked linked mem_ana',
    ]);

    expect(() => whatChangedIn(replica.db, { kind: 'bookmark', id: 'bm_gone' }, NOW)).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    expect(whatChangedIn(memoryReplica().db, { kind: 'last-look' }, NOW)).toMatchObject({
      since: { at: null, from: 'history-start' },
      historyKnownSince: null,
      changes: [],
    });
  });
});
