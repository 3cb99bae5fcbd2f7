import { describe, expect, it } from 'vitest';
import type { NotificationRule, NotificationSettings, TrackerHit } from '../../../../../shared/notification-rules';
import type { TrackerDefinition } from '../../../../../shared/trackers';
import { workspaceTrackers } from '../coaching/trackers';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { notificationStore } from './notification-store';
import { evaluateRules } from './rule-evaluation';

const T0 = Date.parse('2026-11-09T09:00:00Z');
const hours = (n: number) => T0 + n * 3_600_000;
const at = (n: number) => new Date(hours(n)).toISOString();
/** In these tests the copy's clock and the app's are one. */
const moment = (n: number) => ({ copy: hours(n), clock: hours(n) });

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

function put(replica: Replica, op: string, params: Record<string, unknown>, data: unknown, hour: number) {
  replica.answers.put(op, canonicalParams(params), { data, meta: { has_more: false } }, hours(hour));
}

const deal = (id: string, owner: string, amount: number, fields: Record<string, unknown> = {}) => ({
  id,
  title: `Deal ${id}`,
  status: 'OPEN',
  owner_id: owner,
  forecast_amount: amount,
  close_date: '2026-12-01T00:00:00.000Z',
  created_at: at(-24 * 30),
  updated_at: at(-24 * 30),
  ...fields,
});

const scored = (record: ReturnType<typeof deal>, probability: number) => ({
  ...record,
  probability,
  score_factors: [],
});

const call = (id: string, dealId: string, hour: number) => ({
  id,
  title: `Call ${id}`,
  status: 'READY',
  deal_id: dealId,
  created_at: at(hour),
  updated_at: at(hour),
});

const rule = (fields: Record<string, unknown>): NotificationRule =>
  ({ team: { kind: 'all' }, delivery: 'now', ...fields }) as NotificationRule;

const settings = (rules: NotificationRule[]): NotificationSettings => ({ rules, digestAt: '08:30', quietHours: null });

/**
 * Two deals the copy synced a day before the rules were written (hour 0): Acme of 60,000 (Ana's)
 * and Beta of 20,000 (Ben's), each scored at 70.
 */
function workspace(): Replica {
  const replica = memoryReplica();
  put(
    replica,
    'listMembers',
    {},
    [
      { id: 'mem_ana', display_name: 'Ana Silva' },
      { id: 'mem_ben', display_name: 'Ben Ode' },
    ],
    -24,
  );
  put(replica, 'listDeals', { limit: 100 }, [deal('acme', 'mem_ana', 60_000), deal('beta', 'mem_ben', 20_000)], -24);
  put(replica, 'getDeal', { id: 'acme' }, scored(deal('acme', 'mem_ana', 60_000), 70), -24);
  put(replica, 'getDeal', { id: 'beta' }, scored(deal('beta', 'mem_ben', 20_000), 70), -24);
  return replica;
}

/** After the rules: Acme loses 20 points, Beta 10; Acme's close date is pushed twice; a call on each. */
function theNight(replica: Replica) {
  put(replica, 'getDeal', { id: 'acme' }, scored(deal('acme', 'mem_ana', 60_000), 50), 2);
  put(replica, 'getDeal', { id: 'beta' }, scored(deal('beta', 'mem_ben', 20_000), 60), 2);
  const pushed = (date: string) => deal('acme', 'mem_ana', 60_000, { close_date: date });
  put(replica, 'listDeals', { limit: 100 }, [pushed('2027-01-01T00:00:00.000Z'), deal('beta', 'mem_ben', 20_000)], 2);
  put(replica, 'listDeals', { limit: 100 }, [pushed('2027-02-01T00:00:00.000Z'), deal('beta', 'mem_ben', 20_000)], 3);
  put(replica, 'listVideos', { limit: 100 }, [call('on-acme', 'acme', 3), call('on-beta', 'beta', 3)], 3);
}

