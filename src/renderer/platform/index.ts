import type { CallscopeBridge } from '../../shared/bridge';
import { createHttpBridge, takeBrowserToken } from './http-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    callscope?: CallscopeBridge;
  }
}

// Read at load, before the router looks at the address, so the token never lingers in it.
const browserToken = window.callscope ? null : takeBrowserToken();
let bridge: CallscopeBridge | null = null;

/** The renderer's only way out: Electron's preload bridge, or browser mode's HTTP shim. */
export function getBridge(): CallscopeBridge {
  bridge ??= window.callscope ?? createHttpBridge(browserToken);
  return bridge;
}
