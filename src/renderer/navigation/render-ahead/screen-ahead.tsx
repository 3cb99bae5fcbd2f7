import type { ComponentProps } from 'react';
import { create } from 'zustand';
import { followsHere, Link, readHash } from '../router';

/**
 * Screen ahead: the address a link is about to open, pressed or holding the keyboard's focus. A
 * person holds the button 50-150 ms before the click lands, and a key that focused a link (Tab,
 * j/k) comes well before the Enter that opens it; the shell (app/RoutedScreen.tsx) renders that
 * screen out of sight meanwhile, so the click or the Enter only shows it. Measured by
 * docs/benchmarks.md, "Local-first in the browser": "click in the calls list → title and details
 * painted", its keyboard row (j to the call, Enter), and "click on the Pipeline → title, facts and
 * win probability painted".
 */
interface ScreenAhead {
  path: string | null;
  clear: () => void;
}

export const useScreenAhead = create<ScreenAhead>((set) => ({
  path: null,
  clear: () => set({ path: null }),
}));

/** Drops the screen ahead unless it is the one on view now (the shell drops it itself then). */
function dropUnlessOpened(path: string): void {
  if (useScreenAhead.getState().path === path && readHash() !== path) useScreenAhead.getState().clear();
}

/**
 * The screen lives only while the button is held: a press let go elsewhere (or taken over by a
 * scroll) drops it. One that ends in the click has opened it by then.
 */
function dropWhenLetGo(path: string): void {
  const letGo = () => {
    window.removeEventListener('pointerup', letGo, true);
    window.removeEventListener('pointercancel', letGo, true);
    // A task later: the click, if there is one, comes after the button's release.
    setTimeout(() => dropUnlessOpened(path));
  };
  window.addEventListener('pointerup', letGo, true);
  window.addEventListener('pointercancel', letGo, true);
}

/**
 * A link whose press, or the keyboard's focus on it, starts the screen's first reads (`prepare`:
 * reads at the press, asked again on the click for a touch that never pressed) and renders it
 * ahead. Focus a pointer gave is left alone: its press has done both already. The reads at the
 * press are what the "instant click" row of the same table measures, where press and click share
 * one frame.
 */
export function LinkAhead({
  to,
  prepare,
  ...props
}: { to: string; prepare: () => void } & Omit<ComponentProps<typeof Link>, 'to'>) {
  return (
    <Link
      to={to}
      onPointerDown={(event) => {
        prepare();
        // Only a press whose click opens the screen here: not a menu's, a new tab's or a download's.
        if (!followsHere(event)) return;
        useScreenAhead.setState({ path: to });
        dropWhenLetGo(to);
      }}
      onFocus={(event) => {
        if (!event.currentTarget.matches(':focus-visible')) return;
        prepare();
        useScreenAhead.setState({ path: to });
      }}
      onBlur={() => dropUnlessOpened(to)}
      onClick={prepare}
      {...props}
    />
  );
}
