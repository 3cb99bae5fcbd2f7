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
 * The one status, always in the top bar: whether the service answers (and this computer is
 * online), how fresh what is on screen is (screens paint from the local copy first), the sync's
 * progress, and `extra` (what waits to be sent, a wait before a retry). A button: it opens the
 * local copy's settings (`onOpen`). Its words live in a live region, so changes are read out.
 */
export function FreshnessIndicator({
  onOpen,
  hostOffline,
  extra,
}: {
  onOpen: () => void;
  /** This computer has no network (the browser says so): nothing can be asked of the service. */
  hostOffline: boolean;
  /** Short words the bar always has room for (`label`), each with its whole sentence (`detail`). */
  extra: { label: string; detail: string }[];
}) {
  const status = useQuery(replicaQueries.status());
  const sync = useQuery(syncQueries.status());
  const now = useMinuteClock();
  const syncWords = sync.data ? syncBarWords(sync.data, now) : null;
  const { lastContactAt, storage, storingPaused, rebuilt } = status.data ?? {};
  const online = !hostOffline && (status.data?.online ?? true);
  const when = lastContactAt ? formatAgo(lastContactAt, now) : null;
  const sessionOnly =
    storage === 'memory' ? 'No OS keychain: the local copy is kept in memory for this session only.' : undefined;
  // Offline, what lies outside a copy that keeps part of the workspace cannot be read: the line says what it keeps.
  const scope = sync.data ? scopeShortWords(sync.data.scope) : null;
  const offline = hostOffline
    ? `You are offline. What is on screen may be out of date${when ? ` (updated ${when})` : ''}; it refreshes when you are back online`
    : storage === 'off'
      ? 'Offline — the local copy is off, so screens not open already cannot be read'
      : `Offline — showing what was synced${when ? ` (updated ${when})` : ''}${scope ? `, only ${scope}` : ''}`;
  const notice = storingPaused
    ? {
        line: pauseLine(storingPaused),
        title: `${pauseWords(storingPaused)}. Screens show what it holds and what the service answers; nothing new is kept until a write succeeds again, which is tried every 30 seconds.`,
      }
    : rebuilt && rebuiltWords(rebuilt);
  return (
    <button
      type="button"
      className={['freshness', !online && 'offline', (notice || extra.length > 0) && 'noticed']
        .filter(Boolean)
        .join(' ')}
      onClick={onOpen}
      // A narrow window cuts the line short: the whole of it on hover, and how to open the settings.
      title={[
        ...extra.map((part) => `${part.detail}.`),
        online ? sessionOnly : offline,
        notice?.title,
        'Opens the local copy’s settings.',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {/* The line's place in the top bar is there from the first paint, so its words never move the bar. */}
      <span className="freshness-status" role="status" aria-live="polite">
        {/* What waits comes first and is never cut: where the bar is tight, the line is. */}
        {extra.map((part) => (
          <span key={part.label} className="freshness-extra badge tone-fair" title={part.detail}>
            {part.label}
          </span>
        ))}
        <span className="freshness-line">
          {status.data || hostOffline ? (
            <>
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
            </>
          ) : null}
        </span>
      </span>
    </button>
  );
}
