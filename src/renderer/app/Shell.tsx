import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Workspace } from '../../shared/bridge';
import { prefetchBoard } from '../deals/queries';
import { LinkAhead } from '../navigation/render-ahead';
import { useRoute } from '../navigation/router';
import { paths, type Route } from '../navigation/routes';
import { NoteEditor } from '../notes/NoteEditor';
import { CommandPalette } from '../palette/CommandPalette';
import { SearchButton } from '../search/SearchButton';
import { SearchPalette } from '../search/SearchPalette';
import { UndoToast } from '../shared-ui/UndoToast';
import { useRefusedActions } from '../state/refused-actions';
import { useUiStore } from '../state/ui-store';
import { AppStatus } from '../status/AppStatus';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { useAppActions } from './app-actions';
import { KeyPrompt } from './KeyPrompt';
import { RoutedScreen } from './RoutedScreen';
import { ShortcutHelp } from './ShortcutHelp';
import { SlowServiceNotice } from './SlowServiceNotice';
import './shell.css';

/** Each screen of the navigation, and the first reads its press starts (render-ahead's reads at the press). */
const navItems: { label: string; to: string; matches: Route['name'][]; prepare?: (client: QueryClient) => void }[] = [
  {
    label: 'Pipeline',
    to: paths.pipeline(),
    matches: ['pipeline', 'deal', 'changes', 'rollup'],
    prepare: prefetchBoard,
  },
  { label: 'Calls', to: paths.calls(), matches: ['calls', 'call'] },
  { label: 'Search', to: paths.search(), matches: ['search'] },
  { label: 'Team', to: paths.team(), matches: ['team'] },
  { label: 'Webhooks', to: paths.webhooks(), matches: ['webhooks'] },
  { label: 'Workspace and key', to: paths.settings(), matches: ['settings'] },
];

/** The shell does not read the address itself: a new screen renders the navigation and the screen, nothing else. */
export function Shell({ workspace, workspaces }: { workspace: Workspace; workspaces: Workspace[] }) {
  // Refusals belong to one workspace's key; each workspace gets a fresh shell.
  useEffect(() => useRefusedActions.getState().clear(), []);
  useAppActions(workspace, workspaces);
  const openSearch = useUiStore((state) => state.openSearch);
  const openPalette = useUiStore((state) => state.openPalette);
  const openHelp = useUiStore((state) => state.setHelpOpen);
  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header className="topbar">
        <span className="brand">Callscope</span>
        <MainNav />
        <AppStatus />
        <button
          type="button"
          className="search-button palette-button"
          onClick={openPalette}
          aria-label="Go to or do…"
          aria-keyshortcuts="Control+K Meta+K"
        >
          <span className="palette-words">Go to or do…</span> <kbd>Ctrl K</kbd>
        </button>
        <SearchButton onClick={openSearch} />
        <button type="button" className="button small" onClick={() => openHelp(true)} aria-label="Keyboard shortcuts">
          ?
        </button>
        <WorkspaceSwitcher workspaces={workspaces} active={workspace} />
      </header>
      {/* Apart from the status, as it offers an action of its own (Stop waiting). */}
      <SlowServiceNotice />
      <main id="main" tabIndex={-1}>
        <RoutedScreen workspace={workspace} />
      </main>
      <CommandPalette workspaceId={workspace.id} />
      <SearchPalette timeScale={workspace.profile.segmentTimeScale} />
      <ShortcutHelp />
      <UndoToast />
      <NoteEditor />
      <KeyPrompt workspace={workspace} />
    </div>
  );
}

function MainNav() {
  const route = useRoute();
  const queryClient = useQueryClient();
  return (
    <nav aria-label="Main">
      <ul>
        {navItems.map((item) => (
          <li key={item.to}>
            <LinkAhead
              to={item.to}
              prepare={() => item.prepare?.(queryClient)}
              aria-current={item.matches.includes(route.name) ? 'page' : undefined}
            >
              {item.label}
            </LinkAhead>
          </li>
        ))}
      </ul>
    </nav>
  );
}
