import { type FormEvent, useId, useState } from 'react';
import { InlineError } from '../shared-ui/InlineError';
import { useWorkspaceChange } from './queries';

export function ReplaceKeyForm({ workspaceId, onDone }: { workspaceId: string; onDone?: () => void }) {
  const replace = useWorkspaceChange('replaceKey');
  const [apiKey, setApiKey] = useState('');
  const keyId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    replace.mutate(
      { workspaceId, apiKey: apiKey.trim() },
      {
        onSuccess: () => {
          setApiKey('');
          onDone?.();
        },
      },
    );
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Replace the key">
      <label htmlFor={keyId}>New API key</label>
      <input
        id={keyId}
        type="password"
        required
        autoComplete="off"
        value={apiKey}
        onChange={(event) => setApiKey(event.target.value)}
      />
      {replace.isError && <InlineError error={replace.error} />}
      {replace.isSuccess && <output className="notice">The new key is in use.</output>}
      <button type="submit" className="button primary" disabled={replace.isPending}>
        {replace.isPending ? 'Checking key…' : 'Use this key'}
      </button>
    </form>
  );
}
