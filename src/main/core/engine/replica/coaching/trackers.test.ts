import { describe, expect, it } from 'vitest';
import type { TrackerDefinition } from '../../../../../shared/trackers';
import { syntheticCopy } from '../../../testing/synthetic-copy';
import { firstMentionLate, trackerDeals, trackerHitsSince, trackerLines } from './tracker-report';
import { trackerReportIn } from './tracker-service-calls';
import { workspaceTrackers } from './trackers';

const pricing: TrackerDefinition = { name: 'Pricing', phrases: ['pricing'], side: 'any', scope: { kind: 'all' } };
const NOW = Date.parse('2027-01-10T00:00:00Z');

/** A copy whose calls were all listed and whose transcripts it holds: the service is never asked. */
function report(copy: ReturnType<typeof syntheticCopy>, definition: TrackerDefinition) {
  copy.callsListed();
  const { after } = workspaceTrackers(copy.db).save(definition, undefined, NOW);
  return trackerReportIn(copy.db, after, {
    knownCalls: 0,
    searchService: async () => {
      throw new Error('the service is not asked when the copy holds every transcript');
    },
  });
}

describe('the manager’s trackers, kept in the copy', () => {
  it('keeps a tracker, edits it in place and brings back one removed with its id (undo)', () => {
    const trackers = workspaceTrackers(syntheticCopy().db);
    const created = trackers.save(pricing, undefined, NOW);
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ ...pricing, savedAt: new Date(NOW).toISOString() });
    const edited = trackers.save({ ...pricing, phrases: ['pricing', 'discount'] }, created.after.id, NOW + 1);
    expect(edited.before?.phrases).toEqual(['pricing']);
    expect(trackers.list().map((tracker) => tracker.phrases)).toEqual([['pricing', 'discount']]);
    const { removed } = trackers.remove(created.after.id);
    expect(trackers.list()).toEqual([]);
    expect(() => trackers.remove(created.after.id)).toThrow('no longer exists');
    trackers.save(removed, removed.id, NOW + 2);
    expect(trackers.list().map((tracker) => [tracker.id, tracker.phrases])).toEqual([
      [created.after.id, ['pricing', 'discount']],
    ]);
  });
});

describe('a tracker over the copy’s transcripts', () => {
  it('counts lines that say a phrase per ISO week across a year boundary, with no week left out', async () => {
    const copy = syntheticCopy();
    const calls: [string, string, string[]][] = [
      ['vid_dec', '2026-12-21T10:00:00Z', ['Our pricing is per seat.', 'Fine.']],
      // Thursday 31 Dec and Saturday 2 Jan are ISO week 53 of 2026; Monday 4 Jan starts 2027's week 1.
      ['vid_thu', '2026-12-31T16:00:00Z', ['Pricing first.', 'And PRICING again.', 'Then pricing, once more.']],
      ['vid_sat', '2027-01-02T09:00:00Z', ['No mention here.']],
      ['vid_mon', '2027-01-04T00:00:00Z', ['What about pricing?']],
    ];
    for (const [id, createdAt, lines] of calls) {
      copy.call(id, { created_at: createdAt });
      copy.transcript(
        id,
        lines.map((text) => ({ speaker: 'Ana', text })),
      );
    }
    const { weeks, calls: found } = await report(copy, pricing);
    expect(weeks).toEqual([
      { week: '2026-W52', start: Date.parse('2026-12-21T00:00:00Z'), calls: 1, mentions: 1 },
      { week: '2026-W53', start: Date.parse('2026-12-28T00:00:00Z'), calls: 2, mentions: 3 },
      { week: '2027-W01', start: Date.parse('2027-01-04T00:00:00Z'), calls: 1, mentions: 1 },
    ]);
    expect(found.map((call) => [call.callId, call.week, call.mentions])).toEqual([
      ['vid_mon', '2027-W01', 1],
      ['vid_thu', '2026-W53', 3],
      ['vid_dec', '2026-W52', 1],
    ]);

    copy.call('vid_feb', { created_at: '2027-02-01T10:00:00Z' });
    copy.transcript('vid_feb', [{ speaker: 'Ana', text: 'Nothing.' }]);
    const gap = (await report(copy, pricing)).weeks.map((week) => [week.week, week.calls]);
    expect(gap.slice(2)).toEqual([
      ['2027-W01', 1],
      ['2027-W02', 0],
      ['2027-W03', 0],
      ['2027-W04', 0],
      ['2027-W05', 1],
    ]);
  });

  it('counts a line that says two phrases once, and only the side asked for', async () => {
    const copy = syntheticCopy();
    copy.call('vid_1');
    copy.transcript('vid_1', [
      { speaker: 'Ana', role: 'SELLER', text: 'Pricing and the discount.' },
      { speaker: 'Jo', role: 'buyer', text: 'Is there a discount?' },
      { speaker: 'Jo', role: ' Buyer ', text: 'What is the pricing?' },
      { speaker: 'Sam', role: null, text: 'Discount!' },
    ]);
    const phrases = ['pricing', 'discount'];
    const mentions = async (side: TrackerDefinition['side']) =>
      (await report(copy, { ...pricing, phrases, side })).calls[0]?.mentions ?? 0;
    expect(await mentions('any')).toBe(4);
    expect(await mentions('seller')).toBe(1);
    expect(await mentions('buyer')).toBe(2);
  });

  it('counts only the calls of its scope: one rep’s by the attribution rule, or one deal’s', async () => {
    const copy = syntheticCopy();
    copy.members({ id: 'mem_ana', display_name: 'Ana Souza' }, { id: 'mem_ben', display_name: 'Ben Okafor' });
    copy.deal('deal_a', { owner_id: 'mem_ana' });
    copy.deal('deal_b', { owner_id: 'mem_ben' });
    copy.call('vid_a', { deal_id: 'deal_a' });
    copy.call('vid_b', { deal_id: 'deal_b' });
    copy.call('vid_spoken');
    for (const id of ['vid_a', 'vid_b']) copy.transcript(id, [{ speaker: 'Someone', text: 'pricing' }]);
    copy.transcript('vid_spoken', [{ speaker: 'Ana Souza', text: 'pricing' }]);
    const ids = async (scope: TrackerDefinition['scope']) =>
      (await report(copy, { ...pricing, scope })).calls.map((call) => [call.callId, call.memberId, call.rule]).sort();
    expect(await ids({ kind: 'rep', memberId: 'mem_ana' })).toEqual([
      ['vid_a', 'mem_ana', 'deal-owner'],
      ['vid_spoken', 'mem_ana', 'speaker-name'],
    ]);
    expect(await ids({ kind: 'deal', dealId: 'deal_b' })).toEqual([['vid_b', 'mem_ben', 'deal-owner']]);
    const weeks = (await report(copy, { ...pricing, scope: { kind: 'deal', dealId: 'deal_b' } })).weeks;
    expect(weeks.map((week) => week.calls)).toEqual([1]);
  });

  it('reads quotes, stars and operators in a phrase as the words they hold', async () => {
    const copy = syntheticCopy();
    copy.call('vid_1');
    copy.transcript('vid_1', [
      { speaker: 'Ana', text: 'The price or nothing.' },
      { speaker: 'Ana', text: 'A co-op NEAR the station.' },
      { speaker: 'Ana', text: 'price' },
    ]);
    for (const [phrase, mentions] of [
      ['"price" OR', 1],
      ['price*', 2],
      ['co-op NEAR(', 1],
      ['^price -', 2],
      ["'co:op'", 1],
      ['the "price', 1],
      ['price" OR "nothing', 1],
    ] as const) {
      const found = await report(copy, { ...pricing, phrases: [phrase] });
      expect(
        found.calls.map((call) => call.mentions),
        phrase,
      ).toEqual([mentions]);
    }
  });

  it('lists the lines of a call that say a phrase, each with its segment to open the transcript at', async () => {
    const copy = syntheticCopy();
    copy.call('vid_1');
    copy.transcript('vid_1', [
      { id: 'seg_a', speaker: 'Ana', role: 'SELLER', text: 'Hello.', start: 1 },
      { id: 'seg_b', speaker: 'Jo', role: 'BUYER', text: 'Your pricing?', start: 4 },
      { id: 'seg_c', speaker: 'Ana', role: 'SELLER', text: 'Pricing is per seat.', start: 9 },
    ]);
    const { after } = workspaceTrackers(copy.db).save({ ...pricing, side: 'seller' }, undefined, NOW);
    expect(trackerLines(copy.db, after, ['vid_1', 'vid_not_held'])).toEqual([
      { callId: 'vid_1', segmentId: 'seg_c', text: 'Pricing is per seat.', start: 9, speaker: 'Ana' },
    ]);
  });
});

