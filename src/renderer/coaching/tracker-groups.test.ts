import { describe, expect, it } from 'vitest';
import type { TrackerCall, TrackerReport } from '../../shared/trackers';
import { callsOfGroup, chartWeeks, trackerGroups } from './tracker-groups';

const call = (callId: string, fields: Partial<TrackerCall>): TrackerCall => ({
  callId,
  title: callId,
  createdAt: null,
  week: '2026-W53',
  dealId: null,
  dealTitle: null,
  memberId: null,
  rule: null,
  mentions: 1,
  source: 'replica',
  lines: [],
  ...fields,
});

const report = {
  tracker: { id: 'tr_x', name: 'x', phrases: ['x'], side: 'any', scope: { kind: 'all' }, savedAt: '' },
  calls: [
    call('vid_1', { memberId: 'mem_ana', dealId: 'deal_a', mentions: 3 }),
    call('vid_2', { memberId: 'mem_ben', dealId: 'deal_a', week: '2027-W01' }),
    call('vid_3', { memberId: null, week: null, source: 'service' }),
  ],
  weeks: [
    { week: '2026-W53', start: 0, calls: 4, mentions: 3 },
    { week: '2027-W01', start: 1, calls: 0, mentions: 0 },
  ],
  deals: [],
  coverage: { indexedCalls: 2, knownCalls: 3, note: null },
} satisfies TrackerReport;

describe('a tracker’s rows', () => {
  it('groups the calls with a mention by week in order, by rep (unattributed apart) and by deal, the most first', () => {
    expect(trackerGroups(report, 'week').map((group) => [group.key, group.mentions])).toEqual([
      ['week:2026-W53', 3],
      ['week:2027-W01', 1],
    ]);
    expect(trackerGroups(report, 'rep').map((group) => [group.key, group.mentions])).toEqual([
      ['rep:mem_ana', 3],
      ['rep:', 1],
      ['rep:mem_ben', 1],
    ]);
    expect(callsOfGroup(report, 'deal:deal_a').map((found) => found.callId)).toEqual(['vid_1', 'vid_2']);
    expect(callsOfGroup(report, 'rep:').map((found) => found.callId)).toEqual(['vid_3']);
  });

  it('draws mentions per call searched here, and no rate for a week without calls', () => {
    const { rows, reps } = chartWeeks(report);
    expect(reps).toEqual(['rep:mem_ana', 'rep:', 'rep:mem_ben']);
    expect(rows).toEqual([
      { week: '2026-W53', perCall: 0.75, 'rep:mem_ana': 3 },
      { week: '2027-W01', perCall: null, 'rep:mem_ben': 1 },
    ]);
  });
});
