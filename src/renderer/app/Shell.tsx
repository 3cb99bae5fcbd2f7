import { memo, type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { Workspace } from '../../shared/bridge';
import { CallScreen } from '../calls/CallScreen';
import { CallsScreen } from '../calls/CallsScreen';
import { DealScreen } from '../deals/DealScreen';
import { PipelineScreen } from '../deals/PipelineScreen';
import { LocalSearchScreen } from '../local-search/LocalSearchScreen';
import { Link, ScreenAddress, useLocationPath, useRoute } from '../navigation/router';
import { paths, type Route, routeAt } from '../navigation/routes';
import { useScreenAhead } from '../navigation/screen-ahead';
import { FreshnessIndicator } from '../replica/FreshnessIndicator';
import { SearchButton } from '../search/SearchButton';
import { SearchPalette } from '../search/SearchPalette';
import { useValueAfterPaint } from '../shared-ui/after-paint';
import { EmptyState } from '../shared-ui/EmptyState';
import { OutOfSight } from '../shared-ui/out-of-sight';
import { useRefusedActions } from '../state/refused-actions';
import { useUiStore } from '../state/ui-store';
import { TeamScreen } from '../team/TeamScreen';
import { WebhooksScreen } from '../webhooks/WebhooksScreen';
import { SettingsScreen } from '../workspaces/SettingsScreen';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { KeyPrompt } from './KeyPrompt';
import { OfflineNotice } from './OfflineNotice';
import { ShortcutHelp } from './ShortcutHelp';
import { SlowDownNotice } from './SlowDownNotice';
import { SlowServiceNotice } from './SlowServiceNotice';
import './shell.css';

const navItems: { label: string; to: string; matches: Route['name'][] }[] = [
  { label: 'Pipeline', to: paths.pipeline(), matches: ['pipeline', 'deal'] },
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
  const openSearch = useUiStore((state) => state.openSearch);
  const openHelp = useUiStore((state) => state.setHelpOpen);
  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header className="topbar">
        <span className="brand">Callscope</span>
        <MainNav />
        <FreshnessIndicator />
        <SearchButton onClick={openSearch} />
        <button type="button" className="button small" onClick={() => openHelp(true)} aria-label="Keyboard shortcuts">
          ?
        </button>
        <WorkspaceSwitcher workspaces={workspaces} active={workspace} />
      </header>
      <OfflineNotice />
      <SlowDownNotice />
      <SlowServiceNotice />
      <main id="main" tabIndex={-1}>
        <RoutedScreen workspace={workspace} />
      </main>
      <SearchPalette timeScale={workspace.profile.segmentTimeScale} />
      <ShortcutHelp />
      <KeyPrompt workspace={workspace} />
    </div>
  );
}

