import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFaultProxy } from '../../../service/testing/fault-proxy';
import { callApi } from '../../../service/testing/http';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type {
  BridgeEventName,
  LocalCopy,
  OperationName,
  OperationParams,
  OperationResult,
} from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { openReplicaDb } from '../engine/replica/replica-db';
import { replicaKeyAccount } from '../engine/replica/replica-key';
import type { ReplicaStorageOptions } from '../engine/replica/replicas';
import { accountFor, type KeyVault } from '../platform/key-vault/key-vault';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import { createSessionKeyVault } from '../platform/key-vault/session-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore, type SettingsStore } from '../platform/settings/settings-store';
import { damage, writeThenCrash } from '../testing/replica-faults';
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
      expect((await localCopy(core, workspace.id)).lastReset).toMatchObject({ reason: 'signed-out' });
      await core.invoke('listDeals', { limit: 5 });
      await expectGone(vault, file, workspace.id);
    });

    it('is deleted with its key when the key is revoked from Settings', async () => {
      const { vault, core, workspace, file } = await setUp();
      await ok(core, 'revokeKey', { workspaceId: workspace.id });
      await expectGone(vault, file, workspace.id);
      expect((await localCopy(core, workspace.id)).lastReset).toMatchObject({ reason: 'key-revoked' });
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
        storingPaused: null,
        lastReset: { at: expect.any(String), reason: 'key-refused', keptAt: null },
        scope: { kind: 'everything' },
      });

      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey() });
      await readDeals(core);
      expect(existsSync(file)).toBe(true);
    });

    it('is deleted when the key is replaced by another member’s, and kept when it is the same member’s', async () => {
      const { vault, core, workspace, file } = await setUp();
      const fileKey = await vault.get(replicaKeyAccount(workspace.id));
      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey() });
      expect(existsSync(file)).toBe(true);
      expect(await vault.get(replicaKeyAccount(workspace.id))).toBe(fileKey);
      expect((await localCopy(core, workspace.id)).lastReset).toBeNull();
      const other = org().members[1]!.id;
      await ok(core, 'replaceKey', { workspaceId: workspace.id, apiKey: await issueKey(other) });
      // The workspace on screen syncs again at once, for the new member, into a new copy under a
      // new key: what the old copy held is gone, and its key with it.
      expect(await vault.get(replicaKeyAccount(workspace.id))).not.toBe(fileKey);
      expect((await localCopy(core, workspace.id)).lastReset).toMatchObject({ reason: 'key-replaced' });
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
        storingPaused: null,
        lastReset: { at: expect.any(String), reason: 'turned-off', keptAt: null },
        scope: { kind: 'everything' },
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
      expect(emptied.lastReset).toMatchObject({ reason: 'removed', keptAt: null });
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
      storingPaused: null,
      lastReset: { at: expect.any(String), reason: 'turned-off', keptAt: null },
      scope: { kind: 'everything' },
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

/** A folder on a disk this small, or (where no disk can be mounted) a replica page limit that acts as one. */
interface SmallDisk {
  dir: string;
  storage: ReplicaStorageOptions;
  /** No room left from now on. */
  fill(): void;
  /** Room again. */
  free(): void;
}

