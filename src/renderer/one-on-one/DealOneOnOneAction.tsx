import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dealReads } from '../records/deal-reads';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useScreenActions } from '../shared-ui/screen-actions';
import { useMemberNames } from '../team/queries';
import { briefWrites } from './queries';

/**
 * On a deal: `2`, and "Add to the owner's 1:1" in the palette, put the deal on its owner's next 1:1
 * as an action item (as the review queue's `2` does with a call); Ctrl Z while the toast shows
 * takes it off. Renders nothing: the app places it beside the deal page.
 */
export function DealOneOnOneAction({ dealId }: { dealId: string }) {
  const queryClient = useQueryClient();
  const deal = useQuery(dealReads.detail(dealId)).data?.data;
  const nameOf = useMemberNames();
  const ownerId = deal?.owner_id ?? null;
  const add = () => {
    if (!deal || !ownerId) return;
    const title = deal.title ?? 'Untitled deal';
    void briefWrites.addItem(
      queryClient,
      ownerId,
      `Talk through the deal “${title}”`,
      `“${title}” added to ${nameOf(ownerId)}’s next 1:1. Ctrl Z undoes it.`,
    );
  };
  useKeyShortcut('2', add);
  useScreenActions([
    {
      id: 'deal.one-on-one',
      title: ownerId ? `Add to ${nameOf(ownerId)}’s next 1:1` : 'Add to the owner’s next 1:1',
      key: '2',
      keywords: 'owner one on one meeting action item',
      enabled: ownerId !== null,
      run: add,
    },
  ]);
  return null;
}
