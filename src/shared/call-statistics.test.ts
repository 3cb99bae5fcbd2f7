import { describe, expect, it } from 'vitest';
import { callStatistics, countQuestions, type StatisticsLine } from './call-statistics';

const line = (
  speaker: string,
  start: number | null,
  end: number | null,
  text = 'Fine.',
  role: string | null = 'SELLER',
) => ({ text, start, end, speaker, role }) satisfies StatisticsLine;

describe('call statistics', () => {
  it('measure each speaker’s longest run of lines, a pause inside a run included', () => {
    const stats = callStatistics([
      line('Ann', 0, 10),
      line('Ann', 12, 30),
      line('Bob', 30, 35, 'Ok.', 'BUYER'),
      line('Ann', 35, 40),
      line('Bob', 40, 70, 'Long.', 'BUYER'),
    ]);
    expect(stats.longestMonologue).toEqual(
      new Map([
        ['Ann', 30],
        ['Bob', 30],
      ]),
    );
  });

  it('count questions per side, lines without a role on their own', () => {
    const stats = callStatistics([
      line('Ann', 0, 5, 'How big is the team? And the budget?'),
      line('Bob', 5, 9, 'Really?? You mean it?', 'BUYER'),
      line('Cy', 9, 10, 'What?', null),
      line('Ann', 10, 12, 'No question here.'),
    ]);
    expect(stats.questionsBySide).toEqual(
      new Map<string | null, number>([
        ['SELLER', 2],
        ['BUYER', 2],
        [null, 1],
      ]),
    );
    expect(countQuestions('¿Qué? 何ですか？ ماذا؟')).toBe(3);
  });

  it('count speaker switches per minute of the span from the first start to the last end', () => {
    const stats = callStatistics([
      line('Ann', 0, 20),
      line('Bob', 20, 40, 'x', 'BUYER'),
      line('Bob', 40, 60, 'x', 'BUYER'),
      line('Ann', 60, 100),
      line('Bob', 100, 120, 'x', 'BUYER'),
    ]);
    expect(stats.switchesPerMinute).toBe(1.5);
  });

  it('take lines in order of their start and leave out lines without times', () => {
    const stats = callStatistics([line('Bob', 30, 60, 'x', 'BUYER'), line('Ann', null, 5, 'Why?'), line('Ann', 0, 30)]);
    expect(stats.switchesPerMinute).toBe(1);
    expect(stats.questionsBySide.get('SELLER')).toBe(0);
    expect(stats.longestMonologue.get('Ann')).toBe(30);
  });

  it('have no switch rate for a transcript without a span of time', () => {
    expect(callStatistics([]).switchesPerMinute).toBeNull();
    expect(callStatistics([line('Ann', 5, 5)]).switchesPerMinute).toBeNull();
  });
});
