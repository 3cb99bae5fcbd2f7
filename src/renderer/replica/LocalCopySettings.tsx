import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { SyncStatus } from '../../shared/bridge';
import { InlineError } from '../shared-ui/InlineError';
import { replicaQueries, syncQueries, useSyncControl } from './queries';

const stateWords: Record<SyncStatus['state'], string> = {
  syncing: 'Syncing in the background',
  paused: 'Paused',
  offline: 'Waiting for the service',
  'up-to-date': 'Up to date',
  off: 'Not syncing in the background',
};

/** Settings: where the local copy lives, what the background sync holds, pause and resume, its request budget. */
export function LocalCopySettings() {
  const replica = useQuery(replicaQueries.status());
  const sync = useQuery(syncQueries.status());
  const control = useSyncControl();
  const budgetId = useId();
  const [budget, setBudget] = useState<string | null>(null);
  const status = sync.data;
  const saveBudget = (event: FormEvent) => {
    event.preventDefault();
    if (budget !== null) control.setBudget.mutate(Number(budget), { onSuccess: () => setBudget(null) });
  };
  return (
    <section className="card" aria-labelledby="local-copy-heading">
      <h2 id="local-copy-heading">Local copy</h2>
      <p>
        {replica.data?.storage === 'memory'
          ? 'No OS keychain is available, so the local copy is kept in memory for this session only.'
          : 'Calls and deals are kept on this computer, encrypted with a key held in the OS keychain, so screens open at once and stay readable offline.'}
      </p>
      {status && (
        <>
          <dl className="facts">
            <dt>Sync</dt>
            <dd>{stateWords[status.state]}</dd>
            <dt>Calls</dt>
            <dd>
              {status.calls.synced} of {status.calls.known} stored
            </dd>
            <dt>Deals</dt>
            <dd>
              {status.deals.synced} of {status.deals.known} stored
            </dd>
          </dl>
          {status.state !== 'off' && (
            <div className="actions">
              {status.state === 'paused' ? (
                <button type="button" className="button" onClick={() => control.resume.mutate()}>
                  Resume sync
                </button>
              ) : (
                <button type="button" className="button" onClick={() => control.pause.mutate()}>
                  Pause sync
                </button>
              )}
            </div>
          )}
          <form className="form" onSubmit={saveBudget} aria-label="Sync request budget">
            <label htmlFor={budgetId}>Requests per second the sync may make</label>
            <input
              id={budgetId}
              type="number"
              min={0.5}
              max={50}
              step={0.5}
              value={budget ?? String(status.requestsPerSecond)}
              onChange={(event) => setBudget(event.target.value)}
            />
            <button type="submit" className="button" disabled={budget === null || control.setBudget.isPending}>
              Save budget
            </button>
            {control.setBudget.isError && <InlineError error={control.setBudget.error} />}
          </form>
        </>
      )}
    </section>
  );
}
