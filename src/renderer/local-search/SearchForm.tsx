import { useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { DealStatus, knownSpeakerRoles, SEARCH_MAX_QUERY_LENGTH } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import type { TranscriptSearchAddress } from '../navigation/routes';
import { searchQueries } from '../search/queries';

type Update = (patch: Partial<TranscriptSearchAddress>) => void;

const modes: { value: TranscriptSearchAddress['mode']; label: string }[] = [
  { value: 'words', label: 'Words starting with' },
  { value: 'whole-word', label: 'Whole words' },
  { value: 'phrase', label: 'Exact phrase' },
];

/** The search box and the filters; `update` must keep its identity, so a keystroke renders the box alone. */
export function SearchForm({
  form,
  update,
  dateError,
  describedBy,
}: {
  form: TranscriptSearchAddress;
  update: Update;
  dateError: { field: 'from' | 'to'; message: string } | null;
  describedBy: string;
}) {
  const id = useId();
  return (
    <form aria-label="Search and filters" className="local-search-form" onSubmit={(e) => e.preventDefault()}>
      <div className="field local-search-text">
        <label htmlFor={id}>Search for</label>
        <input
          id={id}
          type="search"
          data-screen-focus
          placeholder="Words said in a call…"
          maxLength={SEARCH_MAX_QUERY_LENGTH}
          autoComplete="off"
          aria-describedby={describedBy}
          value={form.q}
          onChange={(event) => update({ q: event.target.value })}
        />
      </div>
      <Filters
        mode={form.mode}
        order={form.order}
        role={form.role}
        from={form.from}
        to={form.to}
        deal={form.deal}
        dealStatus={form.dealStatus}
        update={update}
        dateErrorField={dateError?.field ?? null}
        dateErrorMessage={dateError?.message ?? ''}
      />
    </form>
  );
}

/** The deal picker alone has a hundred options: the filters render when a filter changes, not on every key. */
const Filters = memo(function Filters({
  update,
  dateErrorField,
  dateErrorMessage,
  ...form
}: Omit<TranscriptSearchAddress, 'q'> & {
  update: Update;
  dateErrorField: 'from' | 'to' | null;
  dateErrorMessage: string;
}) {
  const deals = useQuery(searchQueries.dealChoices());
  const ids = {
    mode: useId(),
    order: useId(),
    role: useId(),
    from: useId(),
    to: useId(),
    deal: useId(),
    status: useId(),
    error: useId(),
  };
  const dealChoices = deals.data?.data ?? [];
  return (
    <>
      <fieldset className="local-search-modes">
        <legend>Match</legend>
        {modes.map((mode) => (
          <label key={mode.value}>
            <input
              type="radio"
              name={ids.mode}
              value={mode.value}
              checked={form.mode === mode.value}
              onChange={() => update({ mode: mode.value })}
            />
            {mode.label}
          </label>
        ))}
      </fieldset>
      <div className="filters">
        <div className="field">
          <label htmlFor={ids.order}>Order</label>
          <select
            id={ids.order}
            value={form.order}
            onChange={(event) => update({ order: event.target.value as TranscriptSearchAddress['order'] })}
          >
            <option value="newest">Newest calls first</option>
            <option value="best">Best match first</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Speaker</label>
          <select id={ids.role} value={form.role} onChange={(event) => update({ role: event.target.value })}>
            <option value="">Anyone</option>
            {[...new Set([...knownSpeakerRoles, ...(form.role ? [form.role] : [])])].map((role) => (
              <option key={role} value={role}>
                {humanize(role)}
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={ids[field]}>{field === 'from' ? 'Calls from' : 'Calls to'}</label>
            <input
              id={ids[field]}
              type="date"
              value={form[field]}
              aria-invalid={dateErrorField === field}
              aria-describedby={dateErrorField === field ? ids.error : undefined}
              onChange={(event) => update({ [field]: event.target.value })}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor={ids.deal}>Deal</label>
          <select id={ids.deal} value={form.deal} onChange={(event) => update({ deal: event.target.value })}>
            <option value="">Any deal</option>
            {form.deal && !dealChoices.some((deal) => deal.id === form.deal) && (
              <option value={form.deal}>This deal ({form.deal})</option>
            )}
            {dealChoices.map((deal) => (
              <option key={deal.id} value={deal.id}>
                {deal.title ?? 'Untitled deal'}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>Deal status</label>
          <select
            id={ids.status}
            value={form.dealStatus}
            onChange={(event) => update({ dealStatus: event.target.value })}
          >
            <option value="">Any status</option>
            {DealStatus.options.map((status) => (
              <option key={status} value={status}>
                {humanize(status)}
              </option>
            ))}
          </select>
        </div>
        <p id={ids.error} className="field-error" aria-live="polite">
          {dateErrorMessage}
        </p>
      </div>
    </>
  );
});
