/**
 * How browser mode carries the bridge over HTTP (design.md, Browser mode). Shared by the
 * loopback host in src/main/browser and the renderer's shim in src/renderer/platform.
 */
export const browserBridgePaths = {
  /** POST `{ code }` → `{ token }`: a one-time sign-in code for a session token. */
  session: '/bridge/session',
  /** POST `{ op, params, callId }` → a BridgeResult; the page cancels the call by aborting the request. */
  invoke: '/bridge/invoke',
  events: '/bridge/events',
} as const;

/** A page's session token; a header rather than a cookie, so no other page's request carries it. */
export const BROWSER_TOKEN_HEADER = 'x-callscope-token';

/**
 * The printed address carries a one-time sign-in code (`/?code=...`), never a token: the address
 * stays in the browser's history and session files, and there the code is already spent. The
 * shim removes it from the address bar before anything else runs and trades it for a token.
 */
export const BROWSER_CODE_PARAM = 'code';
