export interface ServiceReach {
  online: boolean;
  /** The last answer from the service (any answer counts), as an ISO time; null: none known. */
  lastContactAt: string | null;
}

export interface ConnectivityOptions {
  /** Tries the service once; true when it answered at all (a 401 or 404 is an answer). */
  probe(workspaceId: string): Promise<boolean>;
  changed(workspaceId: string, reach: ServiceReach): void;
  probeEveryMs?: number;
  /** How often the service of the workspace on screen is asked whether it answers (`watch`). */
  watchEveryMs?: number;
  now?: () => number;
}

interface Watch {
  workspaceId: string;
  /** The loop's first answer. */
  first: Promise<void>;
  timer?: NodeJS.Timeout;
}

/**
 * Whether each workspace's service answers. Every request reports here; once one finds the
 * service unreachable, a probe retries on its own until it answers, so screens recover without
 * anyone pressing Retry.
 */
export function createConnectivity(options: ConnectivityOptions) {
  const probeEveryMs = options.probeEveryMs ?? 3_000;
  const now = options.now ?? Date.now;
  const states = new Map<string, ServiceReach>();
  const probes = new Map<string, NodeJS.Timeout>();
  // Short enough that the status says "offline" a few seconds after the service goes away (a
  // screen painted from a fresh copy sends nothing that would notice); one small GET each round.
  const watchEveryMs = options.watchEveryMs ?? 5_000;
  /** The workspace on screen, its service asked on a loop of its own: its first answer, and the next round. */
  let watched: Watch | null = null;

  function reachOf(workspaceId: string): ServiceReach {
    return states.get(workspaceId) ?? { online: true, lastContactAt: null };
  }

  function set(workspaceId: string, next: ServiceReach): void {
    const before = reachOf(workspaceId);
    states.set(workspaceId, next);
    if (before.online !== next.online) options.changed(workspaceId, next);
  }

  function scheduleProbe(workspaceId: string): void {
    if (probes.has(workspaceId)) return;
    const timer = setTimeout(async () => {
      let answered = false;
      try {
        answered = await options.probe(workspaceId);
      } catch {
        answered = false;
      }
      probes.delete(workspaceId);
      if (answered) answeredNow(workspaceId);
      else if (!reachOf(workspaceId).online) scheduleProbe(workspaceId);
    }, probeEveryMs);
    timer.unref();
    probes.set(workspaceId, timer);
  }

  function answeredNow(workspaceId: string): void {
    set(workspaceId, { online: true, lastContactAt: new Date(now()).toISOString() });
  }

  function unreachable(workspaceId: string): void {
    set(workspaceId, { ...reachOf(workspaceId), online: false });
    scheduleProbe(workspaceId);
  }

  /** Asks the service once now; what it answered (or not) is the workspace's reach from then on. */
  async function check(workspaceId: string): Promise<ServiceReach> {
    let answered = false;
    try {
      answered = await options.probe(workspaceId);
    } catch {
      answered = false;
    }
    if (answered) answeredNow(workspaceId);
    else unreachable(workspaceId);
    return reachOf(workspaceId);
  }

  return {
    reachOf,
    /** What the replica knew before this session's first request: when it last heard from the service. */
    seed(workspaceId: string, lastContactAt: string | null): void {
      if (!states.has(workspaceId)) states.set(workspaceId, { online: true, lastContactAt });
    },
    answered: answeredNow,
    /**
     * The workspace on screen: its service is asked now and every `watchEveryMs` after, as screens
     * painted from the copy make no request of their own while it is fresh, and the app would
     * otherwise not learn that the service went away (or when it last answered). One at a time;
     * null: none is on screen.
     */
    watch(workspaceId: string | null): void {
      if ((watched?.workspaceId ?? null) === workspaceId) return;
      clearTimeout(watched?.timer);
      watched = null;
      if (workspaceId === null) return;
      const watching: Watch = { workspaceId, first: Promise.resolve() };
      const round = async () => {
        await check(workspaceId);
        if (watched !== watching) return;
        watching.timer = setTimeout(round, watchEveryMs);
        watching.timer.unref();
      };
      watched = watching;
      watching.first = round();
    },
    /**
     * What is known of the service's reach, asking nothing: the last answer to the watch (its first
     * awaited when none came yet, so a window opened as the app starts reads this session's answer).
     */
    async known(workspaceId: string): Promise<ServiceReach> {
      if (watched?.workspaceId === workspaceId) await watched.first;
      return reachOf(workspaceId);
    },
    unreachable,
    close(): void {
      clearTimeout(watched?.timer);
      watched = null;
      for (const timer of probes.values()) clearTimeout(timer);
      probes.clear();
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;