describe('first mentioned late in the deal', () => {
  it('is a first mention in the last third of the deal’s calls so far, once it has three', () => {
    expect(firstMentionLate(3, 3)).toBe(true);
    expect(firstMentionLate(3, 2)).toBe(false);
    expect(firstMentionLate(6, 4)).toBe(false);
    expect(firstMentionLate(6, 5)).toBe(true);
    expect(firstMentionLate(2, 2)).toBe(false);
    expect(firstMentionLate(4, null)).toBe(false);
  });

  it('places the first call with a mention among the deal’s calls in date order', async () => {
    const copy = syntheticCopy();
    copy.deal('deal_1');
    const dates = ['2026-10-01', '2026-10-08', '2026-10-15', '2026-10-22'];
    dates.forEach((day, index) => {
      copy.call(`vid_${index}`, { deal_id: 'deal_1', created_at: `${day}T10:00:00Z` });
      copy.transcript(`vid_${index}`, [{ speaker: 'Ana', text: index >= 3 ? 'pricing' : 'hello' }]);
    });
    // A deal the service deleted is known here by its calls alone, and said so.
    copy.call('vid_orphan', { deal_id: 'deal_gone', created_at: '2026-10-01T10:00:00Z' });
    copy.transcript('vid_orphan', [{ speaker: 'Ana', text: 'pricing' }]);
    const found = await report(copy, pricing);
    expect(found.deals).toEqual([
      { dealId: 'deal_1', title: 'deal_1', held: true, calls: 4, firstAt: 4, late: true },
      { dealId: 'deal_gone', title: null, held: false, calls: 1, firstAt: 1, late: false },
    ]);
    expect(trackerDeals(copy.db, [])).toEqual([]);
  });
});

describe('trackerHitsSince (the review queue’s seam)', () => {
  it('gives each tracker the calls made since the moment that mention it', () => {
    const copy = syntheticCopy();
    copy.call('vid_old', { created_at: '2026-11-01T10:00:00Z' });
    copy.call('vid_new', { created_at: '2026-11-20T10:00:00Z' });
    for (const id of ['vid_old', 'vid_new']) copy.transcript(id, [{ speaker: 'Ana', text: 'pricing, pricing' }]);
    const trackers = workspaceTrackers(copy.db);
    trackers.save(pricing, undefined, NOW);
    trackers.save({ ...pricing, name: 'Budget', phrases: ['budget'] }, undefined, NOW);
    const since = trackerHitsSince(copy.db, trackers.list(), Date.parse('2026-11-15T00:00:00Z'));
    expect(since.map(({ name, calls }) => [name, calls])).toEqual([
      ['Budget', []],
      ['Pricing', [{ callId: 'vid_new', mentions: 1 }]],
    ]);
  });
});
