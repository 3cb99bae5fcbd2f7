import { describe, expect, it } from 'vitest';
import type { QueueCall, QueueReason } from '../../shared/bridge';
import { pointsOf, rankQueue } from './review-ranking';

const call = (callId: string, reasons: QueueReason[], more: Partial<QueueCall> = {}): QueueCall => ({
  callId,
  title: callId,
  createdAt: null,
  cameAt: '2026-11-20T10:00:00.000Z',
  memberId: 'mem_ana',
  rule: 'deal-owner',
  dealId: null,
  dealTitle: null,
  dealAmount: null,
  snoozedUntil: null,
  reasons,
  ...more,
});

describe('the review queue’s ranking', () => {
  it('weighs each reason by the stated points', () => {
    expect(pointsOf({ kind: 'not-met', item: 'Pain' })).toBe(2);
    expect(pointsOf({ kind: 'partly-met', item: 'Pain' })).toBe(1);
    expect(pointsOf({ kind: 'monologue', seconds: 179 })).toBe(2);
    expect(pointsOf({ kind: 'deal-warning', text: 'Never scored' })).toBe(2);
    expect(pointsOf({ kind: 'tracker-hit', trackerId: 'trk_1', tracker: 'Pricing', mentions: 4 })).toBe(1);
  });

  it('puts the calls with most points first, the deal’s warnings counted', () => {
    const ranked = rankQueue(
      [
        call('vid_partly', [{ kind: 'partly-met', item: 'Budget' }]),
        call('vid_two_missed', [
          { kind: 'not-met', item: 'Pain' },
          { kind: 'not-met', item: 'Budget' },
        ]),
        call('vid_warned', [{ kind: 'partly-met', item: 'Pain' }], { dealId: 'deal_late' }),
        call('vid_talker', [{ kind: 'monologue', seconds: 130 }]),
      ],
      (dealId) => (dealId === 'deal_late' ? ['Close date passed', 'Never scored'] : []),
    );
    expect(ranked.map((entry) => [entry.callId, entry.points])).toEqual([
      ['vid_warned', 5],
      ['vid_two_missed', 4],
      ['vid_talker', 2],
      ['vid_partly', 1],
    ]);
    expect(ranked[0]!.reasons).toContainEqual({ kind: 'deal-warning', text: 'Never scored' });
  });

  it('breaks ties by the bigger deal, then the newest call, then the id', () => {
    const ranked = rankQueue([
      call('vid_c', [], { cameAt: '2026-11-20T10:00:00.000Z' }),
      call('vid_small', [], { dealAmount: 1_000 }),
      call('vid_newer', [], { cameAt: '2026-11-21T10:00:00.000Z' }),
      call('vid_big', [], { dealAmount: 90_000 }),
      call('vid_b', [], { cameAt: '2026-11-20T10:00:00.000Z' }),
    ]);
    expect(ranked.map((entry) => entry.callId)).toEqual(['vid_big', 'vid_small', 'vid_newer', 'vid_b', 'vid_c']);
  });
});
