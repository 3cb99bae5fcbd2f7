import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { LinkAhead } from '../navigation/render-ahead';
import type { Route } from '../navigation/routes';

/** A screen of a group: its name, what it is for in a few words, and its `G` key. */
export interface GroupItem {
  label: string;
  about: string;
  goKey: string;
  to: string;
  matches: Route['name'][];
}

/**
 * A button of the top bar and, while open, the screens it groups below it (the disclosure
 * pattern: Tab reaches them next). Escape, a choice, a press outside or the focus leaving closes it.
 */
export function NavGroup({
  name,
  items,
  routeName,
  align = 'start',
  className,
}: {
  /** The button's words. */
  name: ReactNode;
  items: readonly GroupItem[];
  /** The screen on view: its link is marked, and the button with it. */
  routeName: Route['name'];
  /** Which of the button's edges the list lines up with: the end for a button at the bar's right. */
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const current = items.some((item) => item.matches.includes(routeName));
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!frameRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the group closes it, as a menu's would
    <div
      ref={frameRef}
      className={['nav-group', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-group-button${current ? ' current' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {name}
      </button>
      <ul id={listId} className={`nav-group-list align-${align}`} hidden={!open}>
        {items.map((item, index) => (
          <li key={item.to}>
            {/* Named by the screen alone, as the bar's other links are; the line on what it is for describes it. */}
            <LinkAhead
              to={item.to}
              prepare={() => undefined}
              aria-current={item.matches.includes(routeName) ? 'page' : undefined}
              aria-describedby={`${listId}-${index} ${listId}-${index}-key`}
              onClick={() => setOpen(false)}
            >
              <span className="nav-item-label">{item.label}</span>
              <span id={`${listId}-${index}`} className="nav-item-about" aria-hidden="true">
                {item.about}
              </span>
              <span id={`${listId}-${index}-key`} className="nav-item-key" aria-hidden="true">
                <kbd>G {item.goKey}</kbd>
              </span>
            </LinkAhead>
          </li>
        ))}
      </ul>
    </div>
  );
}
