import { expect, test } from './support/fixtures';

test.describe('browser-mode bridge', () => {
  test('the page loads and its bridge answers, with the token gone from the address bar', async ({
    page,
    callscope,
  }) => {
    await page.goto(callscope.appUrl);
    await expect(page).not.toHaveURL(/token=/);
    const info = await page.evaluate(async () => {
      const { sessionStorage } = globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } };
      const response = await fetch('/bridge/invoke', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-callscope-token': sessionStorage.getItem('callscope.browserToken') ?? '',
        },
        body: JSON.stringify({ op: 'getAppInfo', params: {} }),
      });
      return response.json();
    });
    expect(info).toMatchObject({ ok: true, value: { mode: 'browser', demoAvailable: true } });
  });

  test('the demo workspace is already connected when the page opens', async ({ request, callscope }) => {
    const token = new URL(callscope.appUrl).searchParams.get('token')!;
    const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
      headers: { 'x-callscope-token': token },
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