function MainNav() {
  const route = useRoute();
  return (
    <nav aria-label="Main">
      <ul>
        {navItems.map((item) => (
          <li key={item.to}>
            <Link to={item.to} aria-current={item.matches.includes(route.name) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The screen an address shows, whose state lives as long as the address shows it: a list's with
 * any filters (kept in the query of its address), a deal's or call's whatever line it marks.
 */
function screenOf(path: string): string {
  const route = routeAt(path);
  if (route.name === 'deal') return `deal ${route.dealId}`;
  if (route.name === 'call') return `call ${route.callId}`;
  return route.name === 'pipeline' || route.name === 'calls' || route.name === 'search' ? route.name : path;
}

function RoutedScreen({ workspace }: { workspace: Workspace }) {
  const route = useRoute();
  const path = useLocationPath();
  // A list keeps its filters and order in the query of its address, and the search screen its
  // text and filters: changing them is the same screen, so focus stays on the control that changed them.
  const screen = route.name === 'pipeline' || route.name === 'calls' || route.name === 'search' ? route.name : path;
  // Deferred: the press renders nothing in its own task; the screen ahead renders in the time the
  // button is held, in slices that let the click through as soon as it lands.
  const pathAhead = useDeferredValue(useScreenAhead((state) => state.path));
  // A new screen starts at its top with focus on it (or on the field it is for, when it marks one),
  // so keyboard and screen-reader users land there too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen
  useEffect(() => {
    useScreenAhead.getState().clear();
    window.scrollTo(0, 0);
    // A task later: a dialog that led here (the palette) closes in this same render, giving focus
    // back to where it was before it opened, and focus must land after that.
    const later = setTimeout(() => {
      // Not while a dialog is open (search opened before the first screen finished loading).
      if (document.querySelector('dialog[open]')) return;
      const target =
        document.querySelector<HTMLElement>('#main .screen-slot:not([inert]) [data-screen-focus]') ??
        document.getElementById('main');
      target?.focus({ preventScroll: true });
    });
    return () => clearTimeout(later);
  }, [screen]);
  // The screen left stays, out of sight, until the new one is painted: its teardown (every row's
  // reads let go, its DOM removed) is work for after that paint, not before it.
  const pathPainted = useValueAfterPaint(path, path);
  const slots = screenSlots(path, pathAhead, pathPainted);
  return slots.map(([slotPath, place]) => (
    <ScreenSlot key={screenOf(slotPath)} place={place}>
      <ScreenAddress value={slotPath}>
        <Screen path={slotPath} workspace={workspace} />
      </ScreenAddress>
    </ScreenSlot>
  ));
}

/** Where a slot's screen is: on view, rendered ahead of its click, or left by it and not yet gone. */
type SlotPlace = 'shown' | 'ahead' | 'leaving';

/**
 * Each screen keeps its own key, so the click that opens a screen rendered ahead shows that very
 * screen, rendered and laid out, rather than rendering it again. Slots keep their order in the
 * page (the one left, the one shown, the one ahead), so showing one never moves another.
 */
function screenSlots(path: string, pathAhead: string | null, pathPainted: string): [string, SlotPlace][] {
  const slots: [string, SlotPlace][] = [];
  if (screenOf(pathPainted) !== screenOf(path)) slots.push([pathPainted, 'leaving']);
  slots.push([path, 'shown']);
  const taken = slots.map(([slotPath]) => screenOf(slotPath));
  if (pathAhead && !taken.includes(screenOf(pathAhead))) slots.push([pathAhead, 'ahead']);
  return slots;
}

function ScreenSlot({ place, children }: { place: SlotPlace; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  // Asked of the slot when a key comes, not given as a value: showing or leaving the screen changes
  // nothing its components read, so none of them renders again in the click.
  const [isOutOfSight] = useState(() => () => slot.current?.inert ?? false);
  return (
    <div ref={slot} className={`screen-slot ${place}`} inert={place !== 'shown'}>
      <OutOfSight value={isOutOfSight}>{children}</OutOfSight>
    </div>
  );
}

/** Memoised: a screen rendered ahead is shown by its click without rendering it again. */
const Screen = memo(function Screen({ path, workspace }: { path: string; workspace: Workspace }) {
  const route = routeAt(path);
  switch (route.name) {
    case 'pipeline':
      return <PipelineScreen />;
    case 'deal':
      return <DealScreen key={route.dealId} dealId={route.dealId} />;
    case 'calls':
      return <CallsScreen />;
    case 'call':
      return (
        <CallScreen
          key={route.callId}
          callId={route.callId}
          segmentId={route.segmentId}
          highlight={route.highlight}
          seconds={route.seconds}
        />
      );
    case 'team':
      return <TeamScreen />;
    case 'webhooks':
      return <WebhooksScreen />;
    case 'settings':
      return <SettingsScreen workspace={workspace} />;
    case 'search':
      return <LocalSearchScreen address={route.search} timeScale={workspace.profile.segmentTimeScale} />;
    case 'not-found':
      return (
        <div className="screen">
          <h1>Page not found</h1>
          <EmptyState title={`Nothing lives at ${route.path}`}>
            <Link to={paths.pipeline()}>Go to the pipeline</Link>
          </EmptyState>
        </div>
      );
  }
});
