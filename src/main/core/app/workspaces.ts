import { createHash, randomUUID } from 'node:crypto';
import { type Member, memberName, type RevokedKey } from '../../../shared/api';
import { defaultServiceProfile, type ServiceProfile, type Workspace } from '../../../shared/bridge';
import { accountFor, type KeyVault } from '../platform/key-vault/key-vault';
import { isAllowedBaseUrl, normalizeBaseUrl } from '../platform/settings/base-url';
import { type StoredWorkspace, withoutWorkspaceSearches } from '../platform/settings/settings-schema';
import type { SettingsStore } from '../platform/settings/settings-store';
import type { ApiClient } from '../service-client/api-client/api-client';
import { ApiError } from '../service-client/api-client/api-error';
import { readServiceProfile } from '../service-client/service-profile/read-service-profile';

/** The local service `npm start` runs; its key comes from the launcher, never from the keychain. */
export interface DemoConnection {
  baseUrl: string;
  apiKey: string;
}

export const DEMO_WORKSPACE_ID = 'demo';

export interface WorkspacesOptions {
  vault: KeyVault;
  settings: SettingsStore;
  demo: DemoConnection | null;
  /** A client for this base URL that sends this key (null: the workspace's stored key). */
  clientFor(workspace: StoredWorkspace, key?: string): ApiClient;
  changed(): void;
}

type KeyHolder = NonNullable<StoredWorkspace['member']>;

function memberSummary(member: Member): KeyHolder {
  return { id: member.id, display_name: memberName(member), email: member.email ?? null };
}

/**
 * A key without `members:read` cannot say whose it is: it is stored under a name made from the
 * key itself (a digest, never the key), so the same key added again finds the same entry.
 */
function unnamedHolder(key: string): KeyHolder {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return { id: `key-${digest}`, display_name: 'this key (it cannot read members)', email: null };
}

/** 403: the key lacks this read's scope, or its organisation is inactive (interface, Authentication 4). */
const isRefused = (error: unknown) => error instanceof ApiError && (error.code === 'forbidden' || error.status === 403);

/** Other reads a narrower key may have, tried in turn when it cannot read its own member. */
const otherReads: ((client: ApiClient, signal: AbortSignal) => Promise<unknown>)[] = [
  (client, signal) => client.listVideos({ limit: 1 }, { signal }),
  (client, signal) => client.listDeals({ limit: 1 }, { signal }),
  (client, signal) => client.listWebhooks({}, { signal }),
];

