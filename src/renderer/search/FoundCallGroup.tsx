import type { ReactNode } from 'react';
import { CallDate } from './CallDate';
import type { FoundCall } from './HitOption';
import { plural } from './result-counts';

/**
 * A call's lines in the palette's list, under the call's title, date, count and deal: the count is
 * every line of the call that matches, of which the first few are listed, as on the Search screen.
 */
export function FoundCallGroup({ call, children }: { call: FoundCall; children: ReactNode }) {
  const title = call.title || 'Untitled call';
  const lines = plural(call.count, 'line', 'lines');
  return (
    // biome-ignore lint/a11y/useSemanticElements: inside a listbox the group role is the one that applies
    <div role="group" aria-label={`${title}, ${lines}`} className="found-call">
      <div className="found-call-head" aria-hidden="true">
        <span className="hit-title">{title}</span>
        <span className="muted small">
          <CallDate videoId={call.videoId} createdAt={call.createdAt} />
          {` · ${lines}`}
          {/* Words only: the head is no place for a link, and a deal the copy does not know is not read for it. */}
          {call.dealTitle ? ` · ${call.dealTitle}` : call.dealId === null ? ' · No deal' : ''}
        </span>
        {call.source === 'service' && (
          <span className="badge found-call-badge">Not synced yet: found by the service</span>
        )}
      </div>
      {children}
    </div>
  );
}
