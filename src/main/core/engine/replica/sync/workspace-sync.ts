import { timerDelay } from '../../../../../node-shared/timer-delay';
import type { ChangedRead, CopyScope, UnreadableRecord } from '../../../../../shared/bridge';
import { WHOLE_WORKSPACE } from '../../../../../shared/copy-scope';
import { ApiError, isUnreachable } from '../../../service-client/api-client/api-error';
import { createPageWalk } from '../../../service-client/api-client/page-walk';
import { canonicalParams } from '../replica-answers';
import { changedRead } from '../replica-reads';
import type { Replica } from '../replicas';
import { epochMs } from '../timestamp';
import { type AppliedScope, applyScopeAt, sameChoice } from './applied-scope';
import type { RequestBudget } from './request-budget';
import { type RetrySchedule, retryDelayMs, serviceWaitMs, syncRetrySchedule, WAIT_IN_ROUND_MS } from './retry-schedule';
import { describeFailure, partOutcome } from './sync-outcome';
import { type KindProgress, type KnownItem, type ListedItem, type SyncKind, syncStore, walkOrder } from './sync-store';

/**
 * 'syncing' only while a round runs; 'waiting': the last run could not store everything (a record
 * the service failed, a list that does not end, an error), `problem` says why and `nextAttemptAt`
 * when it tries again by itself; 'up-to-date': every record the lists gave is stored.
 */
export type SyncState = 'syncing' | 'paused' | 'offline' | 'key-refused' | 'up-to-date' | 'waiting';

export interface SyncKindProgress extends KindProgress {
  /** Records the last walk's pages gave that could not be read (left out), with their ids where known. */
  skipped: number;
  skippedIds: (string | null)[];
}

export interface SyncProgress {
  state: SyncState;
  calls: SyncKindProgress;
  deals: SyncKindProgress;
  /** Why the sync is not up to date, in words; null when nothing is wrong. */
  problem: string | null;
  /** When the sync runs again by itself (ms since the epoch); null when nothing is scheduled. */
  nextAttemptAt: number | null;
  /** What the copy keeps, as it was last made to fit it: the counts are of what lies within. */
  scope: AppliedScope;
}

