import type { ChangedRead } from '../../../../shared/bridge';
import { ApiError, isUnreachable } from '../../service-client/api-client/api-error';
import { notFoundAnswer, notFoundIn } from './kept-not-found';
import { isOfflineListOp, offlineList, outsideScope } from './offline-lists';
import { canonicalParams } from './replica-answers';
import type { Replicas } from './replicas';

export interface ReplicaReadsOptions {
  replicas: Replicas;
  /** Asks the service. */
  fetch(workspaceId: string, op: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  isOnline(workspaceId: string): boolean;
  /** Stored answers of the workspace changed: the screens showing these reads read again. */
  changed(workspaceId: string, reads: ChangedRead[]): void;
  /** An answer younger than this is not asked for again (the re-read after `changed` among them). */
  revalidateAfterMs?: number;
  now?: () => number;
}

/** A read as the change events name it: its operation, and the record its `id` names (none for a list). */
export function changedRead(op: string, params: Record<string, unknown>): ChangedRead {
  return { op, id: typeof params.id === 'string' ? params.id : null };
}

/**
 * Stale-while-revalidate through the bridge: a read the replica holds is answered from it at once
 * and asked of the service in the background; when the service's answer differs, `changed` tells
 * the renderer, whose queries read again and get the new answer from the replica. A read the
 * replica does not hold waits for the service and is kept. The renderer's queries stay as they are.
 */
export function createReplicaReads(options: ReplicaReadsOptions) {
  const revalidateAfterMs = options.revalidateAfterMs ?? 5_000;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, AbortController>();
  /** Per workspace, when the app last changed something on the service (or saw a job end). */
  const changedAt = new Map<string, number>();
  async function fetchAndKeep(
    workspaceId: string,
    op: string,
    params: Record<string, unknown>,
    key: string,
    signal: AbortSignal,
  ): Promise<{ body: unknown; changed: boolean }> {
    let body: unknown;
    try {
      body = await options.fetch(workspaceId, op, params, signal);
    } catch (error) {
      // Gone from the service (deleted, never analysed, or now another organisation's): that is kept too.
      body = notFoundAnswer(error);
      if (body === null) throw error;
    }
    // Asked for the copy again after the answer: it may have been turned off meanwhile. Storing
    // is best-effort: a full disk or a damaged file leaves the answer the screen's all the same.
    const changed = await options.replicas.write(workspaceId, (replica) => replica.answers.put(op, key, body, now()));
    return { body, changed: changed ?? false };
  }

  /** A kept answer as the service gave it: its data, or its 404 again. */
  function replay(body: unknown): unknown {
    const notFound = notFoundIn(body);
    if (notFound) throw notFound;
    return body;
  }

  function revalidate(workspaceId: string, op: string, params: Record<string, unknown>, key: string): void {
    const flightKey = `${workspaceId}\n${op}\n${key}`;
    if (inFlight.has(flightKey)) return;
    const controller = new AbortController();
    inFlight.set(flightKey, controller);
    fetchAndKeep(workspaceId, op, params, key, controller.signal)
      .then(({ changed }) => changed && options.changed(workspaceId, [changedRead(op, params)]))
      // The copy stays as it is; the next read past `revalidateAfterMs` asks again.
      .catch(() => {})
      .finally(() => inFlight.delete(flightKey));
  }

  return {
    async read(workspaceId: string, op: string, params: Record<string, unknown>, signal: AbortSignal) {
      const key = canonicalParams(params);
      // None kept while the local copy is off, and a copy that cannot be read is a miss: the read
      // goes to the service.
      const stored = await options.replicas.read(workspaceId, (replica) => replica.answers.get(op, key));
      if (!stored) {
        try {
          return replay((await fetchAndKeep(workspaceId, op, params, key, signal)).body);
        } catch (error) {
          if (!(error instanceof ApiError && isUnreachable(error))) throw error;
          // A list never read (another filter, a further page): offline, from the records held. A
          // record the copy's scope leaves out: offline, the read says so.
          const fromRecords = await options.replicas.read(
            workspaceId,
            (replica) =>
              (isOfflineListOp(op) ? offlineList(replica.db, op, params) : null) ??
              outsideScope(replica.db, op, params),
          );
          if (!fromRecords) throw error;
          if ('outside' in fromRecords)
            throw new ApiError({ code: 'outside_local_copy', message: fromRecords.outside });
          return fromRecords;
        }
      }
      // While storing is paused the copy cannot take the service's newer answer, so the service
      // is asked first (its answer shown, not stored); offline, the copy answers.
      const mustAsk =
        stored.fetchedAt < (changedAt.get(workspaceId) ?? 0) || options.replicas.storingPause(workspaceId) !== null;
      if (mustAsk && options.isOnline(workspaceId)) {
        try {
          return replay((await fetchAndKeep(workspaceId, op, params, key, signal)).body);
        } catch (error) {
          if (!(error instanceof ApiError && isUnreachable(error))) throw error;
          return replay(stored.body);
        }
      }
      if (now() - stored.fetchedAt >= revalidateAfterMs && options.isOnline(workspaceId)) {
        revalidate(workspaceId, op, params, key);
      }
      return replay(stored.body);
    },

    /** Asks the service for this read in the background and keeps its answer (once at a time per read). */
    revalidate(workspaceId: string, op: string, params: Record<string, unknown>): void {
      revalidate(workspaceId, op, params, canonicalParams(params));
    },

    /** What the replica holds for this read (a kept 404 is nothing), or null; the service is not asked. */
    async held(workspaceId: string, op: string, params: Record<string, unknown>): Promise<unknown> {
      const body = await options.replicas.read(
        workspaceId,
        (replica) => replica.answers.get(op, canonicalParams(params))?.body ?? null,
      );
      return notFoundIn(body) ? null : body;
    },

    /**
     * The app just changed something on the service (a POST or DELETE), or a job it watches ended:
     * every copy read before now waits for the service once, so the screen that reads again after
     * the change shows it, not the copy from before.
     */
    expectChanges(workspaceId: string): void {
      changedAt.set(workspaceId, now() + 1);
    },

    close(): void {
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    },
  };
}

export type ReplicaReads = ReturnType<typeof createReplicaReads>;
