import { useQuery } from '@tanstack/react-query';
import { call } from '../api';
import { useDealWarnings } from '../deals/useDealWarnings';
import { dealReads } from '../records/deal-reads';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { PackSaveButtons } from './pack-save';
import { reviewPackMarkdown } from './review-pack-markdown';

/** `E` on a deal page: the deal's review pack, with the page's warnings. */
export function ReviewPackButton({ dealId }: { dealId: string }) {
  const deal = useQuery(dealReads.detail(dealId));
  const warnings = useDealWarnings(deal.data ? [deal.data.data] : []).get(dealId);
  const currency = useWorkspaceCurrency();
  const write = async () => {
    const pack = await call('getDealReviewPack', { id: dealId });
    const title = pack.deal.title ?? 'Deal';
    return {
      name: title,
      documentTitle: `Deal review: ${title}`,
      builtAt: pack.builtAt,
      markdown: reviewPackMarkdown(pack, { warnings, currency }),
    };
  };
  return <PackSaveButtons write={write} label="Review pack" />;
}
