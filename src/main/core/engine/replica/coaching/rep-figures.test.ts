import { describe, expect, it } from 'vitest';
import { syntheticCopy } from '../../../testing/synthetic-copy';
import { callFigures } from './call-figures';
import { median, repFigures } from './rep-figures';

const line = (speaker: string, role: string | null, start: number | null, end: number | null, text = 'Fine.') => ({
  speaker,
  speaker_role: role,
  start,
  end,
  text,
});

describe('a call’s figures', () => {
  it('weigh the seller side: its share of the talk, its longest monologue, its questions; switches of anyone', () => {
    const figures = callFigures(
      [
        line('Ana', 'SELLER', 0, 30, 'How big is the team? And the budget?'),
        line('Ana', 'SELLER', 31, 40, 'Does that fit?'),
        line('Bo', 'BUYER', 40, 70, 'Why? Tell me more?'),
        line('Ana', 'seller', 70, 80, 'Sure.'),
        line('Eve', 'SELLER', 80, 100, 'What about timing?'),
      ],
      null,
    );
    expect(figures).toEqual({
      // 30 + 9 + 10 + 20 of 99 seconds spoken.
      talkShare: 69 / 99,
      // Ana's run from 0 to 40, the pause inside it included.
      longestMonologue: 40,
      questions: 4,
      // Three changes of speaker in 100 seconds.
      switchesPerMinute: expect.closeTo(1.8),
    });
  });

  it('read milliseconds as the call page does, by times far past the call’s length', () => {
    const figures = callFigures([line('Ana', 'SELLER', 0, 30_000), line('Bo', 'BUYER', 30_000, 60_000)], 60);
    expect(figures.longestMonologue).toBe(30);
    expect(figures.switchesPerMinute).toBe(1);
  });

  it('give no seller figures for a call without a seller-side line, and no talk share without times', () => {
    expect(callFigures([line('Bo', 'BUYER', 0, 10, 'Hello?')], null)).toEqual({
      talkShare: 0,
      longestMonologue: null,
      questions: null,
      switchesPerMinute: 0,
    });
    expect(callFigures([line('Ana', 'SELLER', null, null, 'Hello?')], null)).toEqual({
      talkShare: null,
      longestMonologue: null,
      questions: null,
      switchesPerMinute: null,
    });
  });

  it('have a median: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('a rep’s figures against the team’s', () => {
  const day = (date: string) => Date.parse(`${date}T00:00:00.000Z`);
  // Two weeks: from Monday 2 November, and from Monday 9 November to the 16th.
  const weeks = [day('2026-11-02'), day('2026-11-09'), day('2026-11-16')];

  function copy() {
    const copy = syntheticCopy();
    copy.members({ id: 'mem_ana', display_name: 'Ana' }, { id: 'mem_ben', display_name: 'Ben' });
    copy.deal('deal_ana', { owner_id: 'mem_ana', title: 'Acme' });
    copy.deal('deal_ben', { owner_id: 'mem_ben' });
    // A seller who talks `share` of a 100-second call.
    const call = (id: string, deal: string | null, createdAt: string, share: number, speaker = 'Rep') => {
      copy.call(id, { deal_id: deal, created_at: createdAt });
      copy.transcript(id, [
        { speaker, role: 'SELLER', start: 0, end: share * 100 },
        { speaker: 'Bo', role: 'BUYER', start: share * 100, end: 100 },
      ]);
    };
    call('vid_a1', 'deal_ana', '2026-11-03T10:00:00.000Z', 0.6);
    call('vid_a2', 'deal_ana', '2026-11-10T10:00:00.000Z', 0.4);
    call('vid_a3', null, '2026-11-11T10:00:00.000Z', 0.5, 'Ana');
    call('vid_b1', 'deal_ben', '2026-11-04T10:00:00.000Z', 0.3);
    call('vid_b2', 'deal_ben', '2026-11-12T10:00:00.000Z', 0.7);
    // Outside the period, or no one's: counted nowhere.
    call('vid_early', 'deal_ana', '2026-11-01T23:59:59.000Z', 0.9);
    call('vid_late', 'deal_ana', '2026-11-16T00:00:00.000Z', 0.9);
    call('vid_nobody', null, '2026-11-05T10:00:00.000Z', 0.1, 'Stranger');
    // The rep's calls without lines: listed, counted in no figure.
    copy.call('vid_missing', { deal_id: 'deal_ana', created_at: '2026-11-13T10:00:00.000Z' });
    copy.call('vid_none', { deal_id: 'deal_ana', created_at: '2026-11-14T10:00:00.000Z' });
    copy.noTranscript('vid_none');
    return copy;
  }

  it('lists the rep’s calls of the period newest first, with the rule that made each theirs and its transcript', () => {
    const { calls } = repFigures(copy().db, { memberId: 'mem_ana', weeks });
    expect(calls.map(({ id, rule, transcript, dealTitle }) => ({ id, rule, transcript, dealTitle }))).toEqual([
      { id: 'vid_none', rule: 'deal-owner', transcript: 'none', dealTitle: 'Acme' },
      { id: 'vid_missing', rule: 'deal-owner', transcript: 'missing', dealTitle: 'Acme' },
      { id: 'vid_a3', rule: 'speaker-name', transcript: 'held', dealTitle: null },
      { id: 'vid_a2', rule: 'deal-owner', transcript: 'held', dealTitle: 'Acme' },
      { id: 'vid_a1', rule: 'deal-owner', transcript: 'held', dealTitle: 'Acme' },
    ]);
    expect(calls[2]!.figures!.talkShare).toBeCloseTo(0.5);
  });

  it('gives medians over the period and per week, the team being every call attributed to a member', () => {
    const figures = repFigures(copy().db, { memberId: 'mem_ana', weeks });
    expect(figures.rep.calls).toBe(3);
    expect(figures.rep.talkShare).toBeCloseTo(0.5);
    expect(figures.team.calls).toBe(5);
    expect(figures.team.talkShare).toBeCloseTo(0.5);
    expect(
      figures.weeks.map((week) => ({
        start: week.start,
        rep: [week.rep.calls, week.rep.talkShare],
        team: [week.team.calls, week.team.talkShare],
      })),
    ).toEqual([
      { start: weeks[0], rep: [1, 0.6], team: [2, expect.closeTo(0.45)] },
      { start: weeks[1], rep: [2, expect.closeTo(0.45)], team: [3, 0.5] },
    ]);
  });

  it('follows each transcript as the copy stores it again, and forgets the figures of one gone', () => {
    const held = copy();
    held.transcript('vid_a1', [{ speaker: 'Rep', start: 0, end: 10 }]);
    held.noTranscript('vid_a2');
    const calls = repFigures(held.db, { memberId: 'mem_ana', weeks }).calls;
    expect(calls.find((call) => call.id === 'vid_a1')!.figures!.talkShare).toBe(1);
    expect(calls.find((call) => call.id === 'vid_a2')).toMatchObject({ transcript: 'none', figures: null });
  });

  it('has nothing for a member without calls in the period, and the team’s all the same', () => {
    const figures = repFigures(copy().db, { memberId: 'mem_nobody', weeks });
    expect(figures.calls).toEqual([]);
    expect(figures.rep).toEqual({
      calls: 0,
      talkShare: null,
      longestMonologue: null,
      questions: null,
      switchesPerMinute: null,
    });
    expect(figures.team.calls).toBe(5);
  });
});
