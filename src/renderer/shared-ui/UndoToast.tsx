import { useCallback, useEffect, useRef, useState } from 'react';
import { bridgeErrorOf } from '../api';
import { useUndoOffer } from '../state/undo-offer';
import { describeError } from './error-text';
import './toast.css';

/** Long enough to read it and reach for Undo; it stays while the pointer or the focus is on it. */
const SHOWN_MS = 10_000;

/** Where Ctrl Z is the field's own undo of what was typed. */
function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/**
 * The newest local action, said in words with its Undo (and Ctrl Z / ⌘ Z while it is up, but in a
 * text field, whose own undo that is). Its live region stays in the page, so each new message is
 * read out.
 */
export function UndoToast() {
  const offer = useUndoOffer((state) => state.offer);
  const [busy, setBusy] = useState(false);
  const held = useRef(false);

  const undo = useCallback(async () => {
    if (!offer?.undo || busy) return;
    setBusy(true);
    try {
      await offer.undo();
      useUndoOffer.getState().dismiss(offer.id);
    } catch (error) {
      useUndoOffer.getState().tell(`Could not undo: ${describeError(bridgeErrorOf(error))}`);
    } finally {
      setBusy(false);
    }
  }, [offer, busy]);

  useEffect(() => {
    if (!offer) return;
    let timer: number;
    const later = () => {
      timer = window.setTimeout(() => (held.current ? later() : useUndoOffer.getState().dismiss(offer.id)), SHOWN_MS);
    };
    later();
    return () => window.clearTimeout(timer);
  }, [offer]);

  useEffect(() => {
    if (!offer?.undo) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z')
        return;
      if (event.defaultPrevented || editsText(event.target)) return;
      event.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [offer, undo]);

  const hold = (on: boolean) => () => {
    held.current = on;
  };
  return (
    <div
      className="toast-region"
      role="status"
      aria-live="polite"
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      {offer && (
        <div className="toast">
          <span className="toast-message">{offer.message}</span>
          {offer.undo && (
            <>
              <button
                type="button"
                className="button small"
                onClick={() => void undo()}
                disabled={busy}
                aria-keyshortcuts="Control+Z Meta+Z"
              >
                Undo
              </button>
              <kbd>Ctrl Z</kbd>
            </>
          )}
          <button
            type="button"
            className="button small toast-close"
            aria-label="Dismiss"
            onClick={() => useUndoOffer.getState().dismiss(offer.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
