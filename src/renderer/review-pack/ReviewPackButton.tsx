import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DealReviewPack } from '../../shared/deal-review-pack';
import { call } from '../api';
import { useWarningSets } from '../deals/useDealWarnings';
import { CALL_NOTE_KINDS } from '../notes/queries';
import { dealReads } from '../records/deal-reads';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { PackSaveButtons } from './pack-save';
import { reviewPackMarkdown } from './review-pack-markdown';

/**
 * `E` on a deal page: the deal's review pack, with the page's warnings. The manager's private
 * notes go in only when they tick "Include my notes".
 */
export function ReviewPackButton({ dealId }: { dealId: string }) {
  const deal = useQuery(dealReads.detail(dealId));
  const warnings = useWarningSets(deal.data ? [deal.data.data] : []).get(dealId);
  const currency = useWorkspaceCurrency();
  const [withNotes, setWithNotes] = useState(false);
  const write = async () => {
    const pack = await call('getDealReviewPack', { id: dealId });
    const notes = withNotes ? await notesOf(pack) : undefined;
    const title = pack.deal.title ?? 'Deal';
    return {
      name: title,
      documentTitle: `Deal review: ${title}`,
      builtAt: pack.builtAt,
      markdown: reviewPackMarkdown(pack, {
        warnings: warnings?.shown,
        snoozedWarnings: warnings?.snoozed,
        currency,
        notes,
      }),
    };
  };
  return (
    <>
      <PackSaveButtons write={write} label="Review pack" action={{ id: 'deal.review-pack', what: 'review pack' }} />
      <label className="small">
        <input type="checkbox" checked={withNotes} onChange={(event) => setWithNotes(event.target.checked)} /> Include
        my notes
      </label>
    </>
  );
}

async function notesOf(pack: DealReviewPack) {
  const reads = [
    call('listNotes', { about: { kinds: ['deal'], id: pack.deal.id } }),
    ...pack.calls.map((packCall) => call('listNotes', { about: { kinds: [...CALL_NOTE_KINDS], id: packCall.id } })),
  ];
  return (await Promise.all(reads)).flat();
}
