import { type BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent, ipcMain } from 'electron';
import { bridgeChannels } from '../shared/bridge-channels';
import type { AppCore } from './core/app/app-core';
import { isAppUrl } from './core/app/sender-check';
import { ApiError } from './core/service-client/api-client/api-error';

/**
 * One validated channel into the core. Every call is checked to come from the main window's
 * own top frame showing the app's own page, before its params are even looked at.
 */
export function connectBridge(core: AppCore, window: () => BrowserWindow | null, appUrl: string): void {
  const trusted = (event: IpcMainInvokeEvent | IpcMainEvent) => {
    const current = window();
    const frame = event.senderFrame;
    return (
      !!current &&
      event.sender === current.webContents &&
      !!frame &&
      frame.parent === null &&
      isAppUrl(frame.url, appUrl)
    );
  };

  ipcMain.handle(bridgeChannels.invoke, (event, op: unknown, params: unknown, callId: unknown) => {
    if (!trusted(event)) {
      return {
        ok: false,
        error: new ApiError({
          code: 'forbidden_sender',
          message: 'Only the Callscope window may use the bridge.',
        }).toBridgeError(),
      };
    }
    return core.invoke(String(op), params, typeof callId === 'string' ? callId : undefined);
  });

  ipcMain.on(bridgeChannels.cancel, (event, callId: unknown) => {
    if (trusted(event) && typeof callId === 'string') core.cancel(callId);
  });

  core.on((name, payload) => {
    const current = window();
    if (current && !current.isDestroyed()) current.webContents.send(bridgeChannels.event, name, payload);
  });
}
