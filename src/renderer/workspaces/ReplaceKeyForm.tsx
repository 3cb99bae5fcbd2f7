import { type FormEvent, useState } from 'react';
import { apiKeyProblem } from '../../shared/api-key-text';
import { useOfflineReason } from '../replica/queries';
import { InlineError } from '../shared-ui/InlineError';
import { ApiKeyField } from './ApiKeyField';
import { useWorkspaceChange } from './queries';

export function ReplaceKeyForm({ workspaceId, onDone }: { workspaceId: string; onDone?: () => void }) {
  const replace = useWorkspaceChange('replaceKey');
  const offlineReason = useOfflineReason();
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = apiKey.trim();
    setProblem(apiKeyProblem(key));
    if (apiKeyProblem(key)) return;
    replace.mutate(
      { workspaceId, apiKey: key },
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
      <ApiKeyField label="New API key" value={apiKey} onChange={setApiKey} problem={problem} />
      {replace.isError && <InlineError error={replace.error} />}
      {replace.isSuccess && <output className="notice">The new key is in use.</output>}
      {offlineReason && <p className="muted small">{offlineReason}</p>}
      <button
        type="submit"
        className="button primary"
        disabled={replace.isPending || offlineReason !== null}
        title={offlineReason ?? undefined}
      >
        {replace.isPending ? 'Checking key…' : 'Use this key'}
      </button>
    </form>
  );
}
