import { useEffect, useState } from 'react';
import { dayOf, snoozeDays, startOfDay } from '../deals/snooze-days';
import { Dialog } from '../shared-ui/Dialog';
import type { RankedCall } from './review-ranking';

/** `H` on a queued call: the day it comes back (at its start), tomorrow at the earliest. */
export function SnoozeDialog({
  call,
  onClose,
  onSnooze,
}: {
  call: RankedCall | null;
  onClose: () => void;
  onSnooze: (call: RankedCall, until: Date) => void;
}) {
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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (call && valid) onSnooze(call, until);
        }}
      >
        <div className="dialog-body">
          <p>
            “{call?.title ?? 'Untitled call'}” leaves the queue and comes back on the morning of the day you choose.
          </p>
          <label className="field">
            Day
            <input
              type="date"
              value={day}
              min={earliest}
              required
              onChange={(event) => setDay(event.target.value)}
              aria-invalid={!valid}
              aria-describedby="snooze-hint"
            />
          </label>
          <p id="snooze-hint" className={valid ? 'muted small' : 'field-error small'}>
            {valid ? 'Tomorrow at the earliest.' : 'Choose a day from tomorrow on.'}
          </p>
        </div>
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!valid}>
            Snooze
          </button>
        </div>
      </form>
    </Dialog>
  );
}
