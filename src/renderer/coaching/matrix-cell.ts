import type { ItemTally, MatrixCell } from '../../shared/bridge';
import { formatPercent } from '../shared-ui/format';

/** How far a share must move against the calls before to count as a change, not noise: 10 points. */
export const TREND_POINTS = 10;

export type Trend = 'up' | 'down' | 'steady';

/** The share now against the share in the calls before; null when either has none to compare. */
export function cellTrend(cell: MatrixCell): Trend | null {
  const [now, before] = [cell.now.share, cell.before?.share ?? null];
  if (now === null || before === null) return null;
  // In whole points, as the cells show them.
  const moved = Math.round(now * 100) - Math.round(before * 100);
  return moved >= TREND_POINTS ? 'up' : moved <= -TREND_POINTS ? 'down' : 'steady';
}

export const trendArrows: Record<Trend, string> = { up: '↑', down: '↓', steady: '→' };

const share = (tally: ItemTally) => formatPercent(tally.share === null ? null : tally.share * 100);
const others = (tally: ItemTally) =>
  tally.other === 0 ? '' : `; ${tally.other} with another status, counted neither way`;

/**
 * A cell in words, as a screen reader reads it and its tooltip shows: how often the item was met
 * in the calls counted, against the calls before, and the statuses counted neither way.
 */
export function cellWords(cell: MatrixCell | undefined, last: number): string {
  if (!cell) return 'No analysed calls with this item';
  const { now, before } = cell;
  const met =
    now.n === 0
      ? `No call with a met or not-met status among the last ${last}`
      : `Met in ${now.met} of ${now.n} calls (${share(now)})`;
  const trend = cellTrend(cell);
  const against =
    trend === null || !before
      ? ''
      : trend === 'steady'
        ? `, about the same as in the ${last} before (${share(before)})`
        : `, ${trend} from ${share(before)} in the ${last} before`;
  return `${met}${against}${others(now)}`;
}