describe('notification rules over the copy’s changes', () => {
  it('each rule kind fires on its event once, and a change below its threshold or outside the team does not', () => {
    const replica = workspace();
    const store = notificationStore(replica.db);
    store.save(
      settings([
        rule({ id: 'drop', kind: 'probability-drop', points: 15 }),
        rule({
          id: 'drop-ben',
          kind: 'probability-drop',
          points: 5,
          team: { kind: 'members', memberIds: ['mem_ben'] },
        }),
        rule({ id: 'drop-big', kind: 'probability-drop', points: 25 }),
        rule({ id: 'pushed', kind: 'close-date-pushed', count: 2, delivery: 'digest' }),
        rule({ id: 'pushed-thrice', kind: 'close-date-pushed', count: 3 }),
        rule({ id: 'call', kind: 'new-call-on-large-deal', amount: 50_000 }),
      ]),
      moment(1),
    );
    theNight(replica);

    expect(store.evaluate(moment(4))).toBe(4);
    // The next round sees nothing new: nothing is told twice.
    expect(store.evaluate(moment(5))).toBe(0);

    const shown = store.takeNow(hours(5));
    expect(shown.map((hit) => [hit.ruleId, hit.title, hit.body, hit.target])).toEqual([
      ['drop', 'Win probability down 20 points', 'Deal acme (Ana Silva): 70% → 50%', { screen: 'deal', id: 'acme' }],
      ['drop-ben', 'Win probability down 10 points', 'Deal beta (Ben Ode): 70% → 60%', { screen: 'deal', id: 'beta' }],
      [
        'call',
        'New call on a deal of 60,000',
        'Call on-acme · Deal acme (Ana Silva)',
        { screen: 'call', id: 'on-acme' },
      ],
    ]);
    expect(store.takeNow(hours(6))).toEqual([]);

    const digest = store.sendDigest(moment(7));
    expect(digest?.hits.map((hit) => [hit.ruleId, hit.title])).toEqual([
      ['pushed', 'Close date pushed out a 2nd time'],
    ]);
    expect(digest?.changes).toMatchObject({ probability: 2, 'close-date': 2, call: 2 });
    // The calls waiting in the review queue when it is sent; no tracker is defined, so no hits.
    expect(digest).toMatchObject({ trackerHits: [], since: at(1), at: at(7) });
    expect(digest?.reviewQueue?.map(({ callId }) => callId).sort()).toEqual(['on-acme', 'on-beta']);
    expect(store.view()).toMatchObject({ held: 0, inNextDigest: 0, digest: { id: digest!.id }, recent: { length: 3 } });
  });

  it('knows nothing before the first save: what happened before the rules were written is not news', () => {
    const replica = workspace();
    theNight(replica);
    const store = notificationStore(replica.db);
    expect(store.evaluate(moment(4))).toBe(0);
    store.save(settings([rule({ id: 'drop', kind: 'probability-drop', points: 15 })]), moment(4));
    expect(store.evaluate(moment(5))).toBe(0);
    expect(store.sendDigest(moment(6))).toBeNull();
  });

  it('a save says what it replaced, and saving that again undoes it', () => {
    const store = notificationStore(workspace().db);
    const first = settings([rule({ id: 'drop', kind: 'probability-drop', points: 15 })]);
    store.save(first, moment(1));
    const change = store.save({ ...first, quietHours: { from: '22:00', to: '07:00' } }, moment(2));
    expect(change.before).toEqual(first);
    store.save(change.before, moment(3));
    expect(store.settings()).toEqual(first);
  });
});

describe('the tracker rule, against the trackers’ hits', () => {
  it('fires on a line of a tracker the buyer said on a new call, and the digest lists the tracker’s lines', () => {
    const replica = workspace();
    const store = notificationStore(replica.db);
    const definition: TrackerDefinition = {
      name: 'Pricing',
      phrases: ['pricing'],
      side: 'any',
      scope: { kind: 'all' },
    };
    const pricing = workspaceTrackers(replica.db).save(definition, undefined, hours(0)).after!;
    store.save(
      settings([rule({ id: 'buyer', kind: 'tracker-said', trackerId: pricing.id, side: 'buyer', delivery: 'digest' })]),
      moment(1),
    );
    theNight(replica);
    const line = (id: string, text: string, role: string) => ({ id, text, speaker: role, speaker_role: role });
    const said = [line('s1', 'What is your pricing?', 'BUYER'), line('s2', 'Pricing is per seat.', 'SELLER')];
    put(replica, 'getTranscript', { id: 'on-acme' }, said, 3);

    expect(store.evaluate(moment(4))).toBe(1);
    const digest = store.sendDigest(moment(7));
    expect(digest?.hits.map((hit) => [hit.ruleId, hit.target])).toEqual([['buyer', { screen: 'call', id: 'on-acme' }]]);
    const hit = (segmentId: string, role: string, text: string) => ({
      key: `${pricing.id}:on-acme:${segmentId}`,
      trackerId: pricing.id,
      trackerName: 'Pricing',
      callId: 'on-acme',
      callTitle: 'Call on-acme',
      dealId: 'acme',
      ownerId: 'mem_ana',
      speakerRole: role,
      text,
      at: at(3),
    });
    expect(digest?.trackerHits).toEqual([
      hit('s1', 'BUYER', 'What is your pricing?'),
      hit('s2', 'SELLER', 'Pricing is per seat.'),
    ]);
  });

  const hit = (key: string, role: string, ownerId = 'mem_ana'): TrackerHit => ({
    key,
    trackerId: 'trk_price',
    trackerName: 'Pricing',
    callId: 'c1',
    callTitle: 'Discovery',
    dealId: 'acme',
    ownerId,
    speakerRole: role,
    text: 'what does it cost',
    at: at(2),
  });
  const facts = { dealAmount: () => null, memberName: () => null };

  it('fires on the tracker said by the side chosen, for the team chosen', () => {
    const rules = [
      rule({ id: 'buyer', kind: 'tracker-said', trackerId: 'trk_price', side: 'buyer' }),
      rule({ id: 'any-tracker', kind: 'tracker-said', trackerId: null, side: 'anyone' }),
      rule({ id: 'other', kind: 'tracker-said', trackerId: 'trk_other', side: 'anyone' }),
      rule({
        id: 'ben',
        kind: 'tracker-said',
        trackerId: null,
        side: 'anyone',
        team: { kind: 'members', memberIds: ['mem_ben'] },
      }),
    ];
    const matches = evaluateRules(rules, [], [hit('h1', 'BUYER'), hit('h2', 'SELLER')], facts);
    expect(matches.map((match) => `${match.ruleId} ${match.changeKey}`)).toEqual([
      'buyer tracker-h1',
      'any-tracker tracker-h1',
      'any-tracker tracker-h2',
    ]);
    expect(matches[0]).toMatchObject({ title: '“Pricing” said by the buyer', target: { screen: 'call', id: 'c1' } });
  });
});
