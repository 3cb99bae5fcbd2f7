import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '../../shared-ui/Dialog';
import { InlineError } from '../../shared-ui/InlineError';
import { type CallExportSource, type ExportKind, exportFile, exportKinds } from './export-kinds';
import { saveExport } from './save-export';

const saidAfter = { saved: 'Saved', downloaded: 'Downloaded', cancelled: 'Not saved: the save was cancelled' } as const;

/**
 * Choose what to export and save it. `unavailable` says, for a read the page does not have
 * (no transcript, the summary still loading…), why the exports that need it cannot be made.
 */
export function ExportDialog({
  open,
  onClose,
  source,
  unavailable,
}: {
  open: boolean;
  onClose: () => void;
  source: CallExportSource;
  unavailable: Partial<Record<ExportKind['needs'], string>>;
}) {
  const [chosen, setChosen] = useState(exportKinds[0]!.id);
  const groupId = useId();
  const save = useMutation({
    mutationFn: async (kind: ExportKind) => {
      const file = exportFile(kind, source);
      return { outcome: await saveExport(file), name: file.name };
    },
  });
  const available = (candidate: ExportKind) => !unavailable[candidate.needs];
  const kind =
    exportKinds.find((candidate) => candidate.id === chosen && available(candidate)) ??
    exportKinds.find(available) ??
    exportKinds[0]!;
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Export this call">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (available(kind)) save.mutate(kind);
        }}
      >
        <fieldset aria-labelledby={groupId} className="export-kinds">
          <legend id={groupId}>What to export</legend>
          {exportKinds.map((candidate) => (
            <label key={candidate.id} className="radio-row">
              <input
                type="radio"
                name="export-kind"
                value={candidate.id}
                checked={candidate.id === kind.id}
                disabled={!available(candidate)}
                onChange={() => {
                  setChosen(candidate.id);
                  save.reset();
                }}
              />
              <span>
                {candidate.label}
                {unavailable[candidate.needs] && <span className="muted small"> ({unavailable[candidate.needs]})</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <output className="export-outcome" aria-live="polite">
          {save.isSuccess &&
            `${saidAfter[save.data.outcome]}${save.data.outcome === 'cancelled' ? '.' : `: ${save.data.name}`}`}
        </output>
        {save.isError && <InlineError error={save.error} />}
        <div className="actions">
          <button type="submit" className="button primary" disabled={!available(kind) || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
      </form>
    </Dialog>
  );
}
