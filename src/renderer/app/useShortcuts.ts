import { useEffect } from 'react';
import { isTypingTarget } from '../shared-ui/key-shortcut';
import { useUiStore } from '../state/ui-store';

/** Ctrl/Cmd+K from anywhere; `/` and `?` only when the person is not typing in a field. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { openSearch, setHelpOpen, searchOpen } = useUiStore.getState();
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSearch();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target) || searchOpen) return;
      if (event.key === '/') {
        event.preventDefault();
        openSearch();
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
