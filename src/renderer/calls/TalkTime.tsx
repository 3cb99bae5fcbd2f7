import { useMemo, useRef } from 'react';
import { humanize } from '../../shared/humanize';
import { formatClock, formatDecimal, formatPercent } from '../shared-ui/format';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { callStatistics } from './call-statistics';
import { roleClass } from './speaker-role';
import { talkTimeShares } from './talk-time';
import type { TranscriptLine } from './transcript-lines';

const sideName = (role: string | null) => (role ? humanize(role) : 'No role');

/**
 * Who talked how much, each speaker's longest monologue beside their bar, then the questions each
 * side asked and how often the speaker changed (rules: call-statistics.ts). `I` brings it into view.
 */
export function TalkTime({ segments }: { segments: TranscriptLine[] }) {
  const shares = useMemo(() => talkTimeShares(segments), [segments]);
  const stats = useMemo(() => callStatistics(segments), [segments]);
  const region = useRef<HTMLElement>(null);
  useKeyShortcut('i', () => {
    region.current?.scrollIntoView({ block: 'nearest' });
    region.current?.focus();
  });
  if (shares.length === 0) return null;
  const questions = [...stats.questionsBySide.entries()].sort(([a], [b]) => sideName(a).localeCompare(sideName(b)));
  return (
    <section ref={region} className="talk-stats" aria-label="Talk time and call statistics" tabIndex={-1}>
      <ul className="talk-time" aria-label="Talk time per speaker">
        {shares.map((share) => {
          const monologue = stats.longestMonologue.get(share.speaker);
          return (
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
              <span className="talk-figure" title="Longest monologue">
                <span className="muted small">longest </span>
                {monologue === undefined ? '—' : formatClock(monologue)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="facts inline call-stats">
        <dt>Questions asked</dt>
        <dd>
          {questions.length === 0 ? '—' : questions.map(([role, count]) => `${sideName(role)} ${count}`).join(' · ')}
        </dd>
        <dt>Speaker switches</dt>
        <dd>{stats.switchesPerMinute === null ? '—' : `${formatDecimal(stats.switchesPerMinute)} per minute`}</dd>
      </dl>
    </section>
  );
}
