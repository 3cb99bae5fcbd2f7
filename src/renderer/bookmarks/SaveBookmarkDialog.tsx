import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { Bookmarks } from '../../shared/bookmarks';
import type { OperationParams } from '../../shared/bridge';
import { Dialog } from '../shared-ui/Dialog';
import { InlineError } from '../shared-ui/InlineError';
import { fromLocalMoment, toLocalMoment } from './since-choice';

/** Names a moment (now, unless another is typed): "Forecast call 12 Nov". */
export function SaveBookmarkDialog({
  open,
  onClose,
  save,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  save: UseMutationResult<Bookmarks, Error, OperationParams<'saveBookmark'>>;
  /** After the dialog closed on a saved bookmark: the bookmarks now, and its name. */
  onSaved?: (bookmarks: Bookmarks, name: string) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Save a bookmark">
      {/* Mounted only while open: each opening starts at now with an empty name. */}
      {open && (
        <SaveBookmarkForm
          save={save}
          onDone={onClose}
          onSaved={(saved, name) => {
            onClose();
            onSaved?.(saved, name);
          }}
        />
      )}
    </Dialog>
  );
}

function SaveBookmarkForm({
  save,
  onDone,
  onSaved,
}: {
  save: UseMutationResult<Bookmarks, Error, OperationParams<'saveBookmark'>>;
  onDone: () => void;
  onSaved: (saved: Bookmarks, name: string) => void;
}) {
  const ids = { name: useId(), at: useId(), hint: useId() };
  const [name, setName] = useState('');
  // Null until another moment is typed: then "now" is the moment of saving, to the millisecond, not
  // the minute the field shows (a change seen later in that minute is after the bookmark).
  const [local, setLocal] = useState<string | null>(null);
  const [shownNow] = useState(() => toLocalMoment(new Date()));
  const typed = local === null ? null : fromLocalMoment(local);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = local === null ? new Date() : typed;
    if (at)
      save.mutate({ name: name.trim(), at: at.toISOString() }, { onSuccess: (saved) => onSaved(saved, name.trim()) });
  };
  return (
    <form className="form" onSubmit={submit} aria-label="Save a bookmark">
      <label htmlFor={ids.name}>Name</label>
      {/* biome-ignore lint/a11y/noAutofocus: the person asked to name a moment; typing goes here */}
      <input id={ids.name} value={name} maxLength={80} autoFocus onChange={(event) => setName(event.target.value)} />
      <label htmlFor={ids.at}>Marks the moment</label>
      <input
        id={ids.at}
        type="datetime-local"
        value={local ?? shownNow}
        max={toLocalMoment(new Date())}
        aria-describedby={ids.hint}
        onChange={(event) => setLocal(event.target.value)}
      />
      <p id={ids.hint} className="hint">
        Kept in this workspace’s local copy, never sent to the service.
      </p>
      {save.isError && <InlineError error={save.error} />}
      <div className="actions">
        <button
          type="submit"
          className="button primary"
          disabled={name.trim() === '' || (local !== null && !typed) || save.isPending}
        >
          Save bookmark
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
