import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { LocalCopy, SyncStatus, Workspace } from '../../shared/bridge';
import { scopeWords } from '../../shared/copy-scope';
import { ConfirmDialog } from '../shared-ui/ConfirmDialog';
import { formatBytes, formatDate } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useMemberNames } from '../team/queries';
import { CopyScopeForm } from './CopyScopeForm';
import { pauseWords, resetWords } from './local-copy-words';
import { replicaQueries, syncQueries, useLocalCopyControl, useSyncControl } from './queries';
import { nextAttemptWords, storedWords, syncStateWords } from './sync-words';

function storageWords(copy: LocalCopy): string {
  if (copy.storage === 'file')
    return 'Calls and deals are kept on this computer, encrypted with a key held in the OS keychain, so screens open at once and stay readable offline.';
  if (copy.storage === 'memory')
    return 'No OS keychain is available, so the local copy is kept in memory for this session only.';
  return copy.on
    ? 'Deleted, because this workspace has no key the service accepts. It starts again once a key works.'
    : 'Off: nothing of this workspace is kept on this computer, and every screen asks the service.';
}

function sizeWords(copy: LocalCopy): string {
  if (copy.storage === 'off') return 'None kept';
  const size = formatBytes(copy.bytes);
  return copy.storage === 'memory' ? `${size} in memory (this session only)` : `${size} on disk`;
}

/** "The calls of the last 3 months, with their deals · since 27 Aug 2026". */
function keepsWords(status: SyncStatus, nameOf: (memberId: string) => string): string {
  const words = scopeWords(status.scope, nameOf);
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return status.scopeSince ? `${sentence} · since ${formatDate(status.scopeSince)}` : sentence;
}

/**
 * Settings: the workspace's local copy (where it lives, its size, on or off, what it keeps,
 * remove its data) and its background sync (what it holds, pause and resume, its request budget).
 */
export function LocalCopySettings({ workspace }: { workspace: Workspace }) {
  const copy = useQuery(replicaQueries.localCopy(workspace.id));
  const control = useLocalCopyControl(workspace.id);
  const [confirm, setConfirm] = useState<'off' | 'remove' | null>(null);
  const switchId = useId();
  const on = copy.data?.on ?? null;
  const kept = copy.data !== undefined && copy.data.storage !== 'off';
  const pending = confirm === 'off' ? control.setOn : control.remove;
  const close = () => {
    pending.reset();
    setConfirm(null);
  };
  return (
    // The status in the top bar opens the settings with the focus here.
    <section className="card" id="local-copy" tabIndex={-1} aria-labelledby="local-copy-heading">
      <h2 id="local-copy-heading">Local copy</h2>
      {copy.isError && <InlineError error={copy.error} />}
      {copy.data && (
        <>
          <p>{storageWords(copy.data)}</p>
          {copy.data.storingPaused && (
            <p className="local-copy-notice">
              {pauseWords(copy.data.storingPaused)}. Screens show what it holds and what the service answers; nothing
              new is kept until a write succeeds again, which is tried every 30 seconds.
            </p>
          )}
          {copy.data.lastReset && <p className="muted">{resetWords(copy.data.lastReset)}</p>}
          <div className="switch-row">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              checked={on ?? false}
              aria-checked={on ?? false}
              disabled={control.setOn.isPending}
              onChange={(event) => (event.target.checked ? control.setOn.mutate(true) : setConfirm('off'))}
            />
            <label htmlFor={switchId}>Keep a local copy of {workspace.name}</label>
          </div>
          {control.setOn.isError && confirm === null && <InlineError error={control.setOn.error} />}
          <dl className="facts">
            <dt>Size</dt>
            <dd>{sizeWords(copy.data)}</dd>
          </dl>
          {copy.data.on && <CopyScopeForm workspace={workspace} scope={copy.data.scope} />}
          {kept && <SyncFacts />}
          <div className="actions">
            <button type="button" className="button danger" onClick={() => setConfirm('remove')}>
              Remove local data…
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'off' ? 'Turn off the local copy?' : `Remove the local data of ${workspace.name}?`}
        confirmLabel={confirm === 'off' ? 'Turn off and delete' : 'Remove local data'}
        busy={pending.isPending}
        onCancel={close}
        onConfirm={() =>
          confirm === 'off'
            ? control.setOn.mutate(false, { onSuccess: close })
            : control.remove.mutate(undefined, { onSuccess: close })
        }
      >
        <p>
          The copy of this workspace’s calls and deals on this computer is deleted, with its key in the keychain, and
          with it what lives only there: your private notes, bookmarks and your calls on deals.
          {confirm === 'off'
            ? ' Screens then ask the service each time and cannot be read offline, until you turn it on again.'
            : kept
              ? ' It then starts again, empty, and the sync fetches everything afresh.'
              : ''}
        </p>
        <p>Your API key, your settings and everything on the service stay as they are.</p>
        {pending.isError && <InlineError error={pending.error} />}
      </ConfirmDialog>
    </section>
  );
}

/** What the background sync holds, pause and resume, and its request budget. */
function SyncFacts() {
  const sync = useQuery(syncQueries.status());
  const control = useSyncControl();
  const budgetId = useId();
  const [budget, setBudget] = useState<string | null>(null);
  const status = sync.data;
  const nameOf = useMemberNames(status?.scope.kind === 'owners');
  const saveBudget = (event: FormEvent) => {
    event.preventDefault();
    if (budget !== null) control.setBudget.mutate(Number(budget), { onSuccess: () => setBudget(null) });
  };
  if (!status) return null;
  const next = nextAttemptWords(status.nextAttemptAt);
  return (
    <>
      <dl className="facts">
        <dt>Sync</dt>
        <dd>{syncStateWords[status.state]}</dd>
        {status.problem && (
          <>
            <dt>Why</dt>
            <dd>{status.problem}</dd>
          </>
        )}
        {next && (
          <>
            <dt>Next try</dt>
            <dd>{next}</dd>
          </>
        )}
        <dt>Keeps</dt>
        <dd>{keepsWords(status, nameOf)}</dd>
        <dt>Calls</dt>
        <dd>{storedWords(status.calls)}</dd>
        <dt>Deals</dt>
        <dd>{storedWords(status.deals)}</dd>
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
  );
}
