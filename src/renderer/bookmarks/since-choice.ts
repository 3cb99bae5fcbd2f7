import type { ChangesSince } from '../../shared/bookmarks';

/**
 * What a screen reads "since": the manager's last look, last Monday 9:00, a named bookmark, or a
 * moment they typed, kept in the screen's address (`?since=monday`) so a reload and Back return to it.
 */
export type SinceChoice =
  | { kind: 'last-look' }
  | { kind: 'monday' }
  | { kind: 'bookmark'; id: string }
  /** A moment as a `datetime-local` field gives it (`2026-11-10T09:00`, the reader's zone); '' until one is typed. */
  | { kind: 'moment'; local: string };

export const SINCE_PARAM = 'since';

const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The choice an address's `since` names; anything unreadable is the last look, the default. */
export function readSince(value: string | null): SinceChoice {
  if (value === 'monday') return { kind: 'monday' };
  if (value?.startsWith('bookmark:') && value.length > 'bookmark:'.length) {
    return { kind: 'bookmark', id: value.slice('bookmark:'.length) };
  }
  if (value?.startsWith('at:')) return { kind: 'moment', local: value.slice('at:'.length) };
  return { kind: 'last-look' };
}

/** The address's `since` for a choice; null for the default, which the address leaves out. */
export function writeSince(choice: SinceChoice): string | null {
  switch (choice.kind) {
    case 'last-look':
      return null;
    case 'monday':
      return 'monday';
    case 'bookmark':
      return `bookmark:${choice.id}`;
    case 'moment':
      return `at:${choice.local}`;
  }
}

/** The latest Monday 9:00 in the reader's zone that has come: today's once it is past 9:00 on a Monday. */
export function lastMondayAt9(now: Date): Date {
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  if (monday.getTime() > now.getTime()) monday.setDate(monday.getDate() - 7);
  return monday;
}

/** A moment as a `datetime-local` field shows it, in the reader's zone. */
export function toLocalMoment(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an instant, or null when it is not one. */
export function fromLocalMoment(local: string): Date | null {
  if (!LOCAL_MOMENT.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What to ask the engine for this choice; null while a moment is still to be typed. */
export function sinceQuery(choice: SinceChoice, now: Date): ChangesSince | null {
  switch (choice.kind) {
    case 'last-look':
      return { kind: 'last-look' };
    case 'monday':
      return { kind: 'moment', at: lastMondayAt9(now).toISOString() };
    case 'bookmark':
      return { kind: 'bookmark', id: choice.id };
    case 'moment': {
      const at = fromLocalMoment(choice.local);
      return at ? { kind: 'moment', at: at.toISOString() } : null;
    }
  }
}
