import { useEffect } from 'react';
import { GO_TO_WINDOW_MS } from '../navigation/go-to-window';
import { stepListItem } from '../navigation/list-items';
import { navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { isTypingTarget } from '../shared-ui/key-shortcut';
import { useUiStore } from '../state/ui-store';

/** `g` then one of these letters goes to that screen, as in mail and issue trackers. */
export const goToKeys: Record<string, { path: () => string; screen: string }> = {
  p: { path: paths.pipeline, screen: 'Pipeline' },
  o: { path: () => paths.rollup(), screen: 'Roll-up' },
  w: { path: paths.changes, screen: 'What changed' },
  c: { path: paths.calls, screen: 'Calls' },
  f: { path: () => paths.search(), screen: 'Search with filters' },
  t: { path: paths.team, screen: 'Team' },
  k: { path: () => paths.checklistMatrix(), screen: 'Checklist matrix (coaching)' },
  x: { path: () => paths.trackers(), screen: 'Trackers (coaching)' },
  h: { path: paths.webhooks, screen: 'Webhooks' },
  s: { path: paths.settings, screen: 'Workspace and key' },
  r: { path: () => paths.reviewQueue(), screen: 'Review queue (coaching)' },
  d: { path: paths.digest, screen: 'Digest' },
  n: { path: paths.notifications, screen: 'Notifications (your rules, digest time, quiet hours)' },
};

/**
 * Ctrl/Cmd+K from anywhere; `/`, `?`, `g` + a letter and `j`/`k` only when the person is not
 * typing in a field and no dialog is open.
 */
export function useShortcuts(): void {
  useEffect(() => {
    let goPressedAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      const { openPalette, openSearch, setHelpOpen, searchOpen, paletteOpen } = useUiStore.getState();
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target) || searchOpen || paletteOpen)
        return;
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const afterGo = event.timeStamp - goPressedAt < GO_TO_WINDOW_MS;
      goPressedAt = Number.NEGATIVE_INFINITY;
      const goTo = afterGo ? goToKeys[event.key] : undefined;
      if (goTo) {
        event.preventDefault();
        navigate(goTo.path());
      } else if (event.key === 'g') {
        goPressedAt = event.timeStamp;
      } else if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        stepListItem(event.key === 'j' ? 1 : -1);
      } else if (event.key === '/') {
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
