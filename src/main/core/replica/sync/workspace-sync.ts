import { ApiError, isUnreachable } from '../../api-client/api-error';
import { canonicalParams, notFoundAnswer } from '../replica-answers';
import type { Replica } from '../replicas';
import type { RequestBudget } from './request-budget';
import { type KindProgress, type KnownItem, type SyncKind, syncStore } from './sync-store';

export type SyncState = 'syncing' | 'paused' | 'offline' | 'key-refused' | 'up-to-date';

export interface SyncProgress {
  state: SyncState;
  calls: KindProgress;
  deals: KindProgress;
}

/** One page of a list as the client read it. */
interface ListAnswer {
  data: KnownItem[];
  meta: { has_more?: boolean; next_cursor?: string | null };
}

export interface WorkspaceSyncOptions {
  replica: Replica;
  /** One request to the workspace's service (the client's retries, Retry-After included, apply). */
  request(op: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  budget: RequestBudget;
  onProgress(progress: SyncProgress): void;
  /** Items per list page (the interface's most is 100). */
  pageSize?: number;
  /**
   * How long after a round ends up to date the next one starts, so what changed on the service
   * meanwhile (new calls, a deal re-scored elsewhere) is fetched without the person asking; absent:
   * a round runs only when started.
   */
  roundEveryMs?: number;
  now?: () => number;
}

const listOp: Record<SyncKind, string> = { deals: 'listDeals', videos: 'listVideos' };

/**
 * What a screen of each record reads, fetched under the same params so the screen finds it (a
 * list's first page as the screen asks for it): the deal page's scoring history and activity,
 * the call page's tabs and analyses.
 */
const partsOf: Record<SyncKind, string[]> = {
  deals: ['getDeal', 'listScorings', 'listActivities'],
  videos: ['getVideo', 'getTranscript', 'getVideoEvents', 'getSummary', 'getChecklist', 'listAnalyses'],
};

/** 401: the key itself is refused (revoked or replaced elsewhere); nothing it reads says anything of a record. */
const keyRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Failures after which the part is tried again later: the service is away, asked us to slow
 * down, refused the key, or the sync was stopped. Any other answer settles the part: a 404 (a
 * call never analysed) is kept, for its screen to show offline too; a 403 for a scope the key
 * lacks, or an answer that cannot be read, leaves nothing to keep.
 */
function worthRetrying(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    isUnreachable(error) ||
    keyRefused(error) ||
    ['rate_limited', 'cancelled'].includes(error.code)
  );
}

/**
 * The background sync of one workspace: walk deals and calls newest first (keyset pages, resumed
 * from the stored cursor), then fetch each pending record's parts, one request at a time within
 * the budget. Every request's result commits with its mark, so a restart (even after kill -9)
 * continues where the replica says, fetching nothing it already holds.
 */
export function createWorkspaceSync(options: WorkspaceSyncOptions) {
  const store = syncStore(options.replica);
  const pageSize = options.pageSize ?? 100;
  const now = options.now ?? Date.now;
  let state: SyncState = 'up-to-date';
  let paused = false;
  let running: Promise<void> | null = null;
  let controller = new AbortController();
  let nextRound: NodeJS.Timeout | undefined;

  function progress(): SyncProgress {
    return { state, calls: store.progress('videos'), deals: store.progress('deals') };
  }

  function setState(next: SyncState): void {
    state = next;
    options.onProgress(progress());
  }

  async function walk(kind: SyncKind, signal: AbortSignal): Promise<void> {
    for (let walkState = store.walkState(kind); walkState.status === 'walking'; walkState = store.walkState(kind)) {
      await options.budget.take(signal);
      const params = { limit: pageSize, ...(walkState.cursor ? { cursor: walkState.cursor } : {}) };
      const page = (await options.request(listOp[kind], params, signal)) as ListAnswer;
      signal.throwIfAborted();
      const next = page.meta.has_more ? (page.meta.next_cursor ?? null) : null;
      store.recordPage(kind, { op: listOp[kind], params: canonicalParams(params), body: page, at: now() }, next);
      options.onProgress(progress());
    }
  }

  /** One read's answer to keep: the service's data or its 404; undefined when there is none to keep. */
  async function fetchPart(op: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    await options.budget.take(signal);
    try {
      return await options.request(op, params, signal);
    } catch (error) {
      if (worthRetrying(error)) throw error;
      return notFoundAnswer(error) ?? undefined;
    } finally {
      signal.throwIfAborted();
    }
  }

  async function fetchItem(kind: SyncKind, item: KnownItem, signal: AbortSignal): Promise<void> {
    const done = store.partsDone(kind, item);
    for (const part of partsOf[kind].filter((name) => !done.has(name))) {
      const params = { id: item.id };
      const body = await fetchPart(part, params, signal);
      store.storePart(kind, item, part, canonicalParams(params), body, now());
    }
    store.completeItem(kind, item);
    options.onProgress(progress());
  }

  async function round(signal: AbortSignal): Promise<void> {
    if (!store.roundOpen()) store.openRound();
    for (const kind of ['deals', 'videos'] as const) await walk(kind, signal);
    // The members (deal owners' names): one unpaginated read a round, kept like a screen's.
    const members = await fetchPart('listMembers', {}, signal);
    if (members !== undefined) options.replica.answers.put('listMembers', canonicalParams({}), members, now());
    for (const kind of ['deals', 'videos'] as const) {
      for (let item = store.nextPending(kind); item; item = store.nextPending(kind)) {
        await fetchItem(kind, item, signal);
      }
    }
    store.closeRound(new Date(now()).toISOString());
  }

  /** Runs rounds until one finishes, waiting out rate limits; stops when paused or unreachable. */
  async function run(): Promise<void> {
    const signal = controller.signal;
    setState('syncing');
    for (;;) {
      try {
        await round(signal);
        setState('up-to-date');
        return;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiError && error.code === 'rate_limited') {
          options.budget.holdFor((error.retryAfter ?? 1) * 1000);
          continue;
        }
        if (error instanceof ApiError && isUnreachable(error)) {
          setState('offline');
          return;
        }
        // The round stops with nothing marked; it resumes once a key works (the app starts it then).
        if (keyRefused(error)) {
          setState('key-refused');
          return;
        }
        throw error;
      }
    }
  }

  /** Starts a round (an unfinished one resumes) unless one runs or the person paused the sync. */
  function start(): Promise<void> {
    if (paused || running) return running ?? Promise.resolve();
    clearTimeout(nextRound);
    controller = new AbortController();
    const signal = controller.signal;
    running = run()
      .catch((error: unknown) => console.error('callscope: sync stopped', error))
      .finally(() => {
        running = null;
        if (state === 'up-to-date' && !signal.aborted && options.roundEveryMs !== undefined) {
          nextRound = setTimeout(() => void start(), options.roundEveryMs);
          nextRound.unref();
        }
      });
    return running;
  }

  return {
    progress,
    start,
    pause(): void {
      paused = true;
      clearTimeout(nextRound);
      controller.abort();
      setState('paused');
    },
    resume(): Promise<void> {
      paused = false;
      return start();
    },
    stop(): void {
      clearTimeout(nextRound);
      controller.abort();
    },
  };
}

export type WorkspaceSync = ReturnType<typeof createWorkspaceSync>;
