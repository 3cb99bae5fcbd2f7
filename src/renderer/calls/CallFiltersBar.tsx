import { useEffect, useId, useState } from 'react';
import { VideoStatusFilter } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { checkDateRange } from './date-range';

export interface CallFilterInputs {
  status: VideoStatusFilter | null;
  from: string;
  to: string;
}

/**
 * The list's filters, as the address holds them; a date range is checked here and only a valid
 * one is passed on (to the address, and so to the service).
 */
export function CallFiltersBar({
  value,
  onChange,
}: {
  value: CallFilterInputs;
  onChange: (filters: CallFilterInputs) => void;
}) {
  const status = value.status ?? '';
  const [range, setRange] = useState({ from: value.from, to: value.to });
  const ids = { status: useId(), from: useId(), to: useId(), error: useId() };
  const check = checkDateRange(range);
  // The address changed from elsewhere (the bare list's link, Back): the dates follow it,
  // unless a range being typed does not check out yet.
  useEffect(() => {
    setRange((current) => (checkDateRange(current).ok ? { from: value.from, to: value.to } : current));
  }, [value.from, value.to]);

  const update = (nextStatus: VideoStatusFilter | '', nextRange: { from: string; to: string }) => {
    setRange(nextRange);
    const dates = checkDateRange(nextRange).ok ? nextRange : { from: value.from, to: value.to };
    onChange({ status: nextStatus || null, ...dates });
  };

  const invalid = (field: 'from' | 'to') => !check.ok && check.field === field;
  return (
    <form className="filters" aria-label="Filter calls" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={status}
          onChange={(event) => update(event.target.value as VideoStatusFilter | '', range)}
        >
          <option value="">Any status</option>
          {VideoStatusFilter.options.map((option) => (
            <option key={option} value={option}>
              {humanize(option)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          type="date"
          value={range.from}
          aria-invalid={invalid('from')}
          aria-describedby={invalid('from') ? ids.error : undefined}
          onChange={(event) => update(status, { ...range, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          type="date"
          value={range.to}
          aria-invalid={invalid('to')}
          aria-describedby={invalid('to') ? ids.error : undefined}
          onChange={(event) => update(status, { ...range, to: event.target.value })}
        />
      </div>
      <p id={ids.error} className="field-error" aria-live="polite">
        {check.ok ? '' : check.message}
      </p>
    </form>
  );
}
