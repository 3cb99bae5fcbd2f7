import type { CallscopeBridge } from '../../shared/bridge';
import { createHttpBridge, openBrowserSession } from './http-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    callscope?: CallscopeBridge;
  }
}

// Started at load, before the router looks at the address, so the sign-in code never lingers in it.
const browserSession = window.callscope ? null : openBrowserSession();
let bridge: CallscopeBridge | null = null;

/** The renderer's only way out: Electron's preload bridge, or browser mode's HTTP shim. */
export function getBridge(): CallscopeBridge {
  bridge ??= window.callscope ?? createHttpBridge(browserSession!);
  return bridge;
}

/** The desktop app (Electron's preload) has native dialogs; browser mode has the page's own download. */
export function isDesktop(): boolean {
  return window.callscope !== undefined;
}
