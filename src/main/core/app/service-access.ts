import type { ApiOperationName, BridgeEventName, BridgeEventPayload } from '../../../shared/bridge';
import type { StoredWorkspace } from '../platform/settings/settings-schema';
import { type ApiClient, createApiClient } from '../service-client/api-client/api-client';
import { ApiError, isUnreachable } from '../service-client/api-client/api-error';
import type { RetryPolicy } from '../service-client/api-client/retry-policy';
import { createConnectivity } from './connectivity';

export type BridgeEventListener = <E extends BridgeEventName>(event: E, payload: BridgeEventPayload<E>) => void;

/** One attempt and no waiting: for a service already known to be unreachable, and the sync's own tries. */
export const quickRetry: Partial<RetryPolicy> = { maxAttempts: 1 };

export interface ServiceAccessOptions {
  retry?: Partial<RetryPolicy>;
  /** How often an unreachable service is tried again. */
  probeEveryMs?: number;
  /** How often the service of the workspace on screen is asked whether it answers. */
  watchEveryMs?: number;
  keyFor(workspace: StoredWorkspace): Promise<string | null>;
  find(workspaceId: string): StoredWorkspace;
  emit: BridgeEventListener;
  /** The service refused the key the workspace holds, confirmed by its own member's read. */
  keyRefused(workspace: StoredWorkspace, key: string): Promise<void>;
  /** The service answers again after an outage. */
  answersAgain(workspaceId: string): void;
}

/**
 * Every request to a workspace's service, through one door: the client with the workspace's key
 * and profile, whether the service answers (each request tells, a probe asks while it does not),
 * and a 401 confirmed before the app acts on it.
 */
export function createServiceAccess(options: ServiceAccessOptions) {
  function clientFor(workspace: StoredWorkspace, key?: string, retry = options.retry): ApiClient {
    return createApiClient({
      baseUrl: workspace.baseUrl,
      getKey: async () => key ?? options.keyFor(workspace),
      retry,
      onWait: (wait) => options.emit('clientWaiting', { workspaceId: workspace.id, ...wait }),
      profile: workspace.profile,
    });
  }

  const connectivity = createConnectivity({
    async probe(workspaceId) {
      try {
        await clientFor(options.find(workspaceId), undefined, quickRetry).getMe({});
        return true;
      } catch (error) {
        return error instanceof ApiError && !isUnreachable(error);
      }
    },
    changed: (workspaceId, reach) => {
      options.emit('connectivityChanged', { workspaceId, ...reach });
      if (reach.online) options.answersAgain(workspaceId);
    },
    probeEveryMs: options.probeEveryMs,
    watchEveryMs: options.watchEveryMs,
  });

  /** Every request to a workspace's service goes here, so any of them tells whether it answers. */
  async function ask(
    workspace: StoredWorkspace,
    name: ApiOperationName,
    params: Record<string, unknown>,
    signal: AbortSignal,
    retryPolicy = options.retry,
    /** A success may come back unread, for the engine's thread to read (api-client `callUnread`). */
    unread = false,
  ) {
    const { idempotencyKey, ...endpointParams } = params;
    const key = await options.keyFor(workspace);
    // A service known to be away gets one attempt, not retries: the screens say it is offline
    // already, and its return is noticed by the probe, which starts them reading again.
    const retry = connectivity.reachOf(workspace.id).online ? retryPolicy : quickRetry;
    try {
      const client = clientFor(workspace, key ?? undefined, retry);
      const callOptions = { signal, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined };
      const result = await (unread ? client.callUnread : client.call)(name, endpointParams as never, callOptions);
      connectivity.answered(workspace.id);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'cancelled') {
        if (isUnreachable(error)) connectivity.unreachable(workspace.id);
        else if (error.status !== null) connectivity.answered(workspace.id);
        if (error.status === 401 && key !== null) await options.keyRefused(workspace, key);
      }
      throw error;
    }
  }

  /** Per workspace, the one request asking whether a key met with a 401 is refused. */
  const confirmingRefusal = new Map<string, Promise<boolean>>();

  /**
   * Whether the service refuses the key for good: one 401 may come from a proxy or a service
   * having a bad moment, and what it costs (the copy deleted, a full sync again) cannot be undone,
   * so the key's own member (`GET /v1/members/me`, which every key may read) must be refused too.
   */
  function refusedForGood(workspace: StoredWorkspace, key: string): Promise<boolean> {
    let confirming = confirmingRefusal.get(workspace.id);
    if (!confirming) {
      confirming = clientFor(workspace, key, quickRetry)
        .getMe({})
        .then(
          () => false,
          (error: unknown) => error instanceof ApiError && error.status === 401,
        )
        .finally(() => confirmingRefusal.delete(workspace.id));
      confirmingRefusal.set(workspace.id, confirming);
    }
    return confirming;
  }

  return { clientFor, ask, connectivity, refusedForGood };
}

export type ServiceAccess = ReturnType<typeof createServiceAccess>;
