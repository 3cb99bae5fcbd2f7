import type { StoredAnswer } from '../replica/replica-answers';
import { type CopyReaderWorkerData, readerAppContract, type readerContract } from './engine-contract';
import { startWorkerHost } from './worker-host';

/** Run from source the worker is the .ts beside this; built, the .js. */
const workerFile = import.meta.url.endsWith('.ts') ? 'copy-reader-worker.ts' : 'copy-reader-worker.js';

export interface CopyReaderThreadOptions {
  /** The folder of replica files. */
  dir: string;
  vaultGet(account: string): Promise<string | null>;
  /** Whether the engine keeps the workspace's copy in a file that stores now (asked of the engine). */
  copyStores(workspaceId: string): Promise<boolean>;
}

/**
 * The copy reader in a thread of its own, beside the engine's: it answers the window's reads of
 * a copy while the engine's thread writes. It reads only a copy the engine said it keeps in a
 * file that stores (a paused one asks the service first, which is the engine's to do), asked
 * again whenever the copy changed state; until then, and whenever it fails or is starting again
 * after a crash, it answers null and the caller asks the engine.
 */
export function startCopyReaderThread(options: CopyReaderThreadOptions) {
  const host = startWorkerHost<typeof readerAppContract, typeof readerContract>({
    entry: new URL(workerFile, import.meta.url),
    data: { dir: options.dir } satisfies CopyReaderWorkerData,
    serves: readerAppContract,
    handlers: {
      vaultGet: ({ account }) => options.vaultGet(account),
    },
  });
  /** Per workspace, whether the reader may answer: absent until the engine has been asked. */
  const mayRead = new Map<string, boolean>();
  /** Moves when a workspace's copy changes state, so an answer asked before then is not taken. */
  const generations = new Map<string, number>();

  function reads(workspaceId: string): boolean {
    const known = mayRead.get(workspaceId);
    if (known === undefined) {
      mayRead.set(workspaceId, false);
      const generation = generations.get(workspaceId) ?? 0;
      void options
        .copyStores(workspaceId)
        .catch(() => false)
        .then((stores) => {
          if ((generations.get(workspaceId) ?? 0) === generation) mayRead.set(workspaceId, stores);
          else mayRead.delete(workspaceId);
        });
    }
    return known === true;
  }

  /** The reader's answer, or null when it may not read the copy or failed to. */
  async function ask<T>(workspaceId: string, call: () => Promise<unknown>): Promise<T | null> {
    if (!reads(workspaceId)) return null;
    try {
      return ((await call()) as T | null) ?? null;
    } catch {
      return null;
    }
  }

  return {
    /** The answer the copy holds for a read (a kept 404 included); null: ask the engine. */
    storedAnswer: (workspaceId: string, op: string, params: Record<string, unknown>) =>
      ask<StoredAnswer>(workspaceId, () => host.call('storedAnswer', { workspaceId, op, params })),

    /**
     * The workspace's copy changed state (removed, rebuilt, paused, resumed, turned off): the
     * reader lets it go, and reads it again only once the engine says it keeps it.
     */
    async changed(workspaceId: string): Promise<void> {
      generations.set(workspaceId, (generations.get(workspaceId) ?? 0) + 1);
      mayRead.delete(workspaceId);
      // Once answered, nothing of the reader holds the file (which some systems need to delete it);
      // a reader starting again holds nothing yet.
      await host.call('drop', { workspaceId }).catch(() => {});
    },

    /** The settings changed (a copy turned off, a scope chosen): every copy is asked about again. */
    changedAll(): void {
      for (const workspaceId of new Set([...mayRead.keys(), ...generations.keys()])) void this.changed(workspaceId);
    },

    restarts: host.restarts,
    kill: host.kill,
    async close(): Promise<void> {
      await host.call('close', {}).catch(() => {});
      await host.close();
    },
  };
}

export type CopyReaderThread = ReturnType<typeof startCopyReaderThread>;
