import { usePrefetchQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Workspace } from '../../shared/bridge';
import { warningSnoozeQueries } from '../deals/warning-snoozes';
import { NoteEditor } from '../notes/NoteEditor';
import { CommandPalette } from '../palette/CommandPalette';
import { SearchPalette } from '../search/SearchPalette';
import { UndoToast } from '../shared-ui/UndoToast';
import { useRefusedActions } from '../state/refused-actions';
import { useUiStore } from '../state/ui-store';
import { AppStatus } from '../status/AppStatus';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { AccountMenu } from './AccountMenu';
import { useAppActions } from './app-actions';
import { KeyPrompt } from './KeyPrompt';
import { MainNav } from './MainNav';
import { PaletteButton } from './PaletteButton';
import { RoutedScreen } from './RoutedScreen';
import { ShortcutHelp } from './ShortcutHelp';
import { SlowServiceNotice } from './SlowServiceNotice';
import './shell.css';

/** The shell does not read the address itself: a new screen renders the navigation and the screen, nothing else. */
export function Shell({ workspace, workspaces }: { workspace: Workspace; workspaces: Workspace[] }) {
  // Refusals belong to one workspace's key; each workspace gets a fresh shell.
  useEffect(() => useRefusedActions.getState().clear(), []);
  useAppActions(workspace, workspaces);
  // The manager's snoozes hide warnings on the Pipeline, a deal and the review pack: read with the
  // workspace, so a screen opened later paints its warnings with its own read alone.
  usePrefetchQuery(warningSnoozeQueries.all());
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
        <PaletteButton onClick={openPalette} />
        <button type="button" className="button small" onClick={() => openHelp(true)} aria-label="Keyboard shortcuts">
          ?
        </button>
        <WorkspaceSwitcher workspaces={workspaces} active={workspace} />
        <AccountMenu workspace={workspace} />
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
