import type { ChangedRead } from '../../../shared/bridge';

/** Changes within this long of each other are told the window once. */
const CHANGE_BATCH_MS = 50;

/**
 * Gathers the reads whose stored answers changed (a burst of revalidations, a sync storing record
 * after record) and tells them once per workspace, each read once: the window then re-reads each
 * screen's data once, not once per answer.
 */
export function createChangeBatch(tell: (workspaceId: string, reads: ChangedRead[]) => void) {
  const pending = new Map<string, Map<string, ChangedRead>>();
  let timer: NodeJS.Timeout | null = null;

  function flush(): void {
    timer = null;
    const changes = [...pending];
    pending.clear();
    for (const [workspaceId, reads] of changes) tell(workspaceId, [...reads.values()]);
  }

  return {
    add(workspaceId: string, reads: readonly ChangedRead[]): void {
      if (reads.length === 0) return;
      const gathered = pending.get(workspaceId) ?? new Map<string, ChangedRead>();
      for (const read of reads) gathered.set(`${read.op}\n${read.id}`, read);
      pending.set(workspaceId, gathered);
      timer ??= setTimeout(flush, CHANGE_BATCH_MS);
    },
    close(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
