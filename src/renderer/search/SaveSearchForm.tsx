import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import type { SavedSearch } from '../../shared/bridge';
import { InlineError } from '../shared-ui/InlineError';

type Query = Pick<SavedSearch, 'q' | 'videoId' | 'dealId'>;

/** Names the search in the box and keeps it; the same name again replaces the earlier one. */
export function SaveSearchForm({
  query,
  save,
  onDone,
}: {
  query: Query;
  save: UseMutationResult<SavedSearch[], Error, Query & { name: string }>;
  onDone: () => void;
}) {
  const [name, setName] = useState(query.q);
  const nameId = useId();
  // Set at once on Enter (the mutation's own pending state reaches the form a task later).
  const sent = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sent.current = true;
    save.mutate(
      { ...query, name: name.trim() },
      {
        onSuccess: onDone,
        onSettled: () => {
          sent.current = false;
        },
      },
    );
  };
  // Esc leaves the form, not the whole search. Once Enter has sent the name the form is done: an Esc
  // pressed before the answer closes the search, as it would a moment later (else the person stays in
  // the search they meant to leave, and their Ctrl Z undoes its typing instead of the save).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !sent.current) {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <form className="palette-save" onSubmit={submit} onKeyDown={onKeyDown} aria-label="Save this search">
      <label htmlFor={nameId}>Name</label>
      {/* biome-ignore lint/a11y/noAutofocus: the person asked to name the search; typing goes here */}
      <input id={nameId} value={name} maxLength={80} autoFocus onChange={(event) => setName(event.target.value)} />
      <button type="submit" className="button small" disabled={name.trim() === '' || save.isPending}>
        Save
      </button>
      <button type="button" className="button small" onClick={onDone}>
        Cancel
      </button>
      {save.isError && <InlineError error={save.error} />}
    </form>
  );
}
