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
  now?: () => number;
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

  return {
    reachOf,
    /** What the replica knew before this session's first request: when it last heard from the service. */
    seed(workspaceId: string, lastContactAt: string | null): void {
      if (!states.has(workspaceId)) states.set(workspaceId, { online: true, lastContactAt });
    },
    answered: answeredNow,
    /**
     * Asks the service once now: a screen painted from the replica makes no request of its own
     * while its copy is fresh, so opening the app would otherwise not learn that the service is gone.
     */
    async check(workspaceId: string): Promise<ServiceReach> {
      let answered = false;
      try {
        answered = await options.probe(workspaceId);
      } catch {
        answered = false;
      }
      if (answered) answeredNow(workspaceId);
      else unreachable(workspaceId);
      return reachOf(workspaceId);
    },
    unreachable,
    close(): void {
      for (const timer of probes.values()) clearTimeout(timer);
      probes.clear();
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;
