import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../service/testing/http';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type { LocalCopy, OperationName, OperationParams, OperationResult } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { accountFor, type KeyVault } from '../key-vault/key-vault';
import { openKeyVault } from '../key-vault/open-key-vault';
import { createSessionKeyVault } from '../key-vault/session-key-vault';
import { replicaKeyAccount } from '../replica/replica-key';
import { createConfJsonFile } from '../settings/conf-json-file';
import { openSettingsStore, type SettingsStore } from '../settings/settings-store';
import { createTempCore } from '../testing/temp-core';
import type { AppCore } from './app-core';

/** Set by scripts/with-keyring.sh, which runs a real gnome-keyring in a private D-Bus session. */
const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(() => service?.stop());

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const org = () => demoKeyOf(service.manifest!).org;

async function issueKey(memberId = org().members[0]!.id): Promise<string> {
  return (await service.cli(['keys', 'issue', '--org', org().id, '--member', memberId])).trim();
}

/** The core's answer to a bridge call that must succeed, typed as the bridge says. */
function ok<N extends OperationName>(core: AppCore, op: N, params: OperationParams<N>): Promise<OperationResult<N>> {
  return core.invoke(op, params).then((settled) => {
    if (!settled.ok) throw new Error(`${op}: expected success, got ${settled.error.code}`);
    return settled.value as OperationResult<N>;
  });
}

