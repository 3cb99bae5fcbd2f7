import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { navigate } from '../app/router';
import { InlineError } from '../shared-ui/InlineError';
import { useWorkspaceChange, workspaceQueries } from './queries';

/** Main checks the key with GET /v1/members/me before storing it (issue 6, item 1). */
export function AddWorkspaceForm() {
  const add = useWorkspaceChange('addWorkspace');
  const keyStorage = useQuery(workspaceQueries.appInfo()).data?.keyStorage;
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [name, setName] = useState('');
  const ids = { url: useId(), key: useId(), name: useId(), hint: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      { onSuccess: () => navigate('/deals') },
    );
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
      <label htmlFor={ids.key}>API key</label>
      <input
        id={ids.key}
        type="password"
        required
        autoComplete="off"
        aria-describedby={ids.hint}
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
      />
      <p id={ids.hint} className="hint">
        The key is checked with the service, then kept{' '}
        {keyStorage === 'session' ? 'in memory for this session only' : 'in your system’s keychain'}.
      </p>
      {add.isError && <InlineError error={add.error} />}
      <button type="submit" className="button primary" disabled={add.isPending}>
        {add.isPending ? 'Checking key…' : 'Add workspace'}
      </button>
    </form>
  );
}
