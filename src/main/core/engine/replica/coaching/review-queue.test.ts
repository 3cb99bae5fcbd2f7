import { describe, expect, it } from 'vitest';
import { syntheticCopy } from '../../../testing/synthetic-copy';
import { oneOnOneCalls, writeReviewDecision, writeReviewPass } from './review-decisions';
import { reviewQueue } from './review-queue';
import { workspaceTrackers } from './trackers';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/** Ana owns deal_ana; each call is READY, processed `days` ago. */
function copyWith(calls: Record<string, number>) {
  const copy = syntheticCopy();
  copy.members({ id: 'mem_ana', display_name: 'Ana' }, { id: 'mem_ben', display_name: 'Ben' });
  copy.deal('deal_ana', { owner_id: 'mem_ana', forecast_amount: 50_000 });
  copy.deal('deal_ben', { owner_id: 'mem_ben' });
  for (const [id, days] of Object.entries(calls)) {
    copy.call(id, { deal_id: 'deal_ana', created_at: daysAgo(days + 1), processed_at: daysAgo(days) });
  }
  return copy;
}

const queued = (copy: ReturnType<typeof syntheticCopy>, now = NOW, windowDays: number | null = 14) =>
  reviewQueue(copy.db, { windowDays }, now).calls.map((call) => call.callId);

