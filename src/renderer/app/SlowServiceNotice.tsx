import { useEffect, useState, useSyncExternalStore } from 'react';
import { oldestWaitingSince, onWaitingChange, stopWaiting } from '../api';

/** A few seconds: longer than a normal answer, far shorter than the client's 30 s deadline. */
const SLOW_AFTER_MS = 4_000;

/**
 * When a request has waited more than a few seconds (a frozen service answers nothing, and the
 * client may keep trying for 30 s), say so instead of leaving placeholders, and let the person
 * stop waiting: the screens then show the request as cancelled, each with its Retry.
 */
export function SlowServiceNotice() {
  const since = useSyncExternalStore(onWaitingChange, oldestWaitingSince);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [since]);
  const waited = since === null ? 0 : now - since;
  return (
    <div className="slow-down" role="status" aria-live="polite">
      {waited >= SLOW_AFTER_MS && (
        <p>
          The service is slow to answer — waiting {Math.floor(waited / 1000)} s.{' '}
          <button type="button" className="button small" onClick={stopWaiting}>
            Stop waiting
          </button>
        </p>
      )}
    </div>
  );
}
