import { useEffect } from 'react';
import { useUiStore } from '../state/ui-store';

const waitingFor: Record<string, string> = {
  rate_limited: 'The service asked us to slow down',
  service_unavailable: 'The service is briefly unavailable',
};

/** Shown while main waits before a retry (clientWaiting event), then gone by itself. */
export function SlowDownNotice() {
  const slowDown = useUiStore((state) => state.slowDown);
  const clear = useUiStore((state) => state.clearSlowDown);
  useEffect(() => {
    if (!slowDown) return;
    const timer = window.setTimeout(clear, Math.max(0, slowDown.until - Date.now()) + 500);
    return () => window.clearTimeout(timer);
  }, [slowDown, clear]);
  return (
    <div className="slow-down" role="status" aria-live="polite">
      {slowDown && (
        <p>
          {waitingFor[slowDown.code] ?? 'The service did not answer'} — slowing down and retrying in{' '}
          {Math.max(1, Math.ceil((slowDown.until - Date.now()) / 1000))} s…
        </p>
      )}
    </div>
  );
}
