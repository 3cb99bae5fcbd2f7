import type { TranscriptSegment } from '../../shared/api';
import { formatClock, formatPercent, humanize } from '../shared-ui/format';
import { talkTimeShares } from './talk-time';

export function TalkTime({ segments }: { segments: TranscriptSegment[] }) {
  const shares = talkTimeShares(segments);
  if (shares.length === 0) return null;
  return (
    <ul className="talk-time" aria-label="Talk time per speaker">
      {shares.map((share) => (
        <li key={share.speaker}>
          <span className="talk-name">
            {share.speaker} <span className="muted small">{humanize(share.role)}</span>
          </span>
          <span className={`bar role-${share.role.toLowerCase()}`} aria-hidden="true">
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
