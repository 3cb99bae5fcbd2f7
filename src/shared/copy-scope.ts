import type { CopyScope } from './bridge';

/** The scope of a copy no one chose one for. */
export const WHOLE_WORKSPACE: CopyScope = { kind: 'everything' };

/**
 * Where a scope of the last `months` months starts: that many calendar months before `now` (UTC),
 * on the same day, or the month's last when it is shorter (3 months before 31 May: 28 February).
 */
export function recentSince(months: number, now: number): string {
  const at = new Date(now);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at.toISOString();
}

const lastMonths = (months: number) => (months === 1 ? 'the last month' : `the last ${months} months`);

/** "Ana", "Ana and Ben", "Ana, Ben and Cy", "Ana, Ben and 3 others". */
export function namesWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'no one';
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} and ${names.length - 2} others`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Members by name, never by id (design.md); an id the team list does not know stays an id. */
export type NameOf = (memberId: string) => string;

/** What a copy keeps, as a sentence says it: "the calls of the last 3 months, with their deals". */
export function scopeWords(scope: CopyScope, nameOf: NameOf): string {
  if (scope.kind === 'recent') return `the calls of ${lastMonths(scope.months)}, with their deals`;
  if (scope.kind === 'owners') return `the deals of ${namesWords(scope.ownerIds.map(nameOf))}, with their calls`;
  return 'every call and deal';
}

/**
 * The calls a scope keeps and those it leaves to the service, for the search's coverage note
 * ("Calls of the last 3 months", "older calls"); null for the whole workspace.
 */
export function scopeCallsWords(scope: CopyScope, nameOf: NameOf): { inside: string; outside: string } | null {
  if (scope.kind === 'recent') return { inside: `Calls of ${lastMonths(scope.months)}`, outside: 'older calls' };
  if (scope.kind === 'owners') {
    return { inside: `Calls of the deals of ${namesWords(scope.ownerIds.map(nameOf))}`, outside: 'other calls' };
  }
  return null;
}

/** The few words a status line gives a scope narrower than everything: "the last 3 months", "the chosen owners’ deals". */
export function scopeShortWords(scope: CopyScope): string | null {
  if (scope.kind === 'recent') return lastMonths(scope.months);
  if (scope.kind === 'owners') return 'the chosen owners’ deals';
  return null;
}
