import { createContext, useContext } from 'react';

/**
 * Whether the screen around is out of sight: one the shell renders ahead of the click that opens it
 * (a link held down, or holding the keyboard's focus), or the one that click leaves, until the new
 * one is painted. Its keyboard shortcuts stay off. A question asked when it matters, so showing or
 * leaving the screen renders none of it again.
 */
export const OutOfSight = createContext<() => boolean>(() => false);

export const useIsOutOfSight = (): (() => boolean) => useContext(OutOfSight);
