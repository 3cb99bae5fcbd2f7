import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** While the computer is offline; TanStack Query refetches by itself when the connection returns. */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return (
    <div className="slow-down" role="status" aria-live="polite">
      {!online && <p>You are offline. What is on screen may be out of date; it refreshes when you are back online.</p>}
    </div>
  );
}
