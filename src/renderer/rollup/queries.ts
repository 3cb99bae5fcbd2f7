import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DealOverlay, OverlayChange, Rollup, RollupQuery } from '../../shared/rollup';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';

export const rollupKeys = {
  all: ['rollup'] as const,
  view: (query: RollupQuery) => [...rollupKeys.all, query] as const,
};

export const rollupQueries = {
  /** From the local copy alone: it answers offline, and the service never sees the overlays. */
  view: (query: RollupQuery) =>
    queryOptions({
      queryKey: rollupKeys.view(query),
      queryFn: ({ signal }) => call('getRollup', query, signal),
    }),
};

/** Every roll-up on screen or cached shows this deal's overlay as it now is. */
function showOverlay(queryClient: QueryClient, dealId: string, overlay: DealOverlay | null): void {
  queryClient.setQueriesData<Rollup>(
    { queryKey: rollupKeys.all },
    (rollup) =>
      rollup && {
        ...rollup,
        deals: rollup.deals.map((deal) => (deal.id === dealId ? { ...deal, overlay } : deal)),
      },
  );
}

function writeOverlay(dealId: string, overlay: DealOverlay | null): Promise<OverlayChange> {
  return overlay === null
    ? call('clearDealOverlay', { dealId })
    : call('setDealOverlay', { dealId, call: overlay.call, amount: overlay.amount });
}

/**
 * Changes the manager's overlay on a deal: every roll-up shows it at once, the copy keeps it, and
 * the toast offers to undo it (the overlay before, written back). A change the copy refused is
 * taken back on screen, and the toast says why.
 */
export function useOverlayChange(): (
  deal: { id: string },
  overlay: DealOverlay | null,
  words: string,
) => Promise<void> {
  const queryClient = useQueryClient();
  const write = async (dealId: string, overlay: DealOverlay | null): Promise<OverlayChange> => {
    await queryClient.cancelQueries({ queryKey: rollupKeys.all });
    showOverlay(queryClient, dealId, overlay);
    try {
      return await writeOverlay(dealId, overlay);
    } finally {
      await queryClient.invalidateQueries({ queryKey: rollupKeys.all });
    }
  };
  return async (deal, overlay, words) => {
    const { offerUndo, tell } = useUndoOffer.getState();
    try {
      const change = await write(deal.id, overlay);
      offerUndo(words, async () => {
        await write(deal.id, change.before);
      });
    } catch (error) {
      tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
    }
  };
}
