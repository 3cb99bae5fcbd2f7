import type { SyncStatus } from '../../shared/bridge';
import { scopeShortWords } from '../../shared/copy-scope';

export const syncStateWords: Record<SyncStatus['state'], string> = {
  syncing: 'Syncing in the background',
  paused: 'Paused',
  offline: 'Waiting for the service',
  'key-refused': 'Stopped: the service refused the key',
  'up-to-date': 'Up to date',
  waiting: 'Not finished: it tries again by itself',
  off: 'Not syncing in the background',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "170 of 175 stored · 5 could not be fetched yet · 1 could not be read (id vid_1)". */
export function storedWords(count: SyncStatus['calls']): string {
  const parts = [`${count.synced} of ${count.known} stored`];
  if (count.failing > 0) parts.push(`${count.failing} could not be fetched yet`);
  if (count.skipped > 0) {
    const ids = count.skippedIds.map((id) => id ?? 'no id');
    const more = count.skipped > ids.length ? ', …' : '';
    parts.push(`${count.skipped} could not be read (${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')}${more})`);
  }
  return parts.join(' · ');
}

/** When the sync runs again by itself, as the clock shows it ("18:40", or a date when not today). */
export function nextAttemptWords(iso: string | null, now: number = Date.now(), locale?: string): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const sameDay = new Date(now).toDateString() === at.toDateString();
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return sameDay ? time : `${at.toLocaleDateString(locale, { dateStyle: 'medium' })} ${time}`;
}

/**
 * The top bar's few words on the sync, only when it is doing something or short of done: never
 * "synced" while records the lists gave are not stored.
 */
export function syncBarWords(status: SyncStatus, now: number = Date.now(), locale?: string): string | null {
  if (status.state === 'syncing') {
    const scope = scopeShortWords(status.scope);
    return `syncing ${status.calls.synced} of ${status.calls.known} calls${scope ? ` of ${scope}` : ''}`;
  }
  if (status.state !== 'waiting') return null;
  const failing = status.calls.failing + status.deals.failing;
  const what =
    failing > 0
      ? `${plural(status.calls.failing, 'call', 'calls')}${status.deals.failing > 0 ? ` and ${plural(status.deals.failing, 'deal', 'deals')}` : ''} not fetched yet`
      : 'sync not finished';
  const next = nextAttemptWords(status.nextAttemptAt, now, locale);
  return next ? `${what}, trying again at ${next}` : what;
}