function smallDisk(): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    // Not allowed to mount here: SQLite's own page limit fails a write with the same SQLITE_FULL.
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const roomy = 1_000_000_000;
    let pages = roomy;
    return {
      dir,
      storage: { maxPageCount: () => pages },
      fill: () => {
        pages = 1;
      },
      free: () => {
        pages = roomy;
      },
    };
  }
  cleanups.push(() => {
    execFileSync('umount', ['--lazy', dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  const filler = join(dir, 'filler');
  return {
    dir,
    storage: {},
    fill() {
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler),
  };
}

/** The events of this name the core sends from now on. */
function eventsOf(core: AppCore, name: BridgeEventName): unknown[] {
  const seen: unknown[] = [];
  core.on((event, payload) => event === name && seen.push(payload));
  return seen;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.skipIf(!underKeyring)(
  'the local copy when its disk or its file fails (its key in a real Secret Service)',
  () => {
    /**
     * A workspace whose copy lives in `dir`, on a core that can be closed cleanly and started again
     * on the same settings, keychain and folder, with something done to the file in between.
     */
    async function faultyApp(options: { dir?: string; baseUrl?: string; storage?: ReplicaStorageOptions } = {}) {
      const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
      const settingsDir = mkdtempSync(join(tmpdir(), 'callscope-local-copy-settings-'));
      const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'callscope-local-copy-'));
      cleanups.push(() => {
        rmSync(settingsDir, { recursive: true, force: true });
        if (!options.dir) rmSync(dir, { recursive: true, force: true });
      });
      const start = (replica: { sync?: object | null; storage?: ReplicaStorageOptions } = {}) => {
        const made = createTempCore({
          vault,
          settings: openSettingsStore(settingsDir, createConfJsonFile),
          replica: { dir, sync: replica.sync ?? null, storage: replica.storage ?? options.storage },
        });
        cleanups.unshift(made.dispose);
        return made.core;
      };
      const core = start();
      const apiKey = await issueKey();
      const workspace = await ok(core, 'addWorkspace', {
        baseUrl: options.baseUrl ?? service.baseUrl,
        apiKey,
        name: 'Kept',
      });
      const file = join(dir, `${encodeURIComponent(workspace.id)}.replica.sqlite`);
      const fileKey = async () => Buffer.from((await vault.get(replicaKeyAccount(workspace.id)))!, 'hex');
      return {
        vault,
        core,
        dir,
        file,
        workspace,
        apiKey,
        fileKey,
        /** Closes `current` cleanly (its WAL folded back), runs `meanwhile` on the file, starts again. */
        async restart(
          current: AppCore,
          meanwhile: (file: string, key: Buffer) => void,
          replica?: Parameters<typeof start>[0],
        ) {
          current.close();
          await vi.waitFor(() => expect(existsSync(`${file}-wal`)).toBe(false), { timeout: 10_000 });
          meanwhile(file, await fileKey());
          return start(replica);
        },
      };
    }

    /** The service's own transcript of the call, as the key reads it there. */
    async function serviceTranscript(apiKey: string, id: string): Promise<unknown> {
      return (await callApi(service.baseUrl, `/v1/videos/${id}/transcript`, { key: apiKey })).body.data;
    }

    /** The copies of the file set aside for this reason, by their full paths (side files left out). */
    function setAside(dir: string, file: string, reason: 'corrupt' | 'newer'): string[] {
      const prefix = `${file.slice(dir.length + 1)}.${reason}-`;
      return readdirSync(dir)
        .filter((name) => name.startsWith(prefix) && !/-(wal|shm|journal)$/.test(name))
        .map((name) => join(dir, name));
    }

    it('a full disk pauses storing with a notice, every answer still reaches the screen, and storing resumes by itself once there is room', async () => {
      const disk = smallDisk();
      const { core, workspace, apiKey } = await faultyApp({
        dir: disk.dir,
        storage: { probeEveryMs: 50, ...disk.storage },
      });
      // One call read before the disk fills, one only once there is room again.
      const [heldBefore, readOnceFreed, ...videos] = (await ok(core, 'listVideos', { limit: 100 })).data;
      await ok(core, 'getTranscript', { id: heldBefore!.id });
      const changes = eventsOf(core, 'localCopyChanged');

      disk.fill();
      const readBeforePause = new Set<string>();
      for (const video of videos) {
        const transcript = await ok(core, 'getTranscript', { id: video.id });
        expect(transcript.data).toEqual(await serviceTranscript(apiKey, video.id));
        readBeforePause.add(video.id);
        if ((await ok(core, 'getReplicaStatus', {})).storingPaused) break;
      }
      // The disk really did fill: storing paused, and says why, in the status line and in Settings.
      expect((await ok(core, 'getReplicaStatus', {})).storingPaused).toMatchObject({ reason: 'disk-full' });
      expect((await localCopy(core, workspace.id)).storingPaused).toMatchObject({ reason: 'disk-full' });
      expect(changes).toContainEqual({ workspaceId: workspace.id });

      // Full, eight reads in a row get the service's answer (calls never read first); none is stored.
      const unread = videos.filter((video) => !readBeforePause.has(video.id));
      for (const video of [...unread, ...videos].slice(0, 8)) {
        const transcript = await ok(core, 'getTranscript', { id: video.id });
        expect(transcript.data).toEqual(await serviceTranscript(apiKey, video.id));
        if (!readBeforePause.has(video.id)) expect(await ok(core, 'getHeldTranscript', { id: video.id })).toBeNull();
      }
      // And what the copy held before is still read from it.
      expect(await ok(core, 'getHeldTranscript', { id: heldBefore!.id })).not.toBeNull();

      disk.free();
      await vi.waitFor(async () => expect((await ok(core, 'getReplicaStatus', {})).storingPaused).toBeNull(), {
        timeout: 20_000,
        interval: 50,
      });
      const later = await ok(core, 'getTranscript', { id: readOnceFreed!.id });
      expect(await ok(core, 'getHeldTranscript', { id: readOnceFreed!.id })).toEqual(later);
    });

    it('with the disk full the sync says the local copy is paused, waits without a timer, and carries on once there is room', async () => {
      const disk = smallDisk();
      const storage = { probeEveryMs: 50, ...disk.storage };
      const app = await faultyApp({ dir: disk.dir, storage });
      await ok(app.core, 'listMembers', {});
      const core = await app.restart(app.core, () => {}, { sync: { pageSize: 5 }, storage });
      await ok(core, 'setSyncBudget', { requestsPerSecond: 50 });
      disk.fill();
      await vi.waitFor(
        async () =>
          expect(await ok(core, 'getSyncStatus', {})).toMatchObject({
            state: 'waiting',
            problem: 'Local copy paused: the disk is full',
            nextAttemptAt: null,
          }),
        { timeout: 20_000, interval: 50 },
      );
      const paused = await ok(core, 'getSyncStatus', {});
      expect(paused.calls.synced + paused.deals.synced).toBeLessThan(paused.calls.known + paused.deals.known || 1);

      disk.free();
      await vi.waitFor(async () => expect((await ok(core, 'getSyncStatus', {})).state).toBe('up-to-date'), {
        timeout: 30_000,
        interval: 100,
      });
      const done = await ok(core, 'getSyncStatus', {});
      expect(done.calls).toMatchObject({ synced: done.calls.known, failing: 0 });
      expect(done.calls.known).toBeGreaterThan(0);
    });

    it('a file damaged where it opens is set aside whole, an empty one syncs afresh, and Settings say where the old one is kept', async () => {
      const app = await faultyApp();
      const { id } = (await ok(app.core, 'listVideos', { limit: 5 })).data[0]!;
      await ok(app.core, 'getTranscript', { id });
      let damagedHash = '';
      const core = await app.restart(
        app.core,
        (file, key) => {
          damage(file, key, 'first page');
          damagedHash = sha256(file);
        },
        { sync: {} },
      );

      const transcript = await ok(core, 'getTranscript', { id });
      expect(transcript.data).toEqual(await serviceTranscript(app.apiKey, id));
      const [keptAt, ...more] = setAside(app.dir, app.file, 'corrupt');
      expect(more).toEqual([]);
      expect(sha256(keptAt!)).toBe(damagedHash);
      expect((await ok(core, 'getReplicaStatus', {})).rebuilt).toMatchObject({ reason: 'damaged', keptAt });
      expect(await localCopy(core, app.workspace.id)).toMatchObject({
        storage: 'file',
        lastReset: { reason: 'damaged', keptAt },
      });
      // The new copy keeps what is read, and the sync walks the workspace into it again.
      expect(await ok(core, 'getHeldTranscript', { id })).toEqual(transcript);
      await vi.waitFor(async () => expect((await ok(core, 'getSyncStatus', {})).deals.known).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 100,
      });
    });

    it('damaged pages a later read meets: that read is answered by the service, and the copy is set aside and rebuilt', async () => {
      const app = await faultyApp();
      const videos = (await ok(app.core, 'listVideos', { limit: 100 })).data;
      for (const video of videos) await ok(app.core, 'getTranscript', { id: video.id });
      const core = await app.restart(app.core, (file, key) => {
        expect(damage(file, key, ['answers'])).toBeGreaterThan(1);
      });

      for (const video of videos.slice(0, 8)) {
        const transcript = await ok(core, 'getTranscript', { id: video.id });
        expect(transcript.data).toEqual(await serviceTranscript(app.apiKey, video.id));
      }
      const [keptAt] = setAside(app.dir, app.file, 'corrupt');
      expect(keptAt).toBeDefined();
      expect(await localCopy(core, app.workspace.id)).toMatchObject({ lastReset: { reason: 'damaged', keptAt } });
      expect(await ok(core, 'getHeldTranscript', { id: videos[7]!.id })).not.toBeNull();
    });

    it('a copy a newer version wrote is set aside unread, and an empty one takes its place', async () => {
      const app = await faultyApp();
      const deals = await ok(app.core, 'listDeals', { limit: 5 });
      const core = await app.restart(app.core, (file, key) => {
        const db = openReplicaDb({ file, key });
        db.pragma('user_version = 99');
        db.close();
      });

      expect((await ok(core, 'listDeals', { limit: 5 })).data).toEqual(deals.data);
      const [keptAt] = setAside(app.dir, app.file, 'newer');
      expect(keptAt).toBeDefined();
      expect((await ok(core, 'getReplicaStatus', {})).rebuilt).toMatchObject({ reason: 'newer-version', keptAt });
      expect((await localCopy(core, app.workspace.id)).lastReset).toMatchObject({ reason: 'newer-version', keptAt });
    });

    it('after a crash, a check in the background finds damage no read has met, and the copy is rebuilt with the crash’s last commit kept', async () => {
      const app = await faultyApp();
      const videos = (await ok(app.core, 'listVideos', { limit: 100 })).data;
      for (const video of videos) await ok(app.core, 'getTranscript', { id: video.id });
      const core = await app.restart(
        app.core,
        (file, key) => {
          expect(damage(file, key, ['segments'])).toBeGreaterThan(0);
          writeThenCrash(file, key, 'the last commit before the crash');
        },
        { storage: { checkAfterMs: 0 } },
      );
      const changes = eventsOf(core, 'localCopyChanged');

      // Only the list is read, whose pages are whole: the check alone can find the damage.
      await ok(core, 'listDeals', { limit: 5 });
      await vi.waitFor(async () => expect((await ok(core, 'getReplicaStatus', {})).rebuilt).not.toBeNull(), {
        timeout: 30_000,
        interval: 100,
      });
      expect(changes).toContainEqual({ workspaceId: app.workspace.id });
      const [keptAt] = setAside(app.dir, app.file, 'corrupt');
      expect((await ok(core, 'getReplicaStatus', {})).rebuilt).toMatchObject({ reason: 'damaged', keptAt });
      const kept = openReplicaDb({ file: keptAt!, key: await app.fileKey() });
      expect(kept.prepare("SELECT body FROM answers WHERE op = 'crashTest'").pluck().get()).toBe(
        JSON.stringify({ data: 'the last commit before the crash' }),
      );
      kept.close();
    });

    it('one 401 deletes nothing while the key’s own member still answers; once the key is revoked the copy goes, and Settings say why', async () => {
      const proxy = await startFaultProxy(service.baseUrl);
      cleanups.push(() => void proxy.close());
      const { core, vault, file, workspace, apiKey } = await faultyApp({ baseUrl: proxy.url });
      await readDeals(core);

      const fault = proxy.inject({
        when: 'listMembers',
        fault: { kind: 'status', status: 401, code: 'unauthorized' },
        times: 1,
      });
      const from = proxy.received().length;
      expect(await core.invoke('listMembers', {})).toMatchObject({ ok: false, error: { status: 401 } });
      expect(fault.injected()).toBe(1);
      // One request with the same key confirms: the key's own member, which answered.
      expect(
        proxy
          .received()
          .slice(from)
          .map((request) => request.endpoint),
      ).toEqual(['listMembers', 'getMe']);
      expect(existsSync(file)).toBe(true);
      expect(await vault.get(replicaKeyAccount(workspace.id))).toMatch(/^[0-9a-f]{64}$/);
      expect(await localCopy(core, workspace.id)).toMatchObject({ storage: 'file', lastReset: null });
      expect((await ok(core, 'listMembers', {})).data.length).toBeGreaterThan(0);

      await callApi(service.baseUrl, '/v1/keys/me', { key: apiKey, method: 'DELETE' });
      expect(await core.invoke('getVideo', { id: 'vid_never_read' })).toMatchObject({
        ok: false,
        error: { status: 401 },
      });
      expect(existsSync(file)).toBe(false);
      expect(await vault.get(replicaKeyAccount(workspace.id))).toBeNull();
      const removed = await localCopy(core, workspace.id);
      expect(removed).toMatchObject({ on: true, storage: 'off', lastReset: { reason: 'key-refused', keptAt: null } });
      expect(Number.isNaN(Date.parse(removed.lastReset!.at))).toBe(false);
    });
  },
);
