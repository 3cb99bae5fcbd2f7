import { useEffect, useId, useState } from 'react';
import { parseRange } from './board-view';

/**
 * Two inputs for an inclusive range, either end open. What is typed stays as typed; only a
 * range that reads (both ends valid, low not above high) reaches the address, so a half-typed
 * amount never filters the board.
 */
export function RangeField<T extends string | number>({
  legend,
  type,
  value,
  parseEnd,
  onChange,
}: {
  legend: string;
  type: 'date' | 'amount';
  value: { low: T | null; high: T | null };
  parseEnd: (end: string) => T | null;
  onChange: (range: { low: T | null; high: T | null }) => void;
}) {
  const ids = { legend: useId(), error: useId() };
  const asText = (end: T | null) => (end === null ? '' : String(end));
  const [draft, setDraft] = useState({ low: asText(value.low), high: asText(value.high) });
  const parsed = parseRange(`${draft.low.trim()}..${draft.high.trim()}`, parseEnd);
  // The address changed from elsewhere (the bare board's link, Back): the inputs follow it,
  // unless they already say the same range in other words (`1.50` for 1.5).
  const [low, high] = [value.low, value.high];
  useEffect(() => {
    setDraft((current) => {
      const shown = parseRange(`${current.low.trim()}..${current.high.trim()}`, parseEnd);
      if (shown && shown.low === low && shown.high === high) return current;
      return { low: low === null ? '' : String(low), high: high === null ? '' : String(high) };
    });
  }, [low, high, parseEnd]);
  const endBad = (end: string) => end.trim() !== '' && parseEnd(end) === null;
  const [lowBad, highBad] = [endBad(draft.low), endBad(draft.high)];
  const orderBad = !lowBad && !highBad && parsed === null;
  const message =
    lowBad || highBad
      ? type === 'date'
        ? 'Enter a real date, like 2026-03-31.'
        : 'Enter an amount in digits, like 25000.'
      : orderBad
        ? 'The end is below the start.'
        : '';
  const update = (next: { low: string; high: string }) => {
    setDraft(next);
    const range = parseRange(`${next.low.trim()}..${next.high.trim()}`, parseEnd);
    if (range) onChange(range);
  };
  const input = (end: 'low' | 'high', label: string, bad: boolean) => (
    <input
      type={type === 'date' ? 'date' : 'text'}
      inputMode={type === 'amount' ? 'decimal' : undefined}
      className={type === 'amount' ? 'amount-input' : undefined}
      aria-label={`${legend} ${label}`}
      value={draft[end]}
      aria-invalid={bad}
      aria-describedby={bad ? ids.error : undefined}
      onChange={(event) => update({ ...draft, [end]: event.target.value })}
    />
  );
  return (
    <fieldset className="range-field" aria-labelledby={ids.legend}>
      <span id={ids.legend}>{legend}</span>
      {input('low', type === 'date' ? 'from' : 'at least', lowBad)}
      <span aria-hidden="true">–</span>
      {input('high', type === 'date' ? 'to' : 'at most', highBad || orderBad)}
      <span id={ids.error} className="field-error" aria-live="polite">
        {message}
      </span>
    </fieldset>
  );
}
