import { createContext, useContext } from 'react';

/**
 * Whether the screen around is one the shell renders ahead of the click that opens it (a link held
 * down): out of sight and inert, its keyboard shortcuts stay off until the click shows it. A
 * question asked when it matters, so showing the screen renders none of it again.
 */
export const RenderedAhead = createContext<() => boolean>(() => false);

export const useIsRenderedAhead = (): (() => boolean) => useContext(RenderedAhead);