describe('the review queue', () => {
  it('holds, before the first pass, the calls that came in within the window, newest first', () => {
    const copy = copyWith({ vid_new: 1, vid_week: 7, vid_old: 30 });
    // Neither READY nor analysed: it has not come in.
    copy.call('vid_uploading', { deal_id: 'deal_ana', status: 'UPLOADING', created_at: daysAgo(1) });
    expect(queued(copy)).toEqual(['vid_new', 'vid_week']);
    expect(queued(copy, NOW, null)).toEqual(['vid_new', 'vid_week', 'vid_old']);
    const queue = reviewQueue(copy.db, { windowDays: 14 }, NOW);
    expect(queue.lastPassAt).toBeNull();
    expect(queue.since).toBe(daysAgo(14));
  });

  it('takes a call in when its newest analysis finished, even long after it became READY', () => {
    const copy = copyWith({ vid_old: 30 });
    const result = { summary: 'Fine.' };
    copy.analyses('vid_old', [
      { id: 'ana_2', status: 'completed', result, finished_at: daysAgo(2) },
      { id: 'ana_1', status: 'completed', result, finished_at: daysAgo(29) },
      // A failed analysis, and one still running, are no analysis.
      { id: 'ana_3', status: 'failed', finished_at: daysAgo(1), error: { code: 'transcript_unavailable' } },
      { id: 'ana_4', status: 'processing', updated_at: daysAgo(0.5) },
    ]);
    const [call] = reviewQueue(copy.db, { windowDays: 14 }, NOW).calls;
    expect(call?.callId).toBe('vid_old');
    expect(call?.cameAt).toBe(daysAgo(2));
    // A service that gives no finish time: when the analysis was last updated.
    copy.analyses('vid_old', [{ id: 'ana_5', status: 'DONE', result, updated_at: daysAgo(3) }]);
    expect(reviewQueue(copy.db, { windowDays: 14 }, NOW).calls[0]?.cameAt).toBe(daysAgo(3));
  });

  it('holds, after a pass, only the calls that came in since it, whatever the window', () => {
    const copy = copyWith({ vid_before: 3, vid_after: 1 });
    writeReviewPass(copy.db, NOW - 2 * DAY, NOW);
    expect(queued(copy)).toEqual(['vid_after']);
    expect(reviewQueue(copy.db, { windowDays: 14 }, NOW).lastPassAt).toBe(daysAgo(2));
    // Undone: the pass before (none) is written back.
    writeReviewPass(copy.db, null, NOW);
    expect(queued(copy)).toEqual(['vid_after', 'vid_before']);
    expect(() => writeReviewPass(copy.db, NOW + DAY, NOW)).toThrow(/moment that has come/);
  });

  it('drops a decided call at once, and takes it back when the decision is undone', () => {
    const copy = copyWith({ vid_a: 1, vid_b: 2, vid_c: 3 });
    const reviewed = writeReviewDecision(copy.db, 'vid_a', { kind: 'reviewed', snoozeUntil: null }, NOW);
    writeReviewDecision(copy.db, 'vid_b', { kind: 'dismissed', snoozeUntil: null }, NOW);
    expect(queued(copy)).toEqual(['vid_c']);
    expect(reviewed).toEqual({ callId: 'vid_a', before: null, after: { kind: 'reviewed', snoozeUntil: null } });

    // A second decision replaces the first; undoing it writes the first back.
    const changed = writeReviewDecision(copy.db, 'vid_a', { kind: 'one-on-one', snoozeUntil: null }, NOW);
    expect(changed.before).toEqual({ kind: 'reviewed', snoozeUntil: null });
    writeReviewDecision(copy.db, 'vid_a', changed.before, NOW);
    writeReviewDecision(copy.db, 'vid_b', null, NOW);
    expect(queued(copy)).toEqual(['vid_b', 'vid_c']);
  });

  it('brings a snoozed call back on its date, whatever the pass, and refuses a snooze that has ended', () => {
    const copy = copyWith({ vid_a: 1, vid_b: 2 });
    const until = new Date(NOW + 3 * DAY).toISOString();
    writeReviewDecision(copy.db, 'vid_a', { kind: 'snoozed', snoozeUntil: until }, NOW);
    writeReviewPass(copy.db, NOW, NOW);
    expect(queued(copy)).toEqual([]);
    expect(queued(copy, NOW + 3 * DAY - 1)).toEqual([]);
    const back = reviewQueue(copy.db, { windowDays: 14 }, NOW + 3 * DAY).calls;
    expect(back.map((call) => [call.callId, call.snoozedUntil])).toEqual([['vid_a', until]]);
    expect(() =>
      writeReviewDecision(copy.db, 'vid_b', { kind: 'snoozed', snoozeUntil: new Date(NOW).toISOString() }, NOW),
    ).toThrow(/later day/);
  });

  it('gives each call its reasons: items not met or partly met, a seller monologue of a minute or more', () => {
    const copy = copyWith({ vid_a: 1, vid_b: 2 });
    copy.checklist('vid_a', [
      { item_text: 'Pain', status: 'NOT_MET' },
      { item_text: 'Budget', status: 'PARTIALLY_MET' },
      { item_text: 'Next step', status: 'MET' },
      // A status the interface does not list is no miss.
      { item_text: 'Timeline', status: 'SKIPPED' },
    ]);
    copy.transcript('vid_a', [
      { speaker: 'Ana', start: 0, end: 95 },
      { speaker: 'Buyer', role: 'BUYER', start: 95, end: 100 },
    ]);
    copy.transcript('vid_b', [
      { speaker: 'Ana', start: 0, end: 40 },
      { speaker: 'Buyer', role: 'BUYER', start: 40, end: 100 },
    ]);
    const calls = reviewQueue(copy.db, { windowDays: 14 }, NOW).calls;
    expect(calls.find((call) => call.callId === 'vid_a')).toMatchObject({
      memberId: 'mem_ana',
      rule: 'deal-owner',
      dealId: 'deal_ana',
      dealAmount: 50_000,
      reasons: [
        { kind: 'not-met', item: 'Pain' },
        { kind: 'partly-met', item: 'Budget' },
        { kind: 'monologue', seconds: 95 },
      ],
    });
    expect(calls.find((call) => call.callId === 'vid_b')?.reasons).toEqual([]);
    // The open deal of a queued call comes with the facts its warnings are read from.
    const queue = reviewQueue(copy.db, { windowDays: 14 }, NOW);
    expect(queue.deals.map((deal) => deal.id)).toEqual(['deal_ana']);
    expect(Object.keys(queue.facts)).toEqual(['deal_ana']);
  });

  it('gives a call made since the pass one reason per tracker it mentions, with the mentions', () => {
    const copy = copyWith({ vid_new: 1 });
    // Made before the pass, come in after it (READY later): its mentions are not new.
    copy.call('vid_made_before', { deal_id: 'deal_ana', created_at: daysAgo(5), processed_at: daysAgo(1) });
    const said = (text: string) => ({ speaker: 'Buyer', role: 'BUYER', start: 0, end: 5, text });
    copy.transcript('vid_new', [said('What is the pricing?'), said('Pricing again.'), said('Send a contract.')]);
    copy.transcript('vid_made_before', [said('Our pricing question.')]);
    const trackers = workspaceTrackers(copy.db);
    const side = 'any' as const;
    const scope = { kind: 'all' as const };
    const pricing = trackers.save({ name: 'Pricing', phrases: ['pricing'], side, scope }, undefined, NOW).after;
    const contract = trackers.save({ name: 'Contract', phrases: ['contract'], side, scope }, undefined, NOW).after;
    trackers.save({ name: 'Legal', phrases: ['lawyer'], side, scope }, undefined, NOW);
    writeReviewPass(copy.db, NOW - 3 * DAY, NOW);

    const calls = reviewQueue(copy.db, { windowDays: 14 }, NOW).calls;
    expect(calls.map(({ callId, reasons }) => [callId, reasons])).toEqual([
      [
        'vid_new',
        [
          { kind: 'tracker-hit', trackerId: contract!.id, tracker: 'Contract', mentions: 1 },
          { kind: 'tracker-hit', trackerId: pricing!.id, tracker: 'Pricing', mentions: 2 },
        ],
      ],
      ['vid_made_before', []],
    ]);
  });

  it('counts each rep’s coverage over the window, not moved by a pass', () => {
    const copy = copyWith({ vid_a: 1, vid_b: 2, vid_c: 3, vid_d: 4, vid_old: 30 });
    copy.call('vid_ben', { deal_id: 'deal_ben', processed_at: daysAgo(1) });
    writeReviewDecision(copy.db, 'vid_a', { kind: 'reviewed', snoozeUntil: null }, NOW);
    writeReviewDecision(copy.db, 'vid_b', { kind: 'one-on-one', snoozeUntil: null }, NOW);
    writeReviewDecision(copy.db, 'vid_c', { kind: 'snoozed', snoozeUntil: new Date(NOW + DAY).toISOString() }, NOW);
    const coverage = reviewQueue(copy.db, { windowDays: 14 }, NOW).coverage;
    expect(coverage).toEqual(
      expect.arrayContaining([
        { memberId: 'mem_ana', calls: 4, reviewed: 1, oneOnOne: 1, dismissed: 0, snoozed: 1, waiting: 1 },
        { memberId: 'mem_ben', calls: 1, reviewed: 0, oneOnOne: 0, dismissed: 0, snoozed: 0, waiting: 1 },
      ]),
    );
    writeReviewPass(copy.db, NOW, NOW);
    const afterPass = reviewQueue(copy.db, { windowDays: 14 }, NOW).coverage;
    expect(afterPass.find((rep) => rep.memberId === 'mem_ana')).toMatchObject({ calls: 4, reviewed: 1, waiting: 0 });
  });
});

