import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultServiceProfile } from '../../../../shared/bridge';
import { isAllowedBaseUrl } from './base-url';
import { createConfJsonFile } from './conf-json-file';
import { defaultSettings, RECENT_SEARCHES_CAP, SETTINGS_VERSION } from './settings-schema';
import { openSettingsStore } from './settings-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'callscope-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = () => openSettingsStore(dir, createConfJsonFile);
const settingsFile = () => join(dir, 'settings.json');

describe('settings store', () => {
  it('keeps its folder and file readable by the owner only, tightening older ones', () => {
    chmodSync(dir, 0o755);
    writeFileSync(settingsFile(), JSON.stringify(defaultSettings), { mode: 0o644 });
    open().update((current) => ({ ...current, preferences: { theme: 'dark' } }));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(settingsFile()).mode & 0o777).toBe(0o600);

    const fresh = join(dir, 'fresh');
    openSettingsStore(fresh, createConfJsonFile).update((current) => ({ ...current, preferences: { theme: 'light' } }));
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'settings.json')).mode & 0o777).toBe(0o600);
  });

  it('starts from defaults and persists changes across reopening', () => {
    const store = open();
    expect(store.read()).toEqual(defaultSettings);
    store.update((current) => ({ ...current, preferences: { theme: 'dark' } }));
    expect(open().read().preferences.theme).toBe('dark');
  });

  it('replaces a corrupt file with defaults, reports it, and keeps the corrupt copy beside it', () => {
    writeFileSync(settingsFile(), '{"version": 1, "workspaces": [');
    const store = open();
    expect(store.read()).toEqual(defaultSettings);
    expect(store.problem).toMatch(/could not be read/);
    const kept = readdirSync(dir).find((name) => name.startsWith('settings.json.corrupt-'));
    expect(kept).toBeDefined();
    expect(readFileSync(join(dir, kept!), 'utf8')).toBe('{"version": 1, "workspaces": [');
    expect(existsSync(settingsFile())).toBe(true);
  });

  it('reads a workspace saved before service profiles existed with the default profile', () => {
    const workspace = { id: 'w', name: 'w', baseUrl: 'https://api.example.com', kind: 'custom', member: null };
    writeFileSync(settingsFile(), JSON.stringify({ ...defaultSettings, workspaces: [workspace] }));
    const store = open();
    expect(store.problem).toBeNull();
    expect(store.read().workspaces[0]?.profile).toEqual(defaultServiceProfile);
  });

  it('treats a file that parses but breaks the schema as corrupt', () => {
    writeFileSync(settingsFile(), JSON.stringify({ ...defaultSettings, preferences: { theme: 'neon' } }));
    const store = open();
    expect(store.problem).not.toBeNull();
    expect(store.read().preferences.theme).toBe('system');
  });

  it('migrates an unversioned file, keeping what it held', () => {
    writeFileSync(settingsFile(), JSON.stringify({ preferences: { theme: 'light' } }));
    const store = open();
    expect(store.problem).toBeNull();
    expect(store.read()).toEqual({ ...defaultSettings, preferences: { theme: 'light' } });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).version).toBe(SETTINGS_VERSION);
  });

  it('keeps recent searches per workspace, most recent first, without duplicates, capped', () => {
    const store = open();
    for (let i = 0; i < RECENT_SEARCHES_CAP + 3; i++) store.addRecentSearch('w1', `term ${i}`);
    store.addRecentSearch('w2', 'other');
    const recent = store.addRecentSearch('w1', 'term 5');
    expect(recent[0]).toBe('term 5');
    expect(recent).toHaveLength(RECENT_SEARCHES_CAP);
    expect(new Set(recent).size).toBe(recent.length);
    expect(open().read().recentSearches).toEqual({ w1: recent, w2: ['other'] });
  });

  describe('a file of version 1', () => {
    const workspace = (id: string) => ({
      id,
      name: id,
      baseUrl: 'https://api.example.com',
      kind: 'custom',
      member: null,
    });
    const saved = (workspaceId: string, name: string) => ({
      id: `${workspaceId}-${name}`,
      workspaceId,
      name,
      q: name,
      videoId: null,
      dealId: null,
      lastOpenedAt: '2026-03-04T10:00:00.000Z',
      newMatches: 0,
      newCapped: false,
      newestCallId: null,
      checkedAt: null,
    });
    const version1 = (fields: Record<string, unknown>) =>
      writeFileSync(settingsFile(), JSON.stringify({ ...defaultSettings, version: 1, ...fields }));

    it('gives its recent searches to the open workspace', () => {
      version1({ workspaces: [workspace('a'), workspace('b')], activeWorkspaceId: 'b', recentSearches: ['x', 'y'] });
      const store = open();
      expect(store.problem).toBeNull();
      expect(store.read().recentSearches).toEqual({ b: ['x', 'y'] });
      expect(JSON.parse(readFileSync(settingsFile(), 'utf8')).version).toBe(2);
    });

    it('gives them to the first workspace when none is open, and to none when there is none', () => {
      version1({ workspaces: [workspace('a'), workspace('b')], activeWorkspaceId: null, recentSearches: ['x'] });
      expect(open().read().recentSearches).toEqual({ a: ['x'] });
      version1({ workspaces: [], activeWorkspaceId: null, recentSearches: ['x'] });
      expect(open().read().recentSearches).toEqual({});
    });

    it('lets go of the saved searches of workspaces removed before', () => {
      version1({
        workspaces: [workspace('a')],
        activeWorkspaceId: 'a',
        savedSearches: [saved('a', 'kept'), saved('gone', 'left behind')],
      });
      const store = open();
      expect(store.problem).toBeNull();
      expect(store.read().savedSearches.map((search) => search.name)).toEqual(['kept']);
    });
  });

  it('refuses a workspace whose base URL is plain http to another machine', () => {
    const store = open();
    const workspace = {
      id: 'w',
      name: 'w',
      kind: 'custom' as const,
      member: null,
      profile: defaultServiceProfile,
      currency: null,
    };
    expect(() =>
      store.update((s) => ({ ...s, workspaces: [{ ...workspace, baseUrl: 'http://api.example.com' }] })),
    ).toThrow();
    expect(store.read().workspaces).toEqual([]);
  });
});

describe('base URL rule', () => {
  it.each([
    ['https://api.example.com', true],
    ['https://api.example.com/prefix', true],
    ['http://127.0.0.1:4000', true],
    ['http://127.8.9.10', true],
    ['http://localhost:4000', true],
    ['http://[::1]:4000', true],
    ['http://api.example.com', false],
    ['http://128.0.0.1', false],
    ['http://127.0.0.1.evil.com', false],
    ['ftp://127.0.0.1', false],
    ['https://user:pw@api.example.com', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isAllowedBaseUrl(url)).toBe(allowed);
  });
});
