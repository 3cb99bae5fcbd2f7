import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import type { BridgeEventName } from '../../../shared/bridge';
import { demoKeyOf } from '../../../shared/manifest';
import { createTempCore } from '../testing/temp-core';
import type { AppCore } from './app-core';

let service: TestService;
let key: string;
let orgId: string;
let memberId: string;
let app: AppCore;
let dispose = () => {};
let events: BridgeEventName[];

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  const { org, key: full } = demoKeyOf(service.manifest!);
  orgId = org.id;
  key = full.key;
  memberId = full.member_id;
});
afterAll(() => service?.stop());

function start(withDemo = false) {
  const made = createTempCore({ demo: withDemo ? { baseUrl: service.baseUrl, apiKey: key } : null });
  app = made.core;
  dispose = made.dispose;
  events = [];
  app.on((event) => events.push(event));
}
afterEach(() => dispose());

describe('workspaces through the bridge, against the real service', () => {
  it('opens the demo workspace connected to the local service', async () => {
    start(true);
    const opened = await app.invoke('openDemoWorkspace', {});
    expect(opened).toMatchObject({
      ok: true,
      value: { id: 'demo', kind: 'demo', hasKey: true, member: { id: memberId } },
    });
    expect(await app.invoke('listWorkspaces', {})).toMatchObject({ ok: true, value: { activeId: 'demo' } });
    expect(await app.invoke('getMe', {})).toMatchObject({ ok: true, value: { data: { id: memberId } } });
    expect(events).toContain('workspacesChanged');
  });

  it('keeps the currency a workspace names, also when the demo opens again at the next launch', async () => {
    start(true);
    await app.invoke('openDemoWorkspace', {});
    expect(await app.invoke('setWorkspaceCurrency', { workspaceId: 'demo', currency: 'eur' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    expect(await app.invoke('setWorkspaceCurrency', { workspaceId: 'demo', currency: 'EUR' })).toMatchObject({
      ok: true,
      value: { id: 'demo', currency: 'EUR' },
    });
    await app.invoke('openDemoWorkspace', {});
    expect(await app.invoke('listWorkspaces', {})).toMatchObject({
      ok: true,
      value: { workspaces: [{ id: 'demo', currency: 'EUR' }] },
    });
  });

  it('checks a pasted key with the service before storing it, and never echoes it', async () => {
    start();
    const refused = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: 'sci_not_a_real_key' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
    expect(JSON.stringify(refused)).not.toContain('sci_not_a_real_key');
    expect(await app.invoke('listWorkspaces', {})).toEqual({ ok: true, value: { workspaces: [], activeId: null } });
  });

  it('adds a workspace with a good key, which then serves API calls', async () => {
    start();
    const added = await app.invoke('addWorkspace', { baseUrl: `${service.baseUrl}/`, apiKey: key, name: 'Mine' });
    expect(added).toMatchObject({
      ok: true,
      value: { name: 'Mine', kind: 'custom', baseUrl: service.baseUrl, hasKey: true },
    });
    expect(JSON.stringify(added)).not.toContain(key);
    const deals = await app.invoke('listDeals', { limit: 2 });
    expect(deals).toMatchObject({ ok: true, value: { data: expect.any(Array) } });
  });

  it('adds a workspace with a key that can read only videos and deals, stored under the key’s own name', async () => {
    start();
    const narrow = service
      .manifest!.orgs.find((org) => org.id === orgId)!
      .keys.find(
        (candidate) => !candidate.scopes.includes('members:read') && candidate.scopes.includes('videos:read'),
      )!;
    const added = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: narrow.key, name: 'Narrow' });
    expect(added).toMatchObject({ ok: true, value: { name: 'Narrow', hasKey: true, member: { email: null } } });
    expect(JSON.stringify(added)).not.toContain(narrow.key);
    expect(await app.invoke('listDeals', { limit: 1 })).toMatchObject({ ok: true });
    expect(await app.invoke('listMembers', {})).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
  });

  it('refuses a key refused by every read, with the first refusal (an inactive organisation)', async () => {
    start();
    const inactive = service.manifest!.orgs.find((org) => !org.active)!.keys[0]!;
    const refused = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: inactive.key });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', status: 403 } });
    expect(await app.invoke('listWorkspaces', {})).toEqual({ ok: true, value: { workspaces: [], activeId: null } });
  });

  it('signs out by forgetting the key but keeping the workspace', async () => {
    start();
    const added = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: key });
    const workspaceId = (added as { value: { id: string } }).value.id;
    expect(await app.invoke('signOut', { workspaceId })).toEqual({ ok: true, value: { workspaceId } });
    expect(await app.invoke('listWorkspaces', {})).toMatchObject({
      ok: true,
      value: { workspaces: [{ hasKey: false }] },
    });
    expect(await app.invoke('listDeals', {})).toMatchObject({ ok: false, error: { code: 'key_required' } });
    expect(await app.invoke('replaceKey', { workspaceId, apiKey: key })).toMatchObject({
      ok: true,
      value: { hasKey: true },
    });
  });

  it('revokes the key at the service and forgets it', async () => {
    start();
    const ownKey = (await service.cli(['keys', 'issue', '--org', orgId, '--member', memberId])).trim();
    const added = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: ownKey });
    const workspaceId = (added as { value: { id: string } }).value.id;
    expect(await app.invoke('revokeKey', { workspaceId })).toEqual({ ok: true, value: { revoked: true } });
    expect(await app.invoke('listWorkspaces', {})).toMatchObject({
      ok: true,
      value: { workspaces: [{ hasKey: false }] },
    });
    const stillStored = await app.invoke('replaceKey', { workspaceId, apiKey: ownKey });
    expect(stillStored).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('keeps each workspace’s recent searches apart', async () => {
    start(true);
    await app.invoke('openDemoWorkspace', {});
    await app.invoke('addRecentSearch', { q: 'pricing' });
    await app.invoke('addRecentSearch', { q: 'budget' });
    expect(await app.invoke('addRecentSearch', { q: 'pricing' })).toEqual({ ok: true, value: ['pricing', 'budget'] });

    const added = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: key, name: 'Other' });
    const otherId = (added as { value: { id: string } }).value.id;
    expect(await app.invoke('listRecentSearches', {})).toEqual({ ok: true, value: [] });
    await app.invoke('addRecentSearch', { q: 'renewal' });

    await app.invoke('switchWorkspace', { workspaceId: 'demo' });
    expect(await app.invoke('listRecentSearches', {})).toEqual({ ok: true, value: ['pricing', 'budget'] });
    await app.invoke('switchWorkspace', { workspaceId: otherId });
    expect(await app.invoke('listRecentSearches', {})).toEqual({ ok: true, value: ['renewal'] });
  });

  it('removes a workspace with its saved and recent searches, leaving the others’', async () => {
    start(true);
    await app.invoke('openDemoWorkspace', {});
    await app.invoke('saveSearch', { name: 'Pricing', q: 'pricing', videoId: null, dealId: null });
    await app.invoke('addRecentSearch', { q: 'pricing' });
    const added = await app.invoke('addWorkspace', { baseUrl: service.baseUrl, apiKey: key, name: 'Other' });
    const otherId = (added as { value: { id: string } }).value.id;
    await app.invoke('saveSearch', { name: 'Budget', q: 'budget', videoId: null, dealId: null });
    await app.invoke('addRecentSearch', { q: 'budget' });

    expect(await app.invoke('removeWorkspace', { workspaceId: 'demo' })).toMatchObject({ ok: true });
    expect(await app.invoke('listSavedSearches', {})).toMatchObject({ ok: true, value: [{ name: 'Budget' }] });
    expect(await app.invoke('listRecentSearches', {})).toEqual({ ok: true, value: ['budget'] });

    // The demo comes back under the same id, without what it had before it was removed.
    await app.invoke('openDemoWorkspace', {});
    expect(await app.invoke('listSavedSearches', {})).toEqual({ ok: true, value: [] });
    expect(await app.invoke('listRecentSearches', {})).toEqual({ ok: true, value: [] });
    await app.invoke('switchWorkspace', { workspaceId: otherId });
    expect(await app.invoke('listSavedSearches', {})).toMatchObject({ ok: true, value: [{ name: 'Budget' }] });
  });

  it('aborts a call when the renderer cancels it', async () => {
    start(true);
    await app.invoke('openDemoWorkspace', {});
    await service.cli(['fault', 'set', 'key-verifier-down', 'on']);
    try {
      const pending = app.invoke('listDeals', {}, 'call-1');
      setTimeout(() => app.cancel('call-1'), 200);
      expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(events).toContain('clientWaiting');
    } finally {
      await service.cli(['fault', 'set', 'key-verifier-down', 'off']);
    }
  });
});
