import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DealWarningKind } from '../../shared/warning-snoozes';
import { Dialog } from '../shared-ui/Dialog';
import { formatDate } from '../shared-ui/format';
import { SnoozeDayHint, SnoozeDayInput, SnoozeForm } from '../shared-ui/SnoozeForm';
import { dayOf, snoozeDays, startOfDay } from '../shared-ui/snooze-days';
import type { WarningSet } from './deal-warnings';
import { snoozeWrites } from './warning-snoozes';

/** What the snooze dialog opens on: a deal's warnings, the one to snooze first chosen. */
export interface SnoozeRequest {
  dealId: string;
  dealTitle: string;
  set: WarningSet;
  kind?: DealWarningKind;
}

type Choice = 'tomorrow' | 'next-monday' | 'day';

/**
 * `H` on a warning or a deal's card: snooze one of its warnings until tomorrow, next Monday or a
 * day (at its start, where the app runs), or wake one snoozed. Each applies at once, with undo.
 */
export function WarningSnoozeDialog({ request, onClose }: { request: SnoozeRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onClose={onClose} title="Snooze a warning">
      {request && <WarningSnoozeForm key={`${request.dealId} ${request.kind}`} request={request} onClose={onClose} />}
    </Dialog>
  );
}

function WarningSnoozeForm({ request, onClose }: { request: SnoozeRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { warning: useId(), until: useId(), hint: useId() };
  const { shown, snoozed } = request.set;
  const [kind, setKind] = useState(request.kind ?? shown[0]?.kind);
  const warning = shown.find((candidate) => candidate.kind === kind) ?? shown[0];
  const [now] = useState(() => new Date());
  const days = snoozeDays(now);
  const [choice, setChoice] = useState<Choice>('tomorrow');
  const [day, setDay] = useState(dayOf(days.tomorrow));
  const until = choice === 'tomorrow' ? days.tomorrow : choice === 'next-monday' ? days.nextMonday : startOfDay(day);
  const valid = warning !== undefined && until !== null && until > now;
  const choices: { value: Choice; label: string }[] = [
    { value: 'tomorrow', label: `Tomorrow (${formatDate(days.tomorrow.toISOString())})` },
    { value: 'next-monday', label: `Next Monday (${formatDate(days.nextMonday.toISOString())})` },
    { value: 'day', label: 'A day' },
  ];
  return (
    <SnoozeForm
      valid={valid}
      onClose={onClose}
      onSnooze={() => {
        if (!warning || !until) return;
        onClose();
        void snoozeWrites.snooze(queryClient, { dealId: request.dealId, ...warning }, until);
      }}
    >
      <p>
        On “{request.dealTitle}”: hidden until the morning of the day you choose, and left out of the warning counts and
        At risk meanwhile. Then it is back by itself.
      </p>
      {warning ? (
        <>
          <label className="field" htmlFor={ids.warning}>
            Warning
          </label>
          <select
            id={ids.warning}
            value={warning.kind}
            onChange={(event) => setKind(event.target.value as DealWarningKind)}
          >
            {shown.map((candidate) => (
              <option key={candidate.kind} value={candidate.kind}>
                {candidate.text}
              </option>
            ))}
          </select>
          <fieldset aria-labelledby={ids.until} className="snooze-until">
            <legend id={ids.until}>Until</legend>
            {choices.map((option) => (
              <label key={option.value} className="radio-row">
                <input
                  type="radio"
                  name="snooze-until"
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
            {choice === 'day' && (
              <SnoozeDayInput
                aria-label="Day it comes back"
                day={day}
                earliest={dayOf(days.tomorrow)}
                valid={valid}
                hintId={ids.hint}
                onDay={setDay}
              />
            )}
          </fieldset>
          <SnoozeDayHint id={ids.hint} valid={valid} />
        </>
      ) : (
        <p className="muted">No warning to snooze: every one is snoozed already.</p>
      )}
      {snoozed.length > 0 && (
        <section aria-label="Snoozed warnings" className="snoozed-warnings">
          <h3>Snoozed</h3>
          <ul>
            {snoozed.map((sleeping) => (
              <li key={sleeping.kind}>
                <span>
                  {sleeping.text} <span className="muted small">until {formatDate(sleeping.until)}</span>
                </span>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Remove the snooze of “${sleeping.text}”`}
                  onClick={() => {
                    onClose();
                    void snoozeWrites.remove(queryClient, { dealId: request.dealId, ...sleeping });
                  }}
                >
                  Remove snooze
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </SnoozeForm>
  );
}
