import type { CopyScope } from '../../../../../shared/bridge';
import { recentSince } from '../../../../../shared/copy-scope';
import type { ReplicaDatabase } from '../replica-db';

/**
 * A scope as the copy was last made to fit it: a scope of recent months with the instant it
 * started then (it moves on at every round, and what falls behind it leaves the copy).
 */
export type AppliedScope =
  | { kind: 'everything' }
  | { kind: 'recent'; months: number; since: string }
  | { kind: 'owners'; ownerIds: string[] };

const SCOPE_KEY = 'scope';

export function applyScopeAt(scope: CopyScope, now: number): AppliedScope {
  return scope.kind === 'recent' ? { ...scope, since: recentSince(scope.months, now) } : scope;
}

/** The person's choice a scope was applied from. */
export function choiceOf(applied: AppliedScope): CopyScope {
  return applied.kind === 'recent' ? { kind: 'recent', months: applied.months } : applied;
}

export function sameChoice(a: AppliedScope, b: AppliedScope): boolean {
  return JSON.stringify(choiceOf(a)) === JSON.stringify(choiceOf(b));
}

/** Whether every record within `narrower` lies within `wider` too. */
export function holdsAll(wider: AppliedScope, narrower: AppliedScope): boolean {
  if (wider.kind === 'everything') return true;
  if (wider.kind === 'recent')
    return narrower.kind === 'recent' && Date.parse(narrower.since) >= Date.parse(wider.since);
  return narrower.kind === 'owners' && narrower.ownerIds.every((id) => wider.ownerIds.includes(id));
}

/** The scope the copy was last made to fit (the whole workspace until one was chosen). */
export function appliedScope(db: ReplicaDatabase): AppliedScope {
  const stored = db.prepare<[string], string>('SELECT value FROM sync_state WHERE key = ?').pluck().get(SCOPE_KEY);
  return stored ? (JSON.parse(stored) as AppliedScope) : { kind: 'everything' };
}

export function storeAppliedScope(db: ReplicaDatabase, scope: AppliedScope): void {
  db.prepare(
    'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(SCOPE_KEY, JSON.stringify(scope));
}
