import { useQueryClient } from '@tanstack/react-query';
import { Fragment, memo, type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { Workspace } from '../../shared/bridge';
import { CallScreen } from '../calls/CallScreen';
import { CallsScreen } from '../calls/CallsScreen';
import { CallReviewAction } from '../coaching/CallReviewAction';
import { ChecklistMatrixScreen } from '../coaching/ChecklistMatrixScreen';
import { RepScreen } from '../coaching/RepScreen';
import { ReviewQueueScreen } from '../coaching/ReviewQueueScreen';
import { TrackersScreen } from '../coaching/TrackersScreen';
import { DealScreen } from '../deals/DealScreen';
import { PipelineScreen } from '../deals/PipelineScreen';
import { LocalSearchScreen } from '../local-search/LocalSearchScreen';
import { useScreenAhead, useValueAfterPaint } from '../navigation/render-ahead';
import { Link, navigate, readHash, ScreenAddress, useLocationPath } from '../navigation/router';
import { paths, type Route, routeAt } from '../navigation/routes';
import { DigestScreen } from '../notifications/DigestScreen';
import { NotificationsScreen } from '../notifications/NotificationsScreen';
import { BriefScreen } from '../one-on-one/BriefScreen';
import { DealOneOnOneAction } from '../one-on-one/DealOneOnOneAction';
import { ReviewPackButton } from '../review-pack/ReviewPackButton';
import { RowPackButtons } from '../review-pack/RowPackButtons';
import { RollupScreen } from '../rollup/RollupScreen';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorBoundary, RenderFailure } from '../shared-ui/ErrorBoundary';
import { OutOfSight } from '../shared-ui/out-of-sight';
import { workspaceIndependentKeys } from '../state/query-client';
import { TeamScreen } from '../team/TeamScreen';
import { WebhooksScreen } from '../webhooks/WebhooksScreen';
import { WhatChangedScreen } from '../what-changed/WhatChangedScreen';
import { SettingsScreen } from '../workspaces/SettingsScreen';

/** Lists and the search screen keep their filters and order (or text) in the query of their address. */
const screensWithQuery: Route['name'][] = [
  'pipeline',
  'rollup',
  'changes',
  'calls',
  'search',
  'checklist-matrix',
  'trackers',
  'review-queue',
];

/**
 * The screen an address shows, whose state lives as long as the address shows it: a list's with
 * any filters, a deal's or call's whatever line it marks.
 */
function screenOf(path: string): string {
  const route = routeAt(path);
  if (route.name === 'deal') return `deal ${route.dealId}`;
  if (route.name === 'call') return `call ${route.callId}`;
  if (route.name === 'rep') return `rep ${route.memberId}`;
  return screensWithQuery.includes(route.name) ? route.name : path;
}

/**
 * The screens mounted in the page: the one the address shows, the one a held link is about to
 * open (rendered ahead, out of sight), and the one a click just left (until the new one is painted).
 */
export function RoutedScreen({ workspace }: { workspace: Workspace }) {
  const path = useLocationPath();
  // Changing a list's filters or the search text is the same screen, so focus stays on the control
  // that changed them; another line of a call (a search result, a moment link) moves it there.
  const route = routeAt(path);
  const focusKey = screensWithQuery.includes(route.name) ? route.name : path;
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
  }, [focusKey]);
  // The screen left stays, out of sight, until the new one is painted: its teardown (every row's
  // reads let go, its DOM removed) is work for after that paint, not before it.
  const pathPainted = useValueAfterPaint(path, path);
  return screenSlots(path, pathAhead, pathPainted).map(([slotPath, place]) => (
    <ScreenSlot key={screenOf(slotPath)} place={place}>
      <ErrorBoundary resetKey={slotPath} fallback={(error, retry) => <ScreenFailure error={error} retry={retry} />}>
        <ScreenAddress value={slotPath}>
          <Screen path={slotPath} workspace={workspace} />
        </ScreenAddress>
      </ErrorBoundary>
    </ScreenSlot>
  ));
}

/**
 * A screen that threw while rendering: what went wrong, and the way back to the Pipeline (focused,
 * so Enter takes it); the navigation and the rest of the shell stay. Trying again reads the
 * workspace's data anew, as an answer held from before may be what it could not show; on the
 * Pipeline itself, going there is trying again.
 */
function ScreenFailure({ error, retry }: { error: Error; retry: () => void }) {
  const queryClient = useQueryClient();
  const tryAgain = () => {
    void queryClient.resetQueries({ predicate: (query) => !workspaceIndependentKeys.has(query.queryKey[0]) });
    retry();
  };
  const backToPipeline = () => (readHash() === paths.pipeline() ? tryAgain() : navigate(paths.pipeline()));
  return (
    <div className="screen">
      <h1>Something went wrong</h1>
      <RenderFailure title="This screen could not be shown" error={error}>
        <button type="button" className="button primary" data-screen-focus onClick={backToPipeline}>
          Go to the Pipeline
        </button>
        <button type="button" className="button" onClick={tryAgain}>
          Try again
        </button>
      </RenderFailure>
    </div>
  );
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
      return (
        <DealScreen
          key={route.dealId}
          dealId={route.dealId}
          actions={
            <>
              <ReviewPackButton dealId={route.dealId} />
              <DealOneOnOneAction dealId={route.dealId} />
            </>
          }
        />
      );
    case 'rollup':
      return <RollupScreen rowActions={(row) => <RowPackButtons key={row.key} row={row} />} />;
    case 'changes':
      return <WhatChangedScreen />;
    case 'calls':
      return <CallsScreen />;
    case 'call':
      return (
        <Fragment key={route.callId}>
          <CallScreen
            callId={route.callId}
            segmentId={route.segmentId}
            highlight={route.highlight}
            seconds={route.seconds}
          />
          <CallReviewAction callId={route.callId} />
        </Fragment>
      );
    case 'team':
      return <TeamScreen />;
    case 'rep':
      return <RepScreen key={route.memberId} memberId={route.memberId} />;
    case 'one-on-one':
      return <BriefScreen key={route.memberId} memberId={route.memberId} />;
    case 'checklist-matrix':
      return <ChecklistMatrixScreen view={route.view} />;
    case 'trackers':
      return <TrackersScreen view={route.view} />;
    case 'review-queue':
      return <ReviewQueueScreen windowDays={route.windowDays} />;
    case 'webhooks':
      return <WebhooksScreen />;
    case 'settings':
      return <SettingsScreen workspace={workspace} />;
    case 'search':
      return <LocalSearchScreen address={route.search} timeScale={workspace.profile.segmentTimeScale} />;
    case 'digest':
      return <DigestScreen />;
    case 'notifications':
      return <NotificationsScreen />;
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
