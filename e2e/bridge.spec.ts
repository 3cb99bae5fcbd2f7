import { exchangeSignInCode, expect, test } from './support/fixtures';

test.describe('browser-mode bridge', () => {
  test('the page trades its one-time code for a session, and neither stays in the address bar', async ({
    page,
    callscope,
  }) => {
    const signInUrl = callscope.appUrl;
    const code = new URL(signInUrl).searchParams.get('code')!;
    await page.goto(signInUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page).not.toHaveURL(/code=/);
    const seen = await page.evaluate(async () => {
      const scope = globalThis as unknown as {
        sessionStorage: { getItem(key: string): string | null };
        location: { href: string };
      };
      const token = scope.sessionStorage.getItem('callscope.browserToken') ?? '';
      const response = await fetch('/bridge/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-callscope-token': token },
        body: JSON.stringify({ op: 'getAppInfo', params: {} }),
      });
      return { token, address: scope.location.href, info: await response.json() };
    });
    expect(seen.info).toMatchObject({ ok: true, value: { mode: 'browser', demoAvailable: true } });
    expect(seen.token).not.toBe(code);
    expect(seen.address).not.toContain(seen.token);
    expect(signInUrl).not.toContain(seen.token);
  });

  test('a sign-in address works once: opened again in another browser, it opens nothing', async ({
    page,
    browser,
    callscope,
  }) => {
    const signInUrl = callscope.appUrl;
    await page.goto(signInUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();

    const other = await browser.newPage();
    try {
      await other.goto(signInUrl);
      await expect(other.getByText('This address was already used.', { exact: false }).first()).toBeVisible();
      await expect(other.getByRole('heading', { level: 1, name: 'Pipeline' })).toHaveCount(0);
    } finally {
      await other.close();
    }
    // The first page keeps its session across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  });

  test('the code cannot be traded twice', async ({ callscope }) => {
    const signInUrl = callscope.appUrl;
    expect(await exchangeSignInCode(signInUrl)).toMatch(/^[\w-]{40,}$/);
    const again = await fetch(`${callscope.appOrigin}/bridge/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: new URL(signInUrl).searchParams.get('code') }),
    });
    expect(again.status).toBe(401);
  });

  test('pages are served no-store, so no copy of them stays in the cache', async ({ request, callscope }) => {
    const response = await request.get(callscope.appUrl);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).toContain('<div id="root">');
  });

  test('the demo workspace is already connected when the page opens', async ({ request, callscope }) => {
    const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
      headers: { 'x-callscope-token': callscope.bridgeToken },
      data: { op: 'listWorkspaces', params: {} },
    });
    expect(await response.json()).toMatchObject({ ok: true, value: { activeId: 'demo' } });
  });

  test('a request without the token is refused', async ({ request, callscope }) => {
    const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
      data: { op: 'getAppInfo', params: {} },
    });
    expect(response.status()).toBe(401);
  });
});
