import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared-ui/format';
import { useCallRecord } from '../call-record';
import { callQueries } from '../queries';
import { useTranscriptLines } from '../useTranscriptLines';
import { ExportDialog } from './ExportDialog';

/** The call page's export: what it exports is read here, so the rest of the page does not render for it. */
export function CallExport({ callId, open, onClose }: { callId: string; open: boolean; onClose: () => void }) {
  const call = useCallRecord(callId).data?.data;
  const { transcript, lines } = useTranscriptLines(callId);
  const summary = useQuery(callQueries.summary(callId));
  const checklist = useQuery(callQueries.checklist(callId));
  const source = {
    call: {
      title: call?.title,
      createdAt: call?.created_at,
      recorded: call?.created_at ? formatDateTime(call.created_at) : null,
    },
    // Read only when an export is made: converting every line waits for that.
    get lines() {
      return lines.all();
    },
    summary: summary.data?.data ?? null,
    checklist: checklist.data?.data ?? null,
  };
  return (
    <ExportDialog
      open={open}
      onClose={onClose}
      source={source}
      unavailable={{
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
      }}
    />
  );
}
