import { useId, useState } from 'react';
import { VideoStatusFilter } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { checkDateRange } from './date-range';
import type { CallFilters } from './queries';

/** The list's filters; a date range is checked here and only a valid one reaches the service. */
export function CallFiltersBar({ onChange }: { onChange: (filters: CallFilters) => void }) {
  const [status, setStatus] = useState<VideoStatusFilter | ''>('');
  const [range, setRange] = useState({ from: '', to: '' });
  const ids = { status: useId(), from: useId(), to: useId(), error: useId() };
  const check = checkDateRange(range);

  const update = (nextStatus: VideoStatusFilter | '', nextRange: { from: string; to: string }) => {
    setStatus(nextStatus);
    setRange(nextRange);
    const checked = checkDateRange(nextRange);
    if (!checked.ok) return;
    const { ok: _ok, ...dates } = checked;
    onChange({ ...(nextStatus ? { status: nextStatus } : {}), ...dates });
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
