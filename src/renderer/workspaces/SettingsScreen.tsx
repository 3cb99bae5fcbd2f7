import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Preferences, Workspace } from '../../shared/bridge';
import { call } from '../api';
import { LocalCopySettings } from '../replica/LocalCopySettings';
import { useOfflineReason } from '../replica/queries';
import { ConfirmDialog } from '../shared-ui/ConfirmDialog';
import { InlineError } from '../shared-ui/InlineError';
import { AddWorkspaceForm } from './AddWorkspaceForm';
import { ConnectionCheck } from './ConnectionCheck';
import { CurrencySetting } from './CurrencySetting';
import { DealWarningSettings } from './DealWarningSettings';
import { appKeys, useWorkspaceChange, workspaceQueries } from './queries';
import { ReplaceKeyForm } from './ReplaceKeyForm';
import './workspaces.css';

/** What each way of stopping asks before it acts, and what it says will happen. */
const confirmations = {
  revoke: (name: string) => ({
    title: 'Revoke this key?',
    label: 'Revoke key',
    text: `The service will refuse this key from now on — here and in every other app or script that uses it. This cannot be undone: to open ${name} again you will need a new key from your web application.`,
  }),
  'sign-out': (name: string) => ({
    title: `Sign out of ${name}?`,
    label: 'Sign out',
    text: 'The key is removed from this computer, and the local copy of this workspace with it. The key keeps working elsewhere; you can add it again later.',
  }),
  remove: (name: string) => ({
    title: `Remove ${name}?`,
    label: 'Remove workspace',
    text: 'The workspace leaves Callscope on this computer: its settings, its key and its local copy are deleted. Everything on the service stays, and the key keeps working elsewhere.',
  }),
};

/** The workspace: its connection, its key (replace, revoke, sign out), the theme, and more workspaces. */
export function SettingsScreen({ workspace }: { workspace: Workspace }) {
  const [confirm, setConfirm] = useState<keyof typeof confirmations | null>(null);
  const changes = {
    revoke: useWorkspaceChange('revokeKey'),
    'sign-out': useWorkspaceChange('signOut'),
    remove: useWorkspaceChange('removeWorkspace'),
  };
  const offlineReason = useOfflineReason();
  const pending = changes[confirm ?? 'sign-out'];
  const confirmation = confirm && confirmations[confirm](workspace.name);
  return (
    <div className="screen">
      <h1>Workspace and key</h1>
      <section className="card" aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">{workspace.name}</h2>
        <dl className="facts">
          <dt>Service address</dt>
          <dd>{workspace.baseUrl}</dd>
          <dt>Signed in as</dt>
          <dd>
            {workspace.member
              ? [workspace.member.display_name, workspace.member.email && `(${workspace.member.email})`]
                  .filter(Boolean)
                  .join(' ')
              : '—'}
          </dd>
        </dl>
        <CurrencySetting workspace={workspace} />
      </section>
      <ConnectionCheck workspace={workspace} />
      {workspace.kind === 'demo' ? (
        <section className="card" aria-labelledby="demo-key-heading">
          <h2 id="demo-key-heading">The demo key</h2>
          <p>
            The demo workspace uses the local service’s own key, read at launch and never stored: there is nothing to
            replace, revoke or sign out of. Add your own workspace below to manage a key.
          </p>
        </section>
      ) : (
        <>
          <section className="card" aria-labelledby="replace-heading">
            <h2 id="replace-heading">Replace the key</h2>
            <p>The new key is checked with the service before it replaces the current one.</p>
            <ReplaceKeyForm workspaceId={workspace.id} />
          </section>
          <section className="card" aria-labelledby="end-heading">
            <h2 id="end-heading">Stop using this key</h2>
            <div className="actions">
              <button type="button" className="button" onClick={() => setConfirm('sign-out')}>
                Sign out of {workspace.name}
              </button>
              <button type="button" className="button danger" onClick={() => setConfirm('remove')}>
                Remove workspace…
              </button>
              <button
                type="button"
                className="button danger"
                disabled={offlineReason !== null}
                title={offlineReason ?? undefined}
                onClick={() => setConfirm('revoke')}
              >
                Revoke key…
              </button>
            </div>
            {offlineReason && <p className="muted small">Revoking the key is off. {offlineReason}</p>}
          </section>
        </>
      )}
      <LocalCopySettings workspace={workspace} />
      <ThemeSetting />
      <DealWarningSettings />
      <section className="card" aria-labelledby="another-heading">
        <h2 id="another-heading">Add another workspace</h2>
        <AddWorkspaceForm />
      </section>
      <ConfirmDialog
        open={confirm !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={confirmation?.label ?? ''}
        busy={pending.isPending}
        onCancel={() => {
          pending.reset();
          setConfirm(null);
        }}
        onConfirm={() => pending.mutate({ workspaceId: workspace.id }, { onSuccess: () => setConfirm(null) })}
      >
        <p>{confirmation?.text}</p>
        {pending.isError && <InlineError error={pending.error} />}
      </ConfirmDialog>
    </div>
  );
}

function ThemeSetting() {
  const queryClient = useQueryClient();
  const preferences = useQuery(workspaceQueries.preferences());
  const save = useMutation({
    mutationFn: (theme: Preferences['theme']) => call('setPreferences', { theme }),
    onSuccess: (saved) => queryClient.setQueryData(appKeys.preferences(), saved),
  });
  const selectId = useId();
  return (
    <section className="card" aria-labelledby="theme-heading">
      <h2 id="theme-heading">Appearance</h2>
      <label htmlFor={selectId}>Theme</label>
      <select
        id={selectId}
        value={preferences.data?.theme ?? 'system'}
        onChange={(event) => save.mutate(event.target.value as Preferences['theme'])}
      >
        <option value="system">Follow the system</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      {save.isError && <InlineError error={save.error} />}
    </section>
  );
}
