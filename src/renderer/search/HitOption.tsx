import { memo } from 'react';
import type { SearchSegment } from '../../shared/api';
import { formatClock } from '../shared-ui/format';
import { Highlighted } from '../shared-ui/Highlighted';
import { CallDate } from './CallDate';
import { PaletteOption } from './PaletteOption';

/**
 * One matching segment in the palette's list. Memoised: every keystroke renders the palette again
 * while the rows stay those of the earlier text until its own results come, and a result set's
 * rows are all new, so a row renders when its hit, its selection or its highlight changes.
 */
export const HitOption = memo(function HitOption({
  hit,
  index,
  id,
  selected,
  highlight,
  listed,
  timeScale,
  onChoose,
}: {
  hit: SearchSegment;
  index: number;
  id: string;
  selected: boolean;
  /** The text to mark: empty while these are the results of an earlier text. */
  highlight: string;
  listed: ReadonlyMap<string, string> | undefined;
  timeScale: number;
  /** Stable across renders; given the row's index. */
  onChoose: (index: number) => void;
}) {
  return (
    <PaletteOption id={id} selected={selected} onChoose={() => onChoose(index)}>
      <span className="hit-head">
        <span className="hit-title">{hit.video_title || 'Untitled call'}</span>
        <span className="muted small">
          <CallDate videoId={hit.video_id} listed={listed} />
          {' · '}
          {[typeof hit.start === 'number' ? formatClock(hit.start * timeScale) : null, hit.speaker]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <span className="hit-text">
        <Highlighted text={hit.text ?? ''} query={highlight} />
      </span>
    </PaletteOption>
  );
});
