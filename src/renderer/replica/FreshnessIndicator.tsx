import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { scopeShortWords } from '../../shared/copy-scope';
import { formatAgo } from '../shared-ui/format';
import { pauseLine, pauseWords, rebuiltWords } from './local-copy-words';
import { replicaQueries, syncQueries } from './queries';
import { syncBarWords } from './sync-words';
import './replica.css';

/** Once a minute is enough for "2 min ago". */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A calm line saying how fresh what is on screen is: screens paint from the local replica first,
 * so the person knows whether they read the service's latest or what was synced before.
 */
export function FreshnessIndicator() {
  const status = useQuery(replicaQueries.status());
  const sync = useQuery(syncQueries.status());
  const now = useMinuteClock();
  const syncWords = sync.data ? syncBarWords(sync.data, now) : null;
  // The line's place in the top bar is there from the first paint, so its words never move the bar.
  if (!status.data) return <p className="freshness" role="status" aria-live="polite" />;
  const { online, lastContactAt, storage, storingPaused, rebuilt } = status.data;
  const when = lastContactAt ? formatAgo(lastContactAt, now) : null;
  const sessionOnly =
    storage === 'memory' ? 'No OS keychain: the local copy is kept in memory for this session only.' : undefined;
  // Offline, what lies outside a copy that keeps part of the workspace cannot be read: the line says what it keeps.
  const scope = sync.data ? scopeShortWords(sync.data.scope) : null;
  const offline =
    storage === 'off'
      ? 'Offline — the local copy is off, so screens not open already cannot be read'
      : `Offline — showing what was synced${when ? ` (updated ${when})` : ''}${scope ? `, only ${scope}` : ''}`;
  const notice = storingPaused
    ? {
        line: pauseLine(storingPaused),
        title: `${pauseWords(storingPaused)}. Screens show what it holds and what the service answers; nothing new is kept until a write succeeds again, which is tried every 30 seconds.`,
      }
    : rebuilt && rebuiltWords(rebuilt);
  return (
    <p
      className={['freshness', !online && 'offline', notice && 'noticed'].filter(Boolean).join(' ')}
      role="status"
      aria-live="polite"
      // A narrow window cuts the line short: the whole of it on hover.
      title={[online ? sessionOnly : offline, notice?.title].filter(Boolean).join(' ') || undefined}
    >
      <span className="freshness-line">
        {!online && offline}
        {/* Online, the notice leads: where the bar is tight, the end of the line is what is cut. */}
        {notice && (
          <span className="freshness-notice">
            {!online && ' · '}
            {notice.line}
          </span>
        )}
        {online && when && (notice ? <span className="muted"> · updated {when}</span> : `Updated ${when}`)}
        {syncWords && <span className="muted"> · {syncWords}</span>}
        {sessionOnly && <span className="muted"> · local copy for this session only</span>}
      </span>
    </p>
  );
}
