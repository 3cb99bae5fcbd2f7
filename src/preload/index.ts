import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('callscope', {});