/** One page of a list as the client read it. */
interface ListAnswer {
  data: ListedItem[];
  meta: { has_more?: boolean; next_cursor?: string | null };
  unreadable?: UnreadableRecord[];
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
   * How long after a round ends the next one starts, so what changed on the service meanwhile
   * (new calls, a deal re-scored elsewhere) is fetched without the person asking; absent: a round
   * runs only when started (failed records are still tried again on `retry`'s schedule).
   */
  roundEveryMs?: number;
  /** The waits before a failed record, or a run that stopped, is tried again. */
  retry?: RetrySchedule;
  /** What the copy keeps (Settings' choice), read as each round opens; absent: everything. */
  scope?: () => CopyScope;
  /**
   * An error that is not the service's: when the copy's storage failed (a full disk pauses
   * storing, a damaged copy is rebuilt), why the sync waits, in words; it is then started again
   * by whoever resumes storing, not by a timer. Null for any other error.
   */
  storageFailed?(error: unknown): string | null;
  /** Reads whose stored answers the sync changed (a record fetched again that differs, a list page): screens showing them read again. */
  stored?(reads: ChangedRead[]): void;
  now?: () => number;
}

const listOp: Record<SyncKind, string> = { deals: 'listDeals', videos: 'listVideos' };
const kindWord: Record<SyncKind, string> = { deals: 'deals', videos: 'calls' };

/**
 * What a screen of each record reads, fetched under the same params so the screen finds it (a
 * list's first page as the screen asks for it): the deal page's scoring history and activity,
 * the call page's tabs and analyses.
 */
const partsOf: Record<SyncKind, string[]> = {
  deals: ['getDeal', 'listScorings', 'listActivities'],
  videos: ['getVideo', 'getTranscript', 'getVideoEvents', 'getSummary', 'getChecklist', 'listAnalyses'],
};

/** Records failed in a row after which the run stops and waits: the service is failing, not one record. */
const FAILURES_IN_A_ROW = 3;
/** A first walk of a list stops here (200,000 records at 100 a page); later ones at twice the last. */
const FIRST_WALK_MAX_PAGES = 2_000;
const MAX_SKIPPED_IDS = 10;

/** A wait with no timer: the sync is started again by whoever can tell (storing resumed). */
const UNTIL_RESUMED = Number.POSITIVE_INFINITY;

/**
 * Lets what already waits in the thread's queue run before the sync writes an answer it just got:
 * in the engine's thread a search that arrived with the answer is answered first, instead of
 * after the write (a transcript's is 12 ms median, 40 ms p90). Each write stays one transaction.
 */
const readsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The run stops and waits, with the reason it gives the person. */
class SyncWait extends Error {
  constructor(
    readonly state: 'waiting' | 'offline' | 'key-refused',
    readonly reason: string,
    /** How long to wait, when the cause says (Retry-After); else the retry schedule's next wait. */
    readonly waitMs: number | null = null,
  ) {
    super(reason);
  }
}

/** A failure that ends the run: what the person is told, and when the sync tries again. */
function runStop(error: unknown, storageFailed: WorkspaceSyncOptions['storageFailed']): SyncWait {
  if (error instanceof SyncWait) return error;
  const storage = error instanceof ApiError ? null : (storageFailed?.(error) ?? null);
  if (storage !== null) return new SyncWait('waiting', storage, UNTIL_RESUMED);
  if (error instanceof ApiError) {
    if (error.status === 401) return new SyncWait('key-refused', describeFailure(error));
    if (isUnreachable(error)) return new SyncWait('offline', describeFailure(error));
    if (error.code === 'rate_limited') {
      return new SyncWait('waiting', 'The service asked Callscope to slow down', serviceWaitMs(error.retryAfter));
    }
    return new SyncWait('waiting', describeFailure(error));
  }
  // A fault of Callscope's own (or of the disk): said, logged, and tried again, never a silent stop.
  console.error('callscope: sync stopped', error);
  const detail = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
  return new SyncWait('waiting', `Callscope met an error of its own (${detail})`);
}

/**
 * The background sync of one workspace: walk deals and calls newest first (keyset pages, resumed
 * from the stored cursor), then fetch each pending record's parts, one request at a time within
 * the budget. Every request's result commits with its mark, so a restart (even after kill -9)
 * continues where the replica says, fetching nothing it already holds. Nothing stops it for good:
 * a record the service fails waits and is tried again, a run that cannot go on says why and runs
 * again later, and only the person (pause) or a refused key ends it until told otherwise.
 */
export function createWorkspaceSync(options: WorkspaceSyncOptions) {
  const store = syncStore(options.replica);
  const pageSize = options.pageSize ?? 100;
  const now = options.now ?? Date.now;
  const schedule = options.retry ?? syncRetrySchedule;
  let state: SyncState = 'up-to-date';
  let problem: string | null = null;
  let nextAttemptAt: number | null = null;
  let paused = false;
  let running: Promise<void> | null = null;
  let controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  /** Runs in a row that stopped on a failure: the wait before the next one grows with them. */
  let runFailures = 0;
  /** Records failed in a row, across records; reset by any part stored. */
  let failuresInARow = 0;
  /** The lists whose last walk stopped before their end, with the pages it read. */
  const endless = new Map<SyncKind, number>();
  const skipped: Record<SyncKind, UnreadableRecord[]> = { deals: [], videos: [] };

  function kindProgress(kind: SyncKind): SyncKindProgress {
    return {
      ...store.progress(kind),
      skipped: skipped[kind].length,
      skippedIds: skipped[kind].slice(0, MAX_SKIPPED_IDS).map((record) => record.id),
    };
  }

  function progress(): SyncProgress {
    return {
      state,
      calls: kindProgress('videos'),
      deals: kindProgress('deals'),
      problem,
      nextAttemptAt,
      scope: store.scope(),
    };
  }

  function setState(next: SyncState, why: string | null = null): void {
    state = next;
    problem = why;
    options.onProgress(progress());
  }

  async function walk(kind: SyncKind, scope: AppliedScope, signal: AbortSignal): Promise<void> {
    const known = store.walkedPages(kind);
    const pages = createPageWalk({ maxPages: known === null ? FIRST_WALK_MAX_PAGES : Math.max(2 * known, known + 10) });
    if (store.walkState(kind).cursor === null) skipped[kind] = [];
    endless.delete(kind);
    // The calls of recent months, asked with the interface's filter: the walk ends where they do.
    const since = scope.kind === 'recent' && kind === 'videos' ? scope.since : null;
    for (let walkState = store.walkState(kind); walkState.status === 'walking'; walkState = store.walkState(kind)) {
      await options.budget.take(signal);
      const params = {
        limit: pageSize,
        ...(since ? { created_after: since } : {}),
        ...(walkState.cursor ? { cursor: walkState.cursor } : {}),
      };
      const page = (await options.request(listOp[kind], params, signal)) as ListAnswer;
      await readsFirst();
      signal.throwIfAborted();
      let next: string | null;
      try {
        next = pages.next(
          page.meta,
          page.data.map((item) => item.id),
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'endless_pages')) throw error;
        // Its pages do not end (a cursor again, pages of records already seen, far more pages than
        // last time): what the walk found is kept, and the status says the list did not end.
        endless.set(kind, pages.pages);
        next = null;
      }
      // A service that lists older calls all the same (newest first, so they come last): the rest lie outside.
      if (
        since !== null &&
        page.data.some((item) => (epochMs(item.created_at) ?? Number.POSITIVE_INFINITY) <= Date.parse(since))
      )
        next = null;
      skipped[kind].push(...(page.unreadable ?? []));
      const stored = { op: listOp[kind], params: canonicalParams(params), body: page, at: now() };
      if (store.recordPage(kind, stored, next, endless.has(kind) ? null : pages.pages)) {
        options.stored?.([changedRead(listOp[kind], params)]);
      }
      options.onProgress(progress());
    }
  }

