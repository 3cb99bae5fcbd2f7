import { useMemo, useRef } from 'react';
import { callStatistics } from '../../shared/call-statistics';
import { humanize } from '../../shared/humanize';
import { useValueAfterPaint } from '../navigation/render-ahead';
import { formatClock, formatDecimal, formatPercent } from '../shared-ui/format';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { roleClass } from './speaker-role';
import { type SpeakerShare, talkTimeShares } from './talk-time';
import type { TranscriptLine, TranscriptLines } from './transcript-lines';

const NO_LINES: readonly TranscriptLine[] = [];

const sideName = (role: string | null) => (role ? humanize(role) : 'No role');

/**
 * Who talked how much, each speaker's longest monologue beside their bar, then the questions each
 * side asked and how often the speaker changed (rules: shared/call-statistics.ts). `I` brings it into view.
 */
export function TalkTime({ transcript }: { transcript: TranscriptLines }) {
  // The figures take passes over every line (tens of ms at 10,000), so they fill in after the
  // transcript's first rows are painted, into rows already laid out: one per speaker, counted
  // while the transcript was read.
  const settled = useValueAfterPaint<TranscriptLines | null>(transcript, null);
  const lines = useMemo(() => settled?.all() ?? NO_LINES, [settled]);
  const shares = useMemo(() => talkTimeShares(lines), [lines]);
  const stats = useMemo(() => callStatistics(lines), [lines]);
  const speakers = transcript.timedSpeakers;
  const region = useRef<HTMLElement>(null);
  useKeyShortcut('i', () => {
    region.current?.scrollIntoView({ block: 'nearest' });
    region.current?.focus();
  });
  if (speakers === 0) return null;
  const current = settled === transcript;
  const rows: (SpeakerShare | null)[] = current ? shares : Array.from({ length: speakers }, () => null);
  const questions = current
    ? [...stats.questionsBySide.entries()].sort(([a], [b]) => sideName(a).localeCompare(sideName(b)))
    : [];
  return (
    <section ref={region} className="talk-stats" aria-label="Talk time and call statistics" tabIndex={-1}>
      <ul className="talk-time" aria-label="Talk time per speaker">
        {rows.map((share, index) => {
          const monologue = share ? stats.longestMonologue.get(share.speaker) : undefined;
          return (
            // By place, not speaker: a row filled in keeps its element, so nothing on the page moves.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are places on the page
            <li key={index}>
              <span className="talk-name">
                {share ? share.speaker : '…'}{' '}
                {share?.role && <span className="muted small">{humanize(share.role)}</span>}
              </span>
              <span className={`bar ${roleClass(share?.role ?? null)}`} aria-hidden="true">
                <span style={{ width: `${(share?.share ?? 0) * 100}%` }} />
              </span>
              <span className="talk-figure">
                {share ? formatPercent(share.share * 100) : '—'}{' '}
                <span className="muted small">{share ? formatClock(share.seconds) : ''}</span>
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
        <dd>
          {!current || stats.switchesPerMinute === null ? '—' : `${formatDecimal(stats.switchesPerMinute)} per minute`}
        </dd>
      </dl>
    </section>
  );
}
