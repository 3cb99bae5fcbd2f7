/** How long after `g` the second key counts as going to a screen (`g` then `p`: Pipeline). */
export const GO_TO_WINDOW_MS = 1500;
