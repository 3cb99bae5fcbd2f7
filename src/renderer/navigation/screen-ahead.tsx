import type { ComponentProps } from 'react';
import { create } from 'zustand';
import { Link } from './router';

/**
 * The address a press on a link is about to open. A person holds the button 50-150 ms before the
 * click lands; the shell renders that screen hidden meanwhile, so the click only has to show it.
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
        // The main button only: the others open menus or new tabs, not this screen.
        if (event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
          useScreenAhead.setState({ path: to });
      }}
      onClick={prepare}
      {...props}
    />
  );
}
