/** The three IPC channels of the Electron bridge (one validated `invoke(op, params)`, design.md). */
export const bridgeChannels = {
  invoke: 'callscope:invoke',
  cancel: 'callscope:cancel',
  event: 'callscope:event',
} as const;
