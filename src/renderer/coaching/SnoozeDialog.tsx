import { useEffect, useState } from 'react';
import { Dialog } from '../shared-ui/Dialog';
import type { RankedCall } from './review-ranking';

/** A calendar day as a date field writes it, `2026-12-01`, in the app's own time zone. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function tomorrow(): Date {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + 1);
  return day;
}

/** The start of the day a date field names, where the app runs; null when it names none. */
function startOf(day: string): Date | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  return new Date(year, month - 1, date);
}

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
  const earliest = dayOf(tomorrow());
  const [day, setDay] = useState(earliest);
  // Each call snoozed starts from tomorrow again.
  useEffect(() => {
    if (call) setDay(dayOf(tomorrow()));
  }, [call]);
  const until = startOf(day);
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
