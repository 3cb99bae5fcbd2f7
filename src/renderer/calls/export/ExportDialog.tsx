import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '../../shared-ui/Dialog';
import { formatDateTime } from '../../shared-ui/format';
import { InlineError } from '../../shared-ui/InlineError';
import { useCallRecord } from '../call-record';
import { callQueries } from '../queries';
import { useTranscriptLines } from '../useTranscriptLines';
import { type ExportKind, exportFile, exportKinds } from './export-kinds';
import { saveExport } from './save-export';

const saidAfter = { saved: 'Saved', downloaded: 'Downloaded', cancelled: 'Not saved: the save was cancelled' } as const;

/**
 * Choose what to export of the call and save it. What it exports is read while the dialog is
 * open only, so the page does not render again for it as the call's answers arrive.
 */
export function ExportDialog({ callId, open, onClose }: { callId: string; open: boolean; onClose: () => void }) {
  const [chosen, setChosen] = useState(exportKinds[0]!.id);
  return (
    <Dialog open={open} onClose={onClose} title="Export this call">
      <ExportForm callId={callId} chosen={chosen} onChoose={setChosen} onClose={onClose} />
    </Dialog>
  );
}

function ExportForm({
  callId,
  chosen,
  onChoose,
  onClose,
}: {
  callId: string;
  chosen: string;
  onChoose: (kind: string) => void;
  onClose: () => void;
}) {
  const call = useCallRecord(callId).data?.data;
  const { transcript, lines } = useTranscriptLines(callId);
  const summary = useQuery(callQueries.summary(callId));
  const checklist = useQuery(callQueries.checklist(callId));
  const groupId = useId();
  // Why an export cannot be made yet: a read it needs that the page does not have.
  const unavailable: Partial<Record<ExportKind['needs'], string>> = {
    transcript: transcript.isPending
      ? 'loading'
      : transcript.isError
        ? 'could not be read'
        : lines.length === 0
          ? 'no transcript'
          : undefined,
    summary:
      summary.isPending || checklist.isPending
        ? 'loading'
        : summary.isError || checklist.isError
          ? 'could not be read'
          : summary.data === null && checklist.data === null
            ? 'not analysed yet'
            : undefined,
  };
  const save = useMutation({
    mutationFn: async (kind: ExportKind) => {
      const file = exportFile(kind, {
        call: {
          title: call?.title,
          createdAt: call?.created_at,
          recorded: call?.created_at ? formatDateTime(call.created_at) : null,
        },
        lines: lines.all(),
        summary: summary.data?.data ?? null,
        checklist: checklist.data?.data ?? null,
      });
      return { outcome: await saveExport(file), name: file.name };
    },
  });
  const available = (candidate: ExportKind) => !unavailable[candidate.needs];
  const kind =
    exportKinds.find((candidate) => candidate.id === chosen && available(candidate)) ??
    exportKinds.find(available) ??
    exportKinds[0]!;
  return (
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
                onChoose(candidate.id);
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
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