  /**
   * Fetches the record's parts it has no mark for. A part the service failed leaves the record
   * pending, to be tried again after a wait; the run goes on with the next record, unless records
   * fail in a row (the service, not one record, is failing): then the run stops and waits.
   */
  async function fetchItem(kind: SyncKind, item: KnownItem, signal: AbortSignal): Promise<void> {
    const done = store.partsDone(kind, item);
    const changed: ChangedRead[] = [];
    for (const part of partsOf[kind].filter((name) => !done.has(name))) {
      const params = { id: item.id };
      await options.budget.take(signal);
      let body: unknown;
      try {
        body = await options.request(part, params, signal);
      } catch (error) {
        signal.throwIfAborted();
        const outcome = partOutcome(error);
        if (!outcome.settled && outcome.retry === 'round') throw outcome.error;
        if (!outcome.settled) {
          store.failItem(kind, item, outcome.reason, (failures) => now() + retryDelayMs(schedule, failures));
          options.onProgress(progress());
          options.stored?.(changed);
          failuresInARow += 1;
          if (failuresInARow >= FAILURES_IN_A_ROW) throw new SyncWait('waiting', notFetchedYet() ?? outcome.reason);
          return;
        }
        body = outcome.keep;
      }
      await readsFirst();
      signal.throwIfAborted();
      failuresInARow = 0;
      if (store.storePart(kind, item, part, canonicalParams(params), body, now()))
        changed.push(changedRead(part, params));
    }
    store.completeItem(kind, item);
    options.stored?.(changed);
    options.onProgress(progress());
  }

  async function fetchPending(signal: AbortSignal): Promise<void> {
    for (const kind of ['deals', 'videos'] as const) {
      for (let item = store.nextPending(kind, now()); item; item = store.nextPending(kind, now())) {
        await fetchItem(kind, item, signal);
      }
    }
  }

  async function round(signal: AbortSignal): Promise<void> {
    const wanted = applyScopeAt(options.scope?.() ?? WHOLE_WORKSPACE, now());
    // A round opens under the scope as it applies now; one left open by a stop resumes, unless the scope changed since.
    if (!store.roundOpen() || !sameChoice(store.scope(), wanted)) store.openRound(wanted, now());
    const scope = store.scope();
    for (const kind of walkOrder(scope)) await walk(kind, scope, signal);
    // The members (deal owners' names): one unpaginated read a round, kept like a screen's.
    await options.budget.take(signal);
    try {
      const members = await options.request('listMembers', {}, signal);
      await readsFirst();
      signal.throwIfAborted();
      if (options.replica.answers.put('listMembers', canonicalParams({}), members, now())) {
        options.stored?.([changedRead('listMembers', {})]);
      }
    } catch (error) {
      signal.throwIfAborted();
      const outcome = partOutcome(error);
      if (!outcome.settled && outcome.retry === 'round') throw outcome.error;
      // Otherwise the names read before stay; the next round asks again.
    }
    await fetchPending(signal);
    // Offline lists are answered from the records held only once every list was walked to its end.
    store.closeRound(endless.size === 0 ? new Date(now()).toISOString() : null);
  }

  /** "3 calls and 1 deal could not be fetched yet: <why the latest failed>", or null when none failed. */
  function notFetchedYet(): string | null {
    const counts = (['videos', 'deals'] as const)
      .map((kind) => ({ kind, failing: store.progress(kind).failing }))
      .filter(({ failing }) => failing > 0)
      .map(({ kind, failing }) => `${failing} ${failing === 1 ? kindWord[kind].slice(0, -1) : kindWord[kind]}`);
    if (counts.length === 0) return null;
    return `${counts.join(' and ')} could not be fetched yet: ${store.lastFailure() ?? 'no answer'}`;
  }

