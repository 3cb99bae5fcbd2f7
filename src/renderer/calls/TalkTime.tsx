import { humanize } from '../../shared/humanize';
import { formatClock, formatPercent } from '../shared-ui/format';
import { roleClass } from './speaker-role';
import { talkTimeShares } from './talk-time';
import type { TranscriptLine } from './transcript-lines';

export function TalkTime({ segments }: { segments: TranscriptLine[] }) {
  const shares = talkTimeShares(segments);
  if (shares.length === 0) return null;
  return (
    <ul className="talk-time" aria-label="Talk time per speaker">
      {shares.map((share) => (
        <li key={share.speaker}>
          <span className="talk-name">
            {share.speaker} {share.role && <span className="muted small">{humanize(share.role)}</span>}
          </span>
          <span className={`bar ${roleClass(share.role)}`} aria-hidden="true">
            <span style={{ width: `${share.share * 100}%` }} />
          </span>
          <span className="talk-figure">
            {formatPercent(share.share * 100)} <span className="muted small">{formatClock(share.seconds)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
