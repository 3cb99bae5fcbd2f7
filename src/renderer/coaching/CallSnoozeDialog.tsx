import { useEffect, useId, useState } from 'react';
import { Dialog } from '../shared-ui/Dialog';
import { SnoozeDayHint, SnoozeDayInput, SnoozeForm } from '../shared-ui/SnoozeForm';
import { dayOf, snoozeDays, startOfDay } from '../shared-ui/snooze-days';
import type { RankedCall } from './review-ranking';

/** `H` on a queued call: the day it comes back (at its start), tomorrow at the earliest. */
export function CallSnoozeDialog({
  call,
  onClose,
  onSnooze,
}: {
  call: RankedCall | null;
  onClose: () => void;
  onSnooze: (call: RankedCall, until: Date) => void;
}) {
  const ids = { day: useId(), hint: useId() };
  const earliest = dayOf(snoozeDays(new Date()).tomorrow);
  const [day, setDay] = useState(earliest);
  // Each call snoozed starts from tomorrow again.
  useEffect(() => {
    if (call) setDay(dayOf(snoozeDays(new Date()).tomorrow));
  }, [call]);
  const until = startOfDay(day);
  const valid = until !== null && day >= earliest;
  return (
    <Dialog open={call !== null} onClose={onClose} title="Snooze until">
      <SnoozeForm
        valid={valid}
        onClose={onClose}
        onSnooze={() => {
          if (call && until) onSnooze(call, until);
        }}
      >
        <p>“{call?.title ?? 'Untitled call'}” leaves the queue and comes back on the morning of the day you choose.</p>
        <label className="field" htmlFor={ids.day}>
          Day
          <SnoozeDayInput day={day} earliest={earliest} valid={valid} id={ids.day} hintId={ids.hint} onDay={setDay} />
        </label>
        <SnoozeDayHint id={ids.hint} valid={valid} />
      </SnoozeForm>
    </Dialog>
  );
}