/** A real core on a throwaway replica folder, with the workspace added on a fresh key. */
async function appWithWorkspace(vault: KeyVault, settings?: SettingsStore) {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-local-copy-'));
  const { core, dispose } = createTempCore({ vault, replica: { dir, sync: {} }, ...(settings ? { settings } : {}) });
  cleanups.push(() => {
    dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  const apiKey = await issueKey();
  const workspace = await ok(core, 'addWorkspace', { baseUrl: service.baseUrl, apiKey, name: 'Kept' });
  const file = join(dir, `${encodeURIComponent(workspace.id)}.replica.sqlite`);
  return { core, dir, apiKey, workspace, file };
}

/** One screen's read, which the replica keeps. */
async function readDeals(core: AppCore): Promise<void> {
  await ok(core, 'listDeals', { limit: 5 });
}

function localCopy(core: AppCore, workspaceId: string): Promise<LocalCopy> {
  return ok(core, 'getLocalCopy', { workspaceId });
}

describe.skipIf(!underKeyring)(
  'the local copy on disk, its key in a real Secret Service (scripts/with-keyring.sh)',
  () => {
    async function setUp() {
      const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
      expect(vault.storage).toBe('keychain');
      const app = await appWithWorkspace(vault);
      await readDeals(app.core);
      expect(existsSync(app.file)).toBe(true);
      expect(await vault.get(replicaKeyAccount(app.workspace.id))).toMatch(/^[0-9a-f]{64}$/);
      return { vault, ...app };
    }

    async function expectGone(vault: KeyVault, file: string, workspaceId: string) {
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}-wal`)).toBe(false);
      expect(await vault.get(replicaKeyAccount(workspaceId))).toBeNull();
    }

    it('says its size on disk, which grows as screens are read', async () => {
      const { core, workspace } = await setUp();
      const before = await localCopy(core, workspace.id);
      expect(before.storage).toBe('file');
      expect(before.bytes).toBeGreaterThan(0);
      const videos = await ok(core, 'listVideos', { limit: 100 });
      for (const video of videos.data) await ok(core, 'getTranscript', { id: video.id });
      expect((await localCopy(core, workspace.id)).bytes).toBeGreaterThan(before.bytes);
    });

    it('is deleted with its key when signing out, and nothing is kept until a key is given again', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'signOut', { workspaceId: workspace.id });
      await expectGone(vault, file, workspace.id);
      await core.invoke('listDeals', { limit: 5 });
      await expectGone(vault, file, workspace.id);
    });

    it('is deleted with its key when the key is revoked from Settings', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'revokeKey', { workspaceId: workspace.id });
      await expectGone(vault, file, workspace.id);
    });

    it('is deleted when the service refuses the key (revoked elsewhere), and kept again once a new key works', async () => {
      const { vault, core, workspace, file, apiKey } = await setUp();
      await callApi(service.baseUrl, '/v1/keys/me', { key: apiKey, method: 'DELETE' });
      const refused = await core.invoke('listMembers', {});
      expect(refused).toMatchObject({ ok: false, error: { status: 401 } });
      await expectGone(vault, file, workspace.id);
      // Still on by choice: none kept only while the key does not work.
      expect(await localCopy(core, workspace.id)).toEqual({
        workspaceId: workspace.id,
        on: true,
        storage: 'off',
        bytes: 0,
      });

      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey() });
      await readDeals(core);
      expect(existsSync(file)).toBe(true);
    });

    it('is deleted when the key is replaced by another member’s, and kept when it is the same member’s', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey() });
      expect(existsSync(file)).toBe(true);
      const other = org().members[1]!.id;
      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey(other) });
      await expectGone(vault, file, workspace.id);
    });

    it('is deleted with the workspace, whose API key leaves the keychain too', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'removeWorkspace', { workspaceId: workspace.id });
      await expectGone(vault, file, workspace.id);
      expect(await vault.get(accountFor(workspace.baseUrl, workspace.member!.id))).toBeNull();
      expect((await ok(core, 'listWorkspaces', {})).workspaces).toEqual([]);
    });

    it('turned off: file and key go, reads go to the service and nothing is stored; on again: syncs afresh', async () => {
      const { vault, core, workspace, file } = await setUp();
      expect(await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: false })).toEqual({
        workspaceId: workspace.id,
        on: false,
        storage: 'off',
        bytes: 0,
      });
      await expectGone(vault, file, workspace.id);
      const deals = await ok(core, 'listDeals', { limit: 5 });
      expect(deals.data.length).toBeGreaterThan(0);
      expect((await ok(core, 'getSyncStatus', {})).state).toBe('off');
      expect((await ok(core, 'getReplicaStatus', {})).storage).toBe('off');
      await expectGone(vault, file, workspace.id);

      const on = await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: true });
      expect(on.storage).toBe('file');
      expect(existsSync(file)).toBe(true);
      expect((await ok(core, 'getSyncStatus', {})).state).not.toBe('off');
    });

    it('"Remove local data" starts over empty under a new key, and loses nothing else', async () => {
      const { vault, core, workspace, apiKey } = await setUp();
      await ok(core, 'setWorkspaceCurrency', { workspaceId: workspace.id, currency: 'EUR' });
      const oldKey = await vault.get(replicaKeyAccount(workspace.id));
      const videos = await ok(core, 'listVideos', { limit: 100 });
      for (const video of videos.data) await ok(core, 'getTranscript', { id: video.id });
      const full = await localCopy(core, workspace.id);

      const emptied = await ok(core, 'removeLocalData', { workspaceId: workspace.id });
      expect(emptied.storage).toBe('file');
      expect(emptied.bytes).toBeLessThan(full.bytes);
      expect(await vault.get(replicaKeyAccount(workspace.id))).not.toBe(oldKey);
      // The API key, the workspace's settings and what the service holds are untouched.
      expect(await vault.get(accountFor(workspace.baseUrl, workspace.member!.id))).toBe(apiKey);
      const [kept] = (await ok(core, 'listWorkspaces', {})).workspaces;
      expect(kept).toMatchObject({ id: workspace.id, currency: 'EUR', hasKey: true });
      expect((await callApi(service.baseUrl, '/v1/videos?limit=100', { key: apiKey })).body.data).toHaveLength(
        videos.data.length,
      );
    });

    it('turned off stays off: "Remove local data" then keeps nothing', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: false });
      expect((await ok(core, 'removeLocalData', { workspaceId: workspace.id })).storage).toBe('off');
      await readDeals(core);
      await expectGone(vault, file, workspace.id);
    });
  },
);

describe('the local copy without a keychain (in memory for the session)', () => {
  it('says it is in memory with its size, and can be turned off and on', async () => {
    const { core, workspace } = await appWithWorkspace(createSessionKeyVault('no keychain in this test'));
    await readDeals(core);
    const memory = await localCopy(core, workspace.id);
    expect(memory.storage).toBe('memory');
    expect(memory.bytes).toBeGreaterThan(0);
    await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: false });
    expect(await localCopy(core, workspace.id)).toEqual({
      workspaceId: workspace.id,
      on: false,
      storage: 'off',
      bytes: 0,
    });
    expect((await ok(core, 'listDeals', { limit: 5 })).data.length).toBeGreaterThan(0);
    const searched = await ok(core, 'searchLocal', { q: 'e' });
    expect(searched.calls.length).toBeGreaterThan(0);
    expect(searched.calls.every((call) => call.source === 'service')).toBe(true);
    expect(searched.coverage.note).toMatch(
      /^No local copy is kept for this workspace, so the service searches every call; \d+ found by the service/,
    );
    await ok(core, 'setLocalCopy', { workspaceId: workspace.id, on: true });
    expect((await localCopy(core, workspace.id)).storage).toBe('memory');
  });

  it('keeps the choice per workspace in the settings, across a restart of the app', async () => {
    const settingsDir = mkdtempSync(join(tmpdir(), 'callscope-local-copy-settings-'));
    cleanups.push(() => rmSync(settingsDir, { recursive: true, force: true }));
    const vault = createSessionKeyVault('no keychain in this test');
    const first = await appWithWorkspace(vault, openSettingsStore(settingsDir, createConfJsonFile));
    await ok(first.core, 'setLocalCopy', { workspaceId: first.workspace.id, on: false });
    first.core.close();

    const { core } = createTempCore({ vault, settings: openSettingsStore(settingsDir, createConfJsonFile) });
    cleanups.push(() => core.close());
    expect((await localCopy(core, first.workspace.id)).storage).toBe('off');
  });
});
