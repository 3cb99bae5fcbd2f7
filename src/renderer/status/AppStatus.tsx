import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { queuedJobsQuery, useQueuedJobEvents } from '../jobs/queued-jobs';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { FreshnessIndicator } from '../replica/FreshnessIndicator';
import { useUiStore } from '../state/ui-store';

function onBrowserOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const waitingFor: Record<string, string> = {
  rate_limited: 'The service asked us to slow down',
  service_unavailable: 'The service is briefly unavailable',
};

/** While main waits before a retry (clientWaiting event): the reason and the seconds left, then nothing. */
function useRetryWait(): StatusPart | null {
  const slowDown = useUiStore((state) => state.slowDown);
  const clear = useUiStore((state) => state.clearSlowDown);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!slowDown) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    const timer = window.setTimeout(clear, Math.max(0, slowDown.until - Date.now()) + 500);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [slowDown, clear]);
  if (!slowDown) return null;
  const seconds = Math.max(1, Math.ceil((slowDown.until - now) / 1000));
  return {
    label: 'Retrying',
    detail: `${waitingFor[slowDown.code] ?? 'The service did not answer'} — slowing down and retrying in ${seconds} s`,
  };
}

/** A part of the status the bar always has room for, and its whole sentence. */
type StatusPart = { label: string; detail: string };

const starts = (count: number) => (count === 1 ? '1 Re-score or Analyze' : `${count} Re-scores or Analyzes`);

/** What the queue holds: the starts waiting to be sent, and those the service refused when sent. */
function useQueueParts(): StatusPart[] {
  const queued = useQuery(queuedJobsQuery());
  const jobs = queued.data ?? [];
  const refused = jobs.filter((job) => job.refused).length;
  const waiting = jobs.length - refused;
  const parts: StatusPart[] = [];
  if (waiting > 0) parts.push({ label: `${waiting} to send`, detail: `${starts(waiting)} waiting to be sent` });
  if (refused > 0) parts.push({ label: `${refused} refused`, detail: `${starts(refused)} refused when sent` });
  return parts;
}

/**
 * Opens the settings and takes the focus to the local copy's part of them once it is on screen:
 * a frame and a task after it appears, so after a new screen has put the focus on its top.
 */
function openLocalCopySettings(): void {
  navigate(paths.settings());
  let frames = 0;
  const focus = () => {
    const section = document.getElementById('local-copy');
    if (section) requestAnimationFrame(() => setTimeout(() => section.focus()));
    else if (++frames < 120) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}

/**
 * The one status of the app, in the top bar: online or offline (the service's reach and this
 * computer's), when the copy was last brought up to date, the sync's progress, what is waiting to
 * be sent, and a wait before a retry. Enter or a click opens the local copy's settings.
 */
export function AppStatus() {
  useQueuedJobEvents();
  const hostOffline = !useSyncExternalStore(onBrowserOnline, () => navigator.onLine);
  const retryWait = useRetryWait();
  const queueParts = useQueueParts();
  return (
    <FreshnessIndicator
      onOpen={openLocalCopySettings}
      hostOffline={hostOffline}
      extra={[...(retryWait ? [retryWait] : []), ...queueParts]}
    />
  );
}
