import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type DealWarningThresholds, defaultDealWarningThresholds, type Preferences } from '../../shared/bridge';
import { call } from '../api';
import { InlineError } from '../shared-ui/InlineError';
import { useUndoOffer } from '../state/undo-offer';
import { appKeys, workspaceQueries } from './queries';

/** When the board and deal pages warn: the two thresholds a manager tunes to their sales cycle. */
export function DealWarningSettings() {
  const queryClient = useQueryClient();
  const saved = useQuery(workspaceQueries.preferences()).data?.dealWarnings ?? defaultDealWarningThresholds;
  const [draft, setDraft] = useState<Record<keyof DealWarningThresholds, string> | null>(null);
  const values = draft ?? { staleDays: String(saved.staleDays), probabilityDrop: String(saved.probabilityDrop) };
  const keep = (preferences: Preferences) => queryClient.setQueryData(appKeys.preferences(), preferences);
  const save = useMutation({
    mutationFn: (dealWarnings: DealWarningThresholds) => call('setPreferences', { dealWarnings }),
    onMutate: () => ({ before: saved }),
    onSuccess: (preferences, thresholds, { before }) => {
      keep(preferences);
      setDraft(null);
      useUndoOffer
        .getState()
        .offerUndo(
          `Deal warnings saved: after ${thresholds.staleDays} days without activity, or a drop of ${thresholds.probabilityDrop} points.`,
          async () => {
            keep(await call('setPreferences', { dealWarnings: before }));
          },
        );
    },
  });
  const ids = { stale: useId(), drop: useId() };
  const field = (name: keyof DealWarningThresholds) => ({
    type: 'number',
    inputMode: 'numeric' as const,
    required: true,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...values, [name]: event.target.value }),
  });
  return (
    <section className="card" aria-labelledby="deal-warnings-heading">
      <h2 id="deal-warnings-heading">Deal warnings</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ staleDays: Number(values.staleDays), probabilityDrop: Number(values.probabilityDrop) });
        }}
      >
        <label htmlFor={ids.stale}>Warn after this many days without activity</label>
        <input id={ids.stale} min={1} max={365} step={1} {...field('staleDays')} />
        <label htmlFor={ids.drop}>Warn when win probability drops by this many points</label>
        <input id={ids.drop} min={1} max={100} step={1} {...field('probabilityDrop')} />
        <p className="muted small">
          Deals also warn when their close date has passed while open, when pricing never came up in their calls, and
          when they were never scored.
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={draft === null || save.isPending}>
            Save warnings
          </button>
        </div>
        {save.isSuccess && draft === null && (
          <output className="muted small" aria-live="polite">
            Saved.
          </output>
        )}
        {save.isError && <InlineError error={save.error} />}
      </form>
    </section>
  );
}