  /** Where a run that finished leaves the sync: up to date, or waiting with the reason. */
  function finished(): void {
    runFailures = 0;
    const lists = [...endless].map(
      ([kind, pages]) => `the service's list of ${kindWord[kind]} does not end (stopped after ${pages} pages)`,
    );
    const reasons = [...lists, notFetchedYet()].filter((reason) => reason !== null);
    scheduleNext(reasons.length > 0 ? store.nextRetryAt() : null);
    const text = reasons.join('; ');
    if (text) setState('waiting', text.charAt(0).toUpperCase() + text.slice(1));
    else setState('up-to-date');
  }

  /** A run stopped: said, and tried again after the service's wait or the schedule's. */
  function stopped(stop: SyncWait): void {
    if (stop.state === 'key-refused') {
      // Started again by the app once a key works: asking with this one would be refused again.
      nextAttemptAt = null;
    } else if (stop.waitMs === UNTIL_RESUMED) {
      clearTimeout(timer);
      nextAttemptAt = null;
    } else {
      runFailures += 1;
      // Only a wait the service asked for holds every request; the others are the sync's own pace.
      if (stop.waitMs !== null) options.budget.holdFor(stop.waitMs);
      scheduleNext(now() + (stop.waitMs ?? retryDelayMs(schedule, runFailures)));
    }
    setState(stop.state, stop.reason);
  }

  /** The next run by itself: at `retryAt` (failed records, a stopped run), or the next round. */
  function scheduleNext(retryAt: number | null): void {
    clearTimeout(timer);
    const roundAt = options.roundEveryMs === undefined ? null : now() + options.roundEveryMs;
    const at = [retryAt, roundAt].filter((time): time is number => time !== null);
    nextAttemptAt = at.length > 0 ? Math.min(...at) : null;
    if (nextAttemptAt === null || paused) return;
    // An unfinished round resumes; otherwise only the records waiting after a failure are tried.
    const mode = nextAttemptAt === roundAt || store.roundOpen() ? 'round' : 'pending';
    timer = setTimeout(() => void begin(mode), timerDelay(nextAttemptAt - now()));
    timer.unref();
  }

  /** Runs until the round (or the pass over failed records) ends, or something stops it. */
  async function run(mode: 'round' | 'pending', signal: AbortSignal): Promise<void> {
    nextAttemptAt = null;
    setState('syncing');
    for (;;) {
      try {
        await (mode === 'round' ? round(signal) : fetchPending(signal));
        finished();
        return;
      } catch (error) {
        if (signal.aborted) return;
        const stop = runStop(error, options.storageFailed);
        failuresInARow = 0;
        // A short wait the service asked for is waited out within the round.
        if (stop.waitMs !== null && stop.waitMs <= WAIT_IN_ROUND_MS) {
          options.budget.holdFor(stop.waitMs);
          continue;
        }
        stopped(stop);
        return;
      }
    }
  }

  function begin(mode: 'round' | 'pending'): Promise<void> {
    if (paused) return running ?? Promise.resolve();
    if (running) {
      // A run told to stop (paused, then resumed at once) may still be unwinding a request: the
      // new run starts once it has, rather than the resume being lost to it.
      return controller.signal.aborted ? running.then(() => begin(mode)) : running;
    }
    clearTimeout(timer);
    controller = new AbortController();
    const { signal } = controller;
    running = run(mode, signal)
      .catch((error: unknown) => stopped(runStop(error, options.storageFailed)))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    progress,
    /** The state `progress` says, without its counts. */
    state: (): SyncState => state,
    /** The calls `progress` says it knows of, without its other counts. */
    knownCalls: (): number => store.known('videos'),
    /** Starts a round (an unfinished one resumes) unless one runs or the person paused the sync. */
    start: () => begin('round'),
    pause(): void {
      paused = true;
      clearTimeout(timer);
      nextAttemptAt = null;
      controller.abort();
      setState('paused');
    },
    resume(): Promise<void> {
      paused = false;
      return begin('round');
    },
    /** Stops the run and every timer; resolves once the run has let go of the copy. */
    stop(): Promise<void> {
      clearTimeout(timer);
      controller.abort();
      return running ?? Promise.resolve();
    },
  };
}

export type WorkspaceSync = ReturnType<typeof createWorkspaceSync>;