describe('the calls added to a rep’s next 1:1', () => {
  it('are the rep’s calls decided `2` after their last 1:1, newest decision first', () => {
    const copy = copyWith({ vid_a: 1, vid_b: 2, vid_c: 3 });
    copy.call('vid_ben', { deal_id: 'deal_ben', processed_at: daysAgo(1) });
    writeReviewDecision(copy.db, 'vid_c', { kind: 'one-on-one', snoozeUntil: null }, NOW - 2 * DAY);
    writeReviewDecision(copy.db, 'vid_a', { kind: 'one-on-one', snoozeUntil: null }, NOW - DAY);
    writeReviewDecision(copy.db, 'vid_b', { kind: 'reviewed', snoozeUntil: null }, NOW);
    writeReviewDecision(copy.db, 'vid_ben', { kind: 'one-on-one', snoozeUntil: null }, NOW);
    expect(oneOnOneCalls(copy.db, { memberId: 'mem_ana' }).map((call) => call.callId)).toEqual(['vid_a', 'vid_c']);
    expect(
      oneOnOneCalls(copy.db, { memberId: 'mem_ana', since: new Date(NOW - 1.5 * DAY).toISOString() }),
    ).toMatchObject([{ callId: 'vid_a', dealTitle: 'deal_ana', decidedAt: new Date(NOW - DAY).toISOString() }]);
  });
});
