import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useScreenActions } from '../shared-ui/screen-actions';
import { useReviewActions } from './useReviewActions';

/**
 * On a call: `1`, and "Mark reviewed" in the palette, decide it reviewed as the review queue's `1`
 * does (it leaves the queue; Ctrl Z while the toast shows takes it back). Renders nothing: the app
 * places it beside the call page, which cannot reach the review queue.
 */
export function CallReviewAction({ callId }: { callId: string }) {
  const { decide } = useReviewActions();
  const markReviewed = () =>
    void decide(callId, { kind: 'reviewed', snoozeUntil: null }, 'Call marked reviewed. Ctrl Z undoes it.');
  useKeyShortcut('1', markReviewed);
  useScreenActions([
    {
      id: 'call.reviewed',
      title: 'Mark this call reviewed',
      key: '1',
      keywords: 'review queue done',
      run: markReviewed,
    },
  ]);
  return null;
}
