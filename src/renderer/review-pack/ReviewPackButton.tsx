import { useMutation, useQuery } from '@tanstack/react-query';
import { exportFileName, fileDate } from '../../shared/export-file-name';
import { call } from '../api';
import { type SaveOutcome, saveExport } from '../calls/export/save-export';
import { useDealWarnings } from '../deals/useDealWarnings';
import { dealReads } from '../records/deal-reads';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useScreenActions } from '../shared-ui/screen-actions';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { reviewPackHtml } from './review-pack-html';
import { reviewPackMarkdown } from './review-pack-markdown';

type PackFormat = 'md' | 'html';

const saidAfter: Record<SaveOutcome, string> = {
  saved: 'Review pack saved',
  downloaded: 'Review pack downloaded',
  cancelled: 'Not saved',
};

/**
 * `E` on a deal page, or these buttons: the deal's review pack read from the local copy in one go
 * (so offline too), written as Markdown with the page's warnings, or as a self-contained HTML
 * document that prints to PDF (`Shift E`), and saved through the save dialog (browser mode
 * downloads it).
 */
export function ReviewPackButton({ dealId }: { dealId: string }) {
  const deal = useQuery(dealReads.detail(dealId));
  const warnings = useDealWarnings(deal.data ? [deal.data.data] : []).get(dealId);
  const currency = useWorkspaceCurrency();
  const save = useMutation({
    mutationFn: async (format: PackFormat) => {
      const pack = await call('getDealReviewPack', { id: dealId });
      const name = exportFileName({
        title: pack.deal.title ?? 'Deal',
        date: fileDate(pack.builtAt),
        what: 'review pack',
        extension: format,
      });
      const markdown = reviewPackMarkdown(pack, { warnings, currency });
      const text = format === 'md' ? markdown : reviewPackHtml(markdown, `Deal review: ${pack.deal.title ?? 'Deal'}`);
      const type = format === 'md' ? 'text/markdown' : 'text/html';
      return { outcome: await saveExport({ name, type, text }), name };
    },
  });
  const start = (format: PackFormat) => {
    if (!save.isPending) save.mutate(format);
  };
  useKeyShortcut('e', () => start('md'));
  useKeyShortcut('E', () => start('html'));
  useScreenActions([
    {
      id: 'deal.review-pack-md',
      title: 'Export review pack (Markdown)',
      key: 'E',
      keywords: 'save deal',
      enabled: !save.isPending,
      run: () => start('md'),
    },
    {
      id: 'deal.review-pack-html',
      title: 'Export review pack for print (HTML, PDF)',
      key: 'Shift E',
      keywords: 'save deal',
      enabled: !save.isPending,
      run: () => start('html'),
    },
  ]);
  return (
    <>
      <button type="button" className="button" disabled={save.isPending} onClick={() => start('md')}>
        {save.isPending ? 'Saving review pack…' : 'Review pack…'}
      </button>
      <button type="button" className="button" disabled={save.isPending} onClick={() => start('html')}>
        Review pack for print…
      </button>
      <output className="muted small" aria-live="polite">
        {save.isSuccess &&
          `${saidAfter[save.data.outcome]}${save.data.outcome === 'cancelled' ? '.' : `: ${save.data.name}`}`}
      </output>
      {save.isError && <InlineError error={save.error} />}
    </>
  );
}
