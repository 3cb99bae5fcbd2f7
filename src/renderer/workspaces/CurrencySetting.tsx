import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Workspace } from '../../shared/bridge';
import { call } from '../api';
import { InlineError } from '../shared-ui/InlineError';
import { useUndoOffer } from '../state/undo-offer';
import { workspaceKeys } from './queries';

/** Common currencies first; any other ISO 4217 code a workspace already holds is offered too. */
const currencies = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'BRL'];

/** The interface gives amounts without a currency: the workspace names it here. */
export function CurrencySetting({ workspace }: { workspace: Workspace }) {
  const queryClient = useQueryClient();
  const setCurrency = async (currency: string | null) => {
    await call('setWorkspaceCurrency', { workspaceId: workspace.id, currency });
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
  };
  const save = useMutation({
    mutationFn: setCurrency,
    onMutate: () => ({ before: workspace.currency }),
    onSuccess: (_done, currency, { before }) =>
      useUndoOffer
        .getState()
        .offerUndo(`Amounts are now shown ${currency ? `in ${currency}` : 'as plain numbers'}.`, () =>
          setCurrency(before),
        ),
  });
  const selectId = useId();
  const options =
    workspace.currency && !currencies.includes(workspace.currency) ? [workspace.currency, ...currencies] : currencies;
  return (
    <div className="field">
      <label htmlFor={selectId}>Currency of amounts</label>
      <select
        id={selectId}
        value={workspace.currency ?? ''}
        onChange={(event) => save.mutate(event.target.value || null)}
      >
        <option value="">None (plain numbers)</option>
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      {save.isError && <InlineError error={save.error} />}
    </div>
  );
}
