import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * The form inside every `H` snooze dialog: its body, then Cancel and Snooze, the latter only while
 * the chosen moment is valid. One shell so the review queue and the deals' warnings read and key alike.
 */
export function SnoozeForm({
  valid,
  onClose,
  onSnooze,
  children,
}: {
  valid: boolean;
  onClose: () => void;
  onSnooze: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSnooze();
      }}
    >
      <div className="dialog-body">{children}</div>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={!valid}>
          Snooze
        </button>
      </div>
    </form>
  );
}

/** The chosen day's field: tomorrow at the earliest, described by its {@link SnoozeDayHint}. */
export function SnoozeDayInput({
  day,
  earliest,
  valid,
  hintId,
  onDay,
  ...labelling
}: {
  day: string;
  earliest: string;
  valid: boolean;
  hintId: string;
  onDay: (day: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-label' | 'id'>) {
  return (
    <input
      type="date"
      {...labelling}
      value={day}
      min={earliest}
      required
      onChange={(event) => onDay(event.target.value)}
      aria-invalid={!valid}
      aria-describedby={hintId}
    />
  );
}

export function SnoozeDayHint({ id, valid }: { id: string; valid: boolean }) {
  return (
    <p id={id} className={valid ? 'muted small' : 'field-error small'}>
      {valid ? 'Tomorrow at the earliest.' : 'Choose a day from tomorrow on.'}
    </p>
  );
}
