import type { ComponentProps } from 'react';
import { create } from 'zustand';
import { followsHere, Link, readHash } from './router';

/**
 * The address a press on a link is about to open. A person holds the button 50-150 ms before the
 * click lands; the shell renders that screen out of sight meanwhile, so the click only shows it.
 */
interface ScreenAhead {
  path: string | null;
  clear: () => void;
}

export const useScreenAhead = create<ScreenAhead>((set) => ({
  path: null,
  clear: () => set({ path: null }),
}));

/**
 * The screen lives only while the button is held: a press let go elsewhere (or taken over by a
 * scroll) drops it. One that ends in the click has opened it by then, and the shell drops it itself.
 */
function dropWhenLetGo(path: string): void {
  const letGo = () => {
    window.removeEventListener('pointerup', letGo, true);
    window.removeEventListener('pointercancel', letGo, true);
    // A task later: the click, if there is one, comes after the button's release.
    setTimeout(() => {
      if (useScreenAhead.getState().path === path && readHash() !== path) useScreenAhead.getState().clear();
    });
  };
  window.addEventListener('pointerup', letGo, true);
  window.addEventListener('pointercancel', letGo, true);
}

/**
 * A link whose press, before the click lands, starts the screen's first reads (`prepare`, asked
 * again on the click for a key or a touch that never pressed) and renders it ahead.
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
      onClick={prepare}
      {...props}
    />
  );
}