export function createWorkspaces(options: WorkspacesOptions) {
  const { vault, settings, demo } = options;

  async function keyFor(workspace: StoredWorkspace): Promise<string | null> {
    if (workspace.kind === 'demo') return demo && demo.baseUrl === workspace.baseUrl ? demo.apiKey : null;
    return workspace.member ? vault.get(accountFor(workspace.baseUrl, workspace.member.id)) : null;
  }

  async function toWorkspace(workspace: StoredWorkspace): Promise<Workspace> {
    return { ...workspace, hasKey: (await keyFor(workspace)) !== null };
  }

  function find(workspaceId: string): StoredWorkspace {
    const workspace = settings.read().workspaces.find((candidate) => candidate.id === workspaceId);
    if (!workspace) throw new ApiError({ code: 'no_workspace', message: 'That workspace does not exist any more.' });
    return workspace;
  }

  function save(workspace: StoredWorkspace, makeActive: boolean): void {
    settings.update((current) => ({
      ...current,
      workspaces: [...current.workspaces.filter((other) => other.id !== workspace.id), workspace],
      activeWorkspaceId: makeActive ? workspace.id : current.activeWorkspaceId,
    }));
    options.changed();
  }

  /**
   * The key is tried before anything is stored: with GET /v1/members/me, which says whose it is,
   * and when that is refused (403), with the other reads in turn. A key the service accepts for
   * any one read is good; one refused by all of them gets the first refusal, which says why.
   */
  async function verify(workspace: StoredWorkspace, key: string, signal: AbortSignal): Promise<KeyHolder> {
    const client = options.clientFor(workspace, key);
    try {
      return memberSummary((await client.getMe({}, { signal })).data);
    } catch (refusal) {
      if (!isRefused(refusal)) throw refusal;
      for (const read of otherReads) {
        try {
          await read(client, signal);
          return unnamedHolder(key);
        } catch (error) {
          if (!isRefused(error)) throw error;
        }
      }
      throw refusal;
    }
  }

  /** Read after the key is known to work, so a service that describes itself only to a key is read too. */
  function profileOf(baseUrl: string, key: string, signal: AbortSignal): Promise<ServiceProfile> {
    return readServiceProfile({ baseUrl, key, signal });
  }

  return {
    keyFor,

    active(): StoredWorkspace {
      const { activeWorkspaceId, workspaces } = settings.read();
      const workspace = workspaces.find((candidate) => candidate.id === activeWorkspaceId);
      if (!workspace) throw new ApiError({ code: 'no_workspace', message: 'Open the demo or add a workspace first.' });
      return workspace;
    },

    async list() {
      const { workspaces, activeWorkspaceId } = settings.read();
      return { workspaces: await Promise.all(workspaces.map(toWorkspace)), activeId: activeWorkspaceId };
    },

    async openDemo(signal: AbortSignal): Promise<Workspace> {
      if (!demo) {
        throw new ApiError({ code: 'no_workspace', message: 'The demo service is not running in this launch.' });
      }
      const workspace: StoredWorkspace = {
        id: DEMO_WORKSPACE_ID,
        name: 'Demo workspace',
        baseUrl: normalizeBaseUrl(demo.baseUrl),
        kind: 'demo',
        member: null,
        profile: defaultServiceProfile,
        // Opened again at every launch: the currency the person named stays.
        currency: settings.read().workspaces.find((other) => other.id === DEMO_WORKSPACE_ID)?.currency ?? null,
      };
      const member = await verify(workspace, demo.apiKey, signal);
      const profile = await profileOf(workspace.baseUrl, demo.apiKey, signal);
      const connected = { ...workspace, member, profile };
      save(connected, true);
      return toWorkspace(connected);
    },

    async add(params: { baseUrl: string; apiKey: string; name?: string }, signal: AbortSignal): Promise<Workspace> {
      if (!isAllowedBaseUrl(params.baseUrl)) {
        throw new ApiError({
          code: 'invalid_params',
          message: 'baseUrl: must be an https:// address (http:// only for this computer).',
        });
      }
      const baseUrl = normalizeBaseUrl(params.baseUrl);
      const draft: StoredWorkspace = {
        id: randomUUID(),
        name: params.name?.trim() || new URL(baseUrl).host,
        baseUrl,
        kind: 'custom',
        member: null,
        profile: defaultServiceProfile,
        currency: null,
      };
      const member = await verify(draft, params.apiKey, signal);
      const profile = await profileOf(baseUrl, params.apiKey, signal);
      const existing = settings
        .read()
        .workspaces.find(
          (other) => other.kind === 'custom' && other.baseUrl === baseUrl && other.member?.id === member.id,
        );
      const workspace = { ...draft, id: existing?.id ?? draft.id, member, profile };
      await vault.set(accountFor(baseUrl, member.id), params.apiKey);
      save(workspace, true);
      return toWorkspace(workspace);
    },

    switchTo(workspaceId: string): Promise<Workspace> {
      const workspace = find(workspaceId);
      save(workspace, true);
      return toWorkspace(workspace);
    },

    async replaceKey(workspaceId: string, apiKey: string, signal: AbortSignal): Promise<Workspace> {
      const workspace = find(workspaceId);
      if (workspace.kind === 'demo') {
        throw new ApiError({ code: 'invalid_params', message: 'workspaceId: the demo workspace uses its own key.' });
      }
      const member = await verify(workspace, apiKey, signal);
      if (workspace.member && workspace.member.id !== member.id) {
        await vault.delete(accountFor(workspace.baseUrl, workspace.member.id));
      }
      await vault.set(accountFor(workspace.baseUrl, member.id), apiKey);
      const updated = { ...workspace, member };
      save(updated, false);
      return toWorkspace(updated);
    },

    async forgetKey(workspaceId: string): Promise<void> {
      const workspace = find(workspaceId);
      if (workspace.kind === 'custom' && workspace.member) {
        await vault.delete(accountFor(workspace.baseUrl, workspace.member.id));
      }
      options.changed();
    },

    /**
     * Forgets the workspace, its key and its searches; the one on screen becomes another (the newest
     * added), or none.
     */
    async remove(workspaceId: string): Promise<void> {
      const workspace = find(workspaceId);
      if (workspace.kind === 'custom' && workspace.member) {
        await vault.delete(accountFor(workspace.baseUrl, workspace.member.id));
      }
      settings.update((current) => {
        const left = current.workspaces.filter((other) => other.id !== workspaceId);
        const active =
          current.activeWorkspaceId === workspaceId ? (left.at(-1)?.id ?? null) : current.activeWorkspaceId;
        return { ...withoutWorkspaceSearches(current, workspaceId), workspaces: left, activeWorkspaceId: active };
      });
      options.changed();
    },

    async revoke(workspaceId: string, signal: AbortSignal): Promise<RevokedKey> {
      const workspace = find(workspaceId);
      const { data } = await options.clientFor(workspace).revokeKey({}, { signal });
      if (workspace.kind === 'custom' && workspace.member) {
        await vault.delete(accountFor(workspace.baseUrl, workspace.member.id));
      }
      options.changed();
      return data;
    },

    find,

    /** Names the currency of the workspace's amounts (the interface gives none), or clears it. */
    async setCurrency(workspaceId: string, currency: string | null): Promise<Workspace> {
      const workspace = { ...find(workspaceId), currency };
      save(workspace, false);
      return toWorkspace(workspace);
    },

    /** Stores what "Check connection" found out about the workspace's service. */
    saveProfile(workspaceId: string, profile: ServiceProfile): void {
      const workspace = find(workspaceId);
      save({ ...workspace, profile }, false);
    },
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
