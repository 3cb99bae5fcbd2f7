import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiKeyProblem } from '../../shared/api-key-text';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { InlineError } from '../shared-ui/InlineError';
import { ApiKeyField } from './ApiKeyField';
import { ignoreShownFailure, useWorkspaceChange, workspaceQueries } from './queries';

/** Main checks the key with the service before storing it; a key that cannot be sent is refused here first. */
export function AddWorkspaceForm() {
  const add = useWorkspaceChange('addWorkspace');
  const keyStorage = useQuery(workspaceQueries.appInfo()).data?.keyStorage;
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [name, setName] = useState('');
  const [keyProblem, setKeyProblem] = useState<string | null>(null);
  const ids = { url: useId(), name: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    setKeyProblem(apiKeyProblem(key));
    if (apiKeyProblem(key)) return;
    // Not mutate's own onSuccess: the shell is keyed by workspace, and the new one can remount it
    // (this form with it) before the mutation settles, which drops that callback and leaves the
    // person on Settings. A failure is shown from the mutation's state.
    add
      .mutateAsync({ baseUrl: baseUrl.trim(), apiKey: key, ...(name.trim() ? { name: name.trim() } : {}) })
      .then(() => navigate(paths.pipeline()), ignoreShownFailure);
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Add a workspace">
      <label htmlFor={ids.name}>Name (optional)</label>
      <input id={ids.name} value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
      <label htmlFor={ids.url}>Service address</label>
      <input
        id={ids.url}
        type="url"
        required
        placeholder="https://api.example.com"
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
      />
      <ApiKeyField
        label="API key"
        value={apiKey}
        onChange={setApiKey}
        problem={keyProblem}
        hint={`The key is checked with the service, then kept ${
          keyStorage === 'session' ? 'in memory for this session only' : 'in your system’s keychain'
        }.`}
      />
      {add.isError && <InlineError error={add.error} />}
      <button type="submit" className="button primary" disabled={add.isPending}>
        {add.isPending ? 'Checking key…' : 'Add workspace'}
      </button>
    </form>
  );
}
