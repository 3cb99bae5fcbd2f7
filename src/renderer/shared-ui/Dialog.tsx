import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Esc and restores focus,
 * which hand-written overlays often get wrong.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The browser's `close` event for a close of ours comes as a task of its own, which a busy page may
  // run after the next key reopened the dialog (Enter in the palette, then Ctrl K): it must not close that.
  const closedHere = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      closedHere.current = true;
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClose={() => {
        if (closedHere.current) closedHere.current = false;
        else onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
