import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useUndoOffer } from '../state/undo-offer';
import { useIsOutOfSight } from './out-of-sight';

/** Something the person can do, offered by the palette (`Ctrl K`) with the key that does it outside. */
export interface ScreenAction {
  /** Stable across renders and sessions: the palette's recent actions are kept by it. */
  id: string;
  title: string;
  /** The key that does it on the screen, as the `?` sheet writes it (`E`, `Shift E`, `G P`). */
  key?: string;
  /** Other words the person may type for it. */
  keywords?: string;
  /** False: not possible now (a job running, offline); left out of the palette. */
  enabled?: boolean;
  run: () => void;
}

/** `screen`: the screen on view and its selection, listed first; `everywhere`: the app's own (go to, switch…). */
export type ActionScope = 'screen' | 'everywhere';

interface Registration {
  scope: ActionScope;
  /** The newest actions of the component that registered them: read when the palette opens. */
  actions: () => readonly ScreenAction[];
  outOfSight: () => boolean;
}

const useRegistry = create<{ registrations: ReadonlySet<Registration> }>(() => ({ registrations: new Set() }));

/**
 * Offers a component's actions in the palette while it is mounted and in sight (a screen rendered
 * ahead, or the one a click is leaving, offers none). The actions are read when the palette
 * opens (and again when those offered change), so they may be written inline with this render's state.
 */
export function useScreenActions(actions: readonly ScreenAction[], scope: ActionScope = 'screen'): void {
  const latest = useRef(actions);
  latest.current = actions;
  const outOfSight = useIsOutOfSight();
  useEffect(() => {
    const registration: Registration = { scope, actions: () => latest.current, outOfSight };
    useRegistry.setState(({ registrations }) => ({ registrations: new Set(registrations).add(registration) }));
    return () =>
      useRegistry.setState(({ registrations }) => {
        const rest = new Set(registrations);
        rest.delete(registration);
        return { registrations: rest };
      });
  }, [scope, outOfSight]);
  // An answer arriving after the palette opened may enable an action or rename one (the checklist
  // read under a palette opened at once): a palette open meanwhile lists them anew.
  const offered = actions
    .map((action) => (action.enabled === false ? '' : `${action.id}\t${action.title}\t${action.key ?? ''}`))
    .join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the palette lists changed, so it reads them again
  useEffect(() => {
    useRegistry.setState(({ registrations }) => ({ registrations: new Set(registrations) }));
  }, [offered]);
}

/** Changes whenever a component offers, withdraws or changes its actions: a palette open meanwhile lists them anew. */
export const useActionRegistrations = () => useRegistry((state) => state.registrations);

/**
 * The actions on offer now, the enabled ones only, the screen's first. A screen's own come before
 * those of the parts inside it (a child's effect registers first, so the newest go first).
 */
export function actionsOnOffer(): Record<ActionScope, ScreenAction[]> {
  const offer: Record<ActionScope, ScreenAction[]> = { screen: [], everywhere: [] };
  const seen = new Set<string>();
  for (const registration of [...useRegistry.getState().registrations].reverse()) {
    if (registration.outOfSight()) continue;
    for (const action of registration.actions()) {
      if (action.enabled === false || seen.has(action.id)) continue;
      seen.add(action.id);
      offer[registration.scope].push(action);
    }
  }
  return offer;
}

/** Copies a link for an action run from the palette, and says so (or why not) in the notice at the bottom. */
export async function copyLinkSaying(link: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    useUndoOffer.getState().tell(`Copied a link to ${what}: ${link}`);
  } catch {
    useUndoOffer.getState().tell(`Could not copy the link to ${what}: the clipboard refused it.`);
  }
}
