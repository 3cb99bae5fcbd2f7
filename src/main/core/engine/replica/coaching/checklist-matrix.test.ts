import { describe, expect, it } from 'vitest';
import { syntheticCopy } from '../../../testing/synthetic-copy';
import { checklistMatrix, checklistMisses, itemOutcome } from './checklist-matrix';

const item = (text: string, status: string | null, more: Record<string, unknown> = {}) => ({
  id: `item-${text}`,
  item_text: text,
  status,
  ...more,
});

/** Ana's analysed calls, newest first: each a list of the statuses of "Pain" and "Budget". */
function copyOf(anaCalls: [pain: string | null, budget: string | null][]) {
  const copy = syntheticCopy();
  copy.members({ id: 'mem_ana', display_name: 'Ana' }, { id: 'mem_ben', display_name: 'Ben' });
  copy.deal('deal_ana', { owner_id: 'mem_ana' });
  anaCalls.forEach(([pain, budget], index) => {
    const id = `vid_${index}`;
    copy.call(id, { deal_id: 'deal_ana', created_at: new Date(Date.UTC(2026, 10, 20 - index)).toISOString() });
    copy.checklist(id, [item('Pain', pain), item('Budget', budget)]);
  });
  return copy;
}

describe('an item’s outcome', () => {
  it('is met for MET, not met for PARTIALLY_MET and NOT_MET in any case, and other for anything else', () => {
    expect(itemOutcome('MET')).toBe('met');
    expect(itemOutcome(' met ')).toBe('met');
    expect(itemOutcome('PARTIALLY_MET')).toBe('not-met');
    expect(itemOutcome('not_met')).toBe('not-met');
    expect(itemOutcome('SKIPPED')).toBe('other');
    expect(itemOutcome('')).toBe('other');
    expect(itemOutcome(null)).toBe('other');
  });
});

describe('the checklist matrix', () => {
  it('gives each rep’s share of met over their last N analysed calls, statuses it does not know counted apart', () => {
    const copy = copyOf([
      ['MET', 'NOT_MET'],
      ['NOT_APPLICABLE', 'PARTIALLY_MET'],
      ['MET', 'MET'],
      [null, 'NOT_MET'],
      // The N before: the four newest are "now" with N = 4.
      ['NOT_MET', 'MET'],
      ['NOT_MET', 'MET'],
    ]);
    const matrix = checklistMatrix(copy.db, { last: 4 });
    expect(matrix.items).toEqual(['Pain', 'Budget']);
    const ana = matrix.rows.find((row) => row.memberId === 'mem_ana')!;
    expect(ana.analysed).toBe(6);
    expect(ana.cells.Pain).toEqual({
      now: { met: 2, n: 2, other: 2, share: 1 },
      before: { met: 0, n: 2, other: 0, share: 0 },
    });
    expect(ana.cells.Budget).toEqual({
      now: { met: 1, n: 4, other: 0, share: 0.25 },
      before: { met: 2, n: 2, other: 0, share: 1 },
    });
  });

  it('has no share where only other statuses were given, and no "before" for a rep with no calls before', () => {
    const copy = copyOf([
      ['SKIPPED', 'MET'],
      ['SKIPPED', 'MET'],
    ]);
    const ana = checklistMatrix(copy.db, { last: 10 }).rows.find((row) => row.memberId === 'mem_ana')!;
    expect(ana.cells.Pain).toEqual({ now: { met: 0, n: 0, other: 2, share: null }, before: null });
    expect(ana.cells.Budget).toEqual({ now: { met: 2, n: 2, other: 0, share: 1 }, before: null });
  });

  it('keeps a row without cells for a rep without analysed calls, and counts the calls no one owns', () => {
    const copy = copyOf([['MET', 'MET']]);
    copy.call('vid_nobody', { created_at: '2026-11-01T10:00:00.000Z' });
    copy.checklist('vid_nobody', [item('Pain', 'NOT_MET')]);
    // A call not analysed, and one whose evaluation names no item, are not analysed calls.
    copy.call('vid_not_analysed', { deal_id: 'deal_ana' });
    copy.call('vid_empty', { deal_id: 'deal_ana' });
    copy.checklist('vid_empty', [item('', 'MET')]);
    const matrix = checklistMatrix(copy.db, { last: 10 });
    expect(matrix.rows).toEqual([
      expect.objectContaining({ memberId: 'mem_ana', analysed: 1 }),
      { memberId: 'mem_ben', analysed: 0, cells: {} },
    ]);
    expect(matrix.unattributed).toBe(1);
  });
});

describe('the calls behind a cell', () => {
  it('are those of the rep’s last N where the item was not met, with reasoning, suggestion and quotes placed', () => {
    const copy = syntheticCopy();
    copy.members({ id: 'mem_ana', display_name: 'Ana' });
    copy.deal('deal_ana', { owner_id: 'mem_ana', title: 'Acme' });
    const call = (id: string, day: number, status: string, evidence: unknown[] = []) => {
      copy.call(id, { deal_id: 'deal_ana', created_at: `2026-11-${day}T10:00:00.000Z` });
      copy.checklist(id, [
        item('Budget', status, { reasoning: `Why ${id}`, improvement_suggestion: `Do ${id}`, evidence }),
      ]);
    };
    call('vid_partly', 20, 'PARTIALLY_MET', [
      { id: 'seg_7', text: 'Is there budget?', relevance: 'HIGH' },
      { id: 'elsewhere', text: '“we have ABOUT fifty thousand”', relevance: 'LOW' },
      { id: 'nowhere', text: 'Words no one said', relevance: 'LOW' },
    ]);
    copy.transcript('vid_partly', [
      { id: 'seg_6', speaker: 'Ana', text: 'Hello.' },
      { id: 'seg_7', speaker: 'Ana', text: 'Is there budget?' },
      { id: 'seg_8', speaker: 'Bo', role: 'BUYER', text: 'We have about fifty thousand.' },
    ]);
    call('vid_met', 19, 'MET');
    call('vid_other', 18, 'WAIVED');
    call('vid_missed', 17, 'NOT_MET');
    call('vid_too_old', 16, 'NOT_MET');

    const misses = checklistMisses(copy.db, { memberId: 'mem_ana', itemText: 'Budget', last: 4 });
    expect(misses.map((miss) => [miss.callId, miss.status, miss.rule, miss.dealTitle])).toEqual([
      ['vid_partly', 'PARTIALLY_MET', 'deal-owner', 'Acme'],
      ['vid_missed', 'NOT_MET', 'deal-owner', 'Acme'],
    ]);
    expect(misses[0]).toMatchObject({
      reasoning: 'Why vid_partly',
      improvement: 'Do vid_partly',
      evidence: [
        { text: 'Is there budget?', relevance: 'HIGH', segmentId: 'seg_7' },
        { text: '“we have ABOUT fifty thousand”', relevance: 'LOW', segmentId: 'seg_8' },
        { text: 'Words no one said', relevance: 'LOW', segmentId: null },
      ],
    });
    expect(misses[1]!.evidence).toEqual([]);
  });
});
