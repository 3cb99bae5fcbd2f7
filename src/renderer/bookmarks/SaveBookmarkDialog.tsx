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
}: {
  open: boolean;
  onClose: () => void;
  save: UseMutationResult<Bookmarks, Error, OperationParams<'saveBookmark'>>;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Save a bookmark">
      {/* Mounted only while open: each opening starts at now with an empty name. */}
      {open && <SaveBookmarkForm save={save} onDone={onClose} />}
    </Dialog>
  );
}

function SaveBookmarkForm({
  save,
  onDone,
}: {
  save: UseMutationResult<Bookmarks, Error, OperationParams<'saveBookmark'>>;
  onDone: () => void;
}) {
  const ids = { name: useId(), at: useId(), hint: useId() };
  const [name, setName] = useState('');
  const [local, setLocal] = useState(() => toLocalMoment(new Date()));
  const at = fromLocalMoment(local);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (at) save.mutate({ name: name.trim(), at: at.toISOString() }, { onSuccess: onDone });
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
        value={local}
        max={toLocalMoment(new Date())}
        aria-describedby={ids.hint}
        onChange={(event) => setLocal(event.target.value)}
      />
      <p id={ids.hint} className="hint">
        Kept in this workspace’s local copy, never sent to the service.
      </p>
      {save.isError && <InlineError error={save.error} />}
      <div className="actions">
        <button type="submit" className="button primary" disabled={name.trim() === '' || !at || save.isPending}>
          Save bookmark
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
