import { MAX_PACK_DEALS } from '../../shared/deal-review-pack';
import { call } from '../api';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { PackSaveButtons } from './pack-save';
import { rowReviewPackMarkdown } from './review-pack-markdown';

/** A roll-up row's deals, as the roll-up lists them. */
export interface PackedRow {
  /** "Ana Silva · December 2026". */
  title: string;
  /** In the roll-up's order. */
  dealIds: readonly string[];
  /** The roll-up's bookmark: the packs' changes are read since it. */
  since: string;
}

/**
 * `E` on the roll-up: one review pack of the focused row's deals, read in one bridge call; past
 * MAX_PACK_DEALS the first of them, and the file and the screen say how many were left out.
 */
export function RowPackButtons({ row }: { row: PackedRow }) {
  const currency = useWorkspaceCurrency();
  const write = async () => {
    const ids = row.dealIds.slice(0, MAX_PACK_DEALS);
    const packs = await call('getDealReviewPacks', { ids, since: { kind: 'moment', at: row.since } });
    const left = row.dealIds.length - packs.length;
    return {
      name: row.title,
      documentTitle: `Review pack: ${row.title}`,
      builtAt: packs[0]!.builtAt,
      markdown: rowReviewPackMarkdown({ title: row.title, total: row.dealIds.length, packs }, { currency }),
      note: left > 0 ? `the first ${packs.length} of ${row.dealIds.length} deals` : undefined,
    };
  };
  return (
    <PackSaveButtons
      write={write}
      label="Review pack"
      action={{ id: 'rollup.review-pack', what: "the focused cell's review pack" }}
    />
  );
}
