import type { CallFigures } from '../../shared/bridge';
import { formatClock, formatDecimal, formatPercent } from '../shared-ui/format';

/**
 * A published reference drawn faintly beside a figure: one value, or a band. From Gong Labs'
 * studies of recorded sales calls: top sellers talk about 43 % of the time, and ask 11 to 14
 * questions in a discovery call.
 */
export type Reference = { value: number; words: string } | { from: number; to: number; words: string };

export interface Figure {
  key: keyof CallFigures;
  label: string;
  /** What it measures, precisely enough to check by hand (docs/coaching.md, "The figures"). */
  means: string;
  format(value: number | null): string;
  /** A chart axis's tick: the value alone, its unit in the chart's caption. */
  tick(value: number): string;
  unit: string;
  reference: Reference | null;
}

/** A rep's figures, in the order the page shows them. */
export const repFigureList: readonly Figure[] = [
  {
    key: 'talkShare',
    label: 'Talk share',
    means: 'The seller side’s share of the time anyone speaks.',
    format: (value) => formatPercent(value === null ? null : value * 100),
    tick: (value) => formatPercent(value * 100),
    unit: 'share of the talk',
    reference: { value: 0.43, words: 'about 43 %' },
  },
  {
    key: 'longestMonologue',
    label: 'Longest monologue',
    means: 'A seller’s longest run of lines with no one else speaking between them.',
    format: (value) => (value === null ? '—' : formatClock(value)),
    tick: (value) => formatClock(value),
    unit: 'minutes:seconds',
    reference: null,
  },
  {
    key: 'questions',
    label: 'Questions asked',
    means: 'Questions the seller side asks: each run of question marks in a line is one.',
    format: (value) => formatDecimal(value),
    tick: (value) => formatDecimal(value),
    unit: 'a call',
    reference: { from: 11, to: 14, words: '11–14 a call' },
  },
  {
    key: 'switchesPerMinute',
    label: 'Speaker switches',
    means: 'Changes of speaker per minute, from the first line to the last.',
    format: (value) => (value === null ? '—' : `${formatDecimal(value)}/min`),
    tick: (value) => formatDecimal(value),
    unit: 'per minute',
    reference: null,
  },
];
