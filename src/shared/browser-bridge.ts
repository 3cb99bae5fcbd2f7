/**
 * How browser mode carries the bridge over HTTP (design.md, Browser mode). Shared by the
 * loopback host in src/main/browser and the renderer's shim in src/renderer/platform.
 */
export const browserBridgePaths = {
  invoke: '/bridge/invoke',
  cancel: '/bridge/cancel',
  events: '/bridge/events',
} as const;

/** The per-launch token; a header rather than a cookie, so no other page's request carries it. */
export const BROWSER_TOKEN_HEADER = 'x-callscope-token';

/**
 * The page is opened with the token in its query (`/?token=...`); the shim moves it into
 * sessionStorage and out of the address bar before anything else runs.
 */
export const BROWSER_TOKEN_PARAM = 'token';
