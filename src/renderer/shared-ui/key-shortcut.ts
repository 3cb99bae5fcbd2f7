import { useEffect, useRef } from 'react';
import { useIsOutOfSight } from './out-of-sight';

/** A key pressed here types text, so it is no shortcut. */
export const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * A one-key shortcut of the screen on view (`e` on a call exports it). It stays quiet while the
 * person types in a field, holds a modifier, or has a modal open (search, help, a dialog): the
 * key belongs to those then; and while its screen is out of sight (rendered ahead, or left).
 */
export function useKeyShortcut(key: string, onKey: () => void): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  const isOutOfSight = useIsOutOfSight();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]') || isOutOfSight()) return;
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [key, isOutOfSight]);
}
