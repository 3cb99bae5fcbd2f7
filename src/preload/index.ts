import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeEventName, CallscopeBridge } from '../shared/bridge';
import { bridgeChannels } from '../shared/bridge-channels';

type Listener = (payload: unknown) => void;
const listeners = new Map<BridgeEventName, Set<Listener>>();

ipcRenderer.on(bridgeChannels.event, (_event, name: BridgeEventName, payload: unknown) => {
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

/**
 * Exactly `CallscopeBridge` and nothing else: no ipcRenderer, no Node, no way to name a channel.
 * Main validates every call and checks that it comes from the app's own page.
 */
const bridge: CallscopeBridge = {
  invoke: (op, params, callId) => ipcRenderer.invoke(bridgeChannels.invoke, op, params, callId),
  cancel: (callId) => ipcRenderer.send(bridgeChannels.cancel, callId),
  on(event, listener) {
    const set = listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    listeners.set(event, set);
    return () => {
      set.delete(listener as Listener);
    };
  },
};

contextBridge.exposeInMainWorld('callscope', bridge);
