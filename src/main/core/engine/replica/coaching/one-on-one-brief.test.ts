import { describe, expect, it } from 'vitest';
import type { BriefCall } from '../../../../../shared/one-on-one';
import { succeeded as ok, sharedCopyHarness, upToDate } from '../../../testing/synced-copy';
import { worthAnHour } from './one-on-one-brief';

const call = (id: string, misses: number, longestMonologue: number | null, dealAmount: number | null): BriefCall => ({
  id,
  title: id,
  createdAt: null,
  dealId: null,
  dealTitle: null,
  dealAmount,
  longestMonologue,
  misses: Array.from({ length: misses }, (_, index) => ({
    item: `item ${index}`,
    status: 'NOT_MET',
    improvement: null,
    reasoning: null,
    segmentId: null,
  })),
});

describe('the calls most worth an hour', () => {
  it('are the most items not met, then the longest seller monologue, then the largest deal, then the newest', () => {
    const calls = [
      call('newest, nothing to coach', 0, 30, 1000),
      call('two misses, short', 2, 40, null),
      call('two misses, long monologue', 2, 95, null),
      call('one miss, big deal', 1, 40, 500_000),
      call('one miss, small deal', 1, 40, 5_000),
      call('one miss, same as small, older', 1, 40, 5_000),
    ];
    expect(worthAnHour(calls).map(({ id }) => id)).toEqual([
      'two misses, long monologue',
      'two misses, short',
      'one miss, big deal',
    ]);
    expect(worthAnHour(calls.slice(4)).map(({ id }) => id)).toEqual([
      'one miss, small deal',
      'one miss, same as small, older',
    ]);
    expect(worthAnHour([])).toEqual([]);
  });
});

const copy = sharedCopyHarness();

describe('the 1:1 brief', () => {
  it('reads the last weeks before the first 1:1, then since the last; open action items carry over', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const deals = (await copy.harness.client.listDeals({ limit: 100 })).data;
    const memberId = deals.find((deal) => deal.owner_id)!.owner_id!;
    const matrix = await ok(core, 'getChecklistMatrix', { last: 100 });
    expect(matrix.rows.some((row) => row.memberId === memberId)).toBe(true);

    const first = await ok(core, 'getOneOnOneBrief', { memberId });
    expect(first.since.from).toBe('weeks-back');
    expect(first.calls.length).toBeGreaterThan(0);
    expect(first.worthAnHour).toEqual(worthAnHour(first.calls));
    expect(first.queued).toEqual([]);
    for (const briefCall of first.calls)
      for (const miss of briefCall.misses) expect(['NOT_MET', 'PARTIALLY_MET']).toContain(miss.status?.toUpperCase());
    expect(first.changes.every((change) => change.ownerId === memberId)).toBe(true);

    const note = await ok(core, 'saveNote', { place: { kind: 'rep', id: memberId }, body: 'Coach on discovery' });
    const done = await ok(core, 'addActionItem', { memberId, text: 'Send the pricing deck' });
    const open = await ok(core, 'addActionItem', { memberId, text: 'Shadow two discovery calls' });
    await ok(core, 'setActionItemDone', { id: done.id, done: true });
    const before = await ok(core, 'getOneOnOneBrief', { memberId });
    expect(before.notes.map(({ id }) => id)).toContain(note.after!.id);
    expect(before.actionItems.map(({ text, doneAt }) => ({ text, done: doneAt !== null }))).toEqual([
      { text: 'Shadow two discovery calls', done: false },
      { text: 'Send the pricing deck', done: true },
    ]);

    expect(await ok(core, 'markOneOnOne', { memberId })).toEqual({ before: null });
    const next = await ok(core, 'getOneOnOneBrief', { memberId });
    expect(next.since.from).toBe('last-one-on-one');
    expect(next.calls).toEqual([]);
    // Carried over: the item not done; the one done before the 1:1 is not brought up again.
    expect(next.actionItems.map(({ id }) => id)).toEqual([open.id]);
    const bookmarks = await ok(core, 'listBookmarks', {});
    expect(bookmarks.named.map(({ name }) => name)).toContain(`Last 1:1 with ${next.names[memberId]}`);

    // Undone: back to before the first 1:1.
    await ok(core, 'markOneOnOne', { memberId, at: null });
    expect((await ok(core, 'getOneOnOneBrief', { memberId })).since.from).toBe('weeks-back');
    expect(await core.invoke('setActionItemDone', { id: 'item_gone', done: true })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('shows the calls added from the review queue (2) since the last 1:1, not those decided before it', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const deals = (await copy.harness.client.listDeals({ limit: 100 })).data;
    const memberId = deals.find((deal) => deal.owner_id)!.owner_id!;
    const [taken] = (await ok(core, 'getOneOnOneBrief', { memberId })).calls;
    await ok(core, 'setReviewDecision', { callId: taken!.id, decision: { kind: 'one-on-one', snoozeUntil: null } });

    await ok(core, 'markOneOnOne', { memberId, at: new Date(Date.now() - 3_600_000).toISOString() });
    expect((await ok(core, 'getOneOnOneBrief', { memberId })).queued).toEqual([taken]);

    // The 1:1 after the decision took the call: the next brief does not bring it up again.
    await ok(core, 'markOneOnOne', { memberId });
    expect((await ok(core, 'getOneOnOneBrief', { memberId })).queued).toEqual([]);

    await ok(core, 'markOneOnOne', { memberId, at: null });
    await ok(core, 'setReviewDecision', { callId: taken!.id, decision: null });
  });
});
