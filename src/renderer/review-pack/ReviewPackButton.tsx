import { useMutation, useQuery } from '@tanstack/react-query';
import { exportFileName, fileDate } from '../../shared/export-file-name';
import { call } from '../api';
import { type SaveOutcome, saveExport } from '../calls/export/save-export';
import { useDealWarnings } from '../deals/useDealWarnings';
import { dealReads } from '../records/deal-reads';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { reviewPackMarkdown } from './review-pack-markdown';

const saidAfter: Record<SaveOutcome, string> = {
  saved: 'Review pack saved',
  downloaded: 'Review pack downloaded',
  cancelled: 'Not saved',
};

/**
 * `E` on a deal page, or this button: the deal's review pack read from the local copy in one go
 * (so offline too), written as Markdown with the page's warnings, and saved through the save
 * dialog (browser mode downloads it).
 */
export function ReviewPackButton({ dealId }: { dealId: string }) {
  const deal = useQuery(dealReads.detail(dealId));
  const warnings = useDealWarnings(deal.data ? [deal.data.data] : []).get(dealId);
  const currency = useWorkspaceCurrency();
  const save = useMutation({
    mutationFn: async () => {
      const pack = await call('getDealReviewPack', { id: dealId });
      const name = exportFileName({
        title: pack.deal.title ?? 'Deal',
        date: fileDate(pack.builtAt),
        what: 'review pack',
        extension: 'md',
      });
      const text = reviewPackMarkdown(pack, { warnings, currency });
      return { outcome: await saveExport({ name, type: 'text/markdown', text }), name };
    },
  });
  const start = () => {
    if (!save.isPending) save.mutate();
  };
  useKeyShortcut('e', start);
  return (
    <>
      <button type="button" className="button" disabled={save.isPending} onClick={start}>
        {save.isPending ? 'Saving review pack…' : 'Review pack…'}
      </button>
      <output className="muted small" aria-live="polite">
        {save.isSuccess &&
          `${saidAfter[save.data.outcome]}${save.data.outcome === 'cancelled' ? '.' : `: ${save.data.name}`}`}
      </output>
      {save.isError && <InlineError error={save.error} />}
    </>
  );
}
