import { useQueryClient } from '@tanstack/react-query';
import type { ReviewQueue } from '../../shared/bridge';
import type { ReviewDecision } from '../../shared/review-queue';
import { bridgeErrorOf, call } from '../api';
import { describeError } from '../shared-ui/error-text';
import { useUndoOffer } from '../state/undo-offer';
import { coachingKeys } from './queries';

const reviewQueueKeys = { queryKey: [...coachingKeys.all, 'review-queue'] };

/**
 * The queue's decisions and passes: a decision takes the call off every queue on screen at once,
 * the copy keeps it, and the toast offers to undo it (the decision before, written back). One the
 * copy refused puts the call back, and the toast says why.
 */
export function useReviewActions() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries(reviewQueueKeys);

  async function decide(callId: string, decision: ReviewDecision, words: string): Promise<void> {
    const { offerUndo, tell } = useUndoOffer.getState();
    await queryClient.cancelQueries(reviewQueueKeys);
    queryClient.setQueriesData<ReviewQueue>(
      reviewQueueKeys,
      (queue) => queue && { ...queue, calls: queue.calls.filter((queued) => queued.callId !== callId) },
    );
    try {
      const change = await call('setReviewDecision', { callId, decision });
      offerUndo(words, async () => {
        await call('setReviewDecision', { callId, decision: change.before });
        await settle();
      });
    } catch (error) {
      tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
    } finally {
      await settle();
    }
  }

  async function markPassDone(): Promise<void> {
    const { offerUndo, tell } = useUndoOffer.getState();
    try {
      const change = await call('markReviewPass', {});
      offerUndo('Pass marked done: the queue now holds the calls that come in after this moment.', async () => {
        await call('markReviewPass', { at: change.before });
        await settle();
      });
    } catch (error) {
      tell(`Not kept: ${describeError(bridgeErrorOf(error))}`);
    } finally {
      await settle();
    }
  }

  return { decide, markPassDone };
}
