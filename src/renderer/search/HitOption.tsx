import { memo } from 'react';
import type { LocalSearchResult } from '../../shared/bridge';
import { formatClock } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';
import { PaletteOption } from './PaletteOption';

export type FoundCall = LocalSearchResult['calls'][number];
export type FoundLine = FoundCall['hits'][number];

/**
 * One line found, in the palette's list under its call. Memoised: every keystroke renders the
 * palette again while the rows stay those of the earlier text until its own results come, and a
 * result set's rows are all new, so a row renders when its line, its selection or its highlight changes.
 */
export const HitOption = memo(function HitOption({
  hit,
  index,
  id,
  selected,
  pattern,
  timeScale,
  onChoose,
}: {
  hit: FoundLine;
  index: number;
  id: string;
  selected: boolean;
  /** What to mark, as the search matched it: null while these are the results of an earlier text. */
  pattern: RegExp | null;
  timeScale: number;
  /** Stable across renders; given the row's index. */
  onChoose: (index: number) => void;
}) {
  const said = [typeof hit.start === 'number' ? formatClock(hit.start * timeScale) : null, hit.speaker]
    .filter(Boolean)
    .join(' · ');
  return (
    <PaletteOption id={id} selected={selected} onChoose={() => onChoose(index)}>
      {said && <span className="hit-said muted small">{said}</span>}
      <span className="hit-text">
        <Highlighted text={hit.text} query="" pattern={pattern} />
      </span>
    </PaletteOption>
  );
});
