import { afterEach, describe, expect, it } from 'vitest';
import { createTempCore } from '../testing/temp-core';

let dispose = () => {};
afterEach(() => dispose());

function core() {
  const made = createTempCore();
  dispose = made.dispose;
  return made.core;
}

describe('app core bridge validation', () => {
  it('answers an unknown operation with a result, not a throw', async () => {
    const result = await core().invoke('dropDatabase', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
  });

  it('refuses an inherited property name as an operation', async () => {
    const result = await core().invoke('toString', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
  });

  it('refuses params that break the operation schema, naming the field', async () => {
    const result = await core().invoke('listDeals', { limit: 500 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringMatching(/^limit:/) },
    });
  });

  it('refuses unknown params on API operations', async () => {
    const result = await core().invoke('getDeal', { id: 'deal_1', admin: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });

  it('refuses a POST without an idempotency key', async () => {
    const result = await core().invoke('startScoring', { id: 'deal_1' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringMatching(/^idempotencyKey/) },
    });
  });

  it('says there is no workspace before one is opened', async () => {
    const result = await core().invoke('listDeals', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'no_workspace' } });
  });

  it('refuses a plain-http base URL to another machine before sending the key anywhere', async () => {
    const result = await core().invoke('addWorkspace', { baseUrl: 'http://api.example.com', apiKey: 'sci_secret' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(JSON.stringify(result)).not.toContain('sci_secret');
  });

  it('says the demo is unavailable when no demo service runs', async () => {
    const app = core();
    expect(await app.invoke('getAppInfo', {})).toEqual({
      ok: true,
      value: {
        mode: 'browser',
        keyStorage: 'session',
        keychainProblem: 'tests keep keys in memory',
        settingsProblem: null,
        demoAvailable: false,
      },
    });
    expect(await app.invoke('openDemoWorkspace', {})).toMatchObject({ ok: false, error: { code: 'no_workspace' } });
  });

  it('keeps preferences', async () => {
    const app = core();
    expect(await app.invoke('setPreferences', { theme: 'dark' })).toEqual({ ok: true, value: { theme: 'dark' } });
    expect(await app.invoke('getPreferences', {})).toEqual({ ok: true, value: { theme: 'dark' } });
  });

  it('keeps no recent searches without a workspace to keep them for', async () => {
    const app = core();
    expect(await app.invoke('addRecentSearch', { q: 'pricing' })).toMatchObject({
      ok: false,
      error: { code: 'no_workspace' },
    });
  });
});
