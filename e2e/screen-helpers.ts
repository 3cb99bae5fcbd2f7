import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Download, expect, type Page } from '@playwright/test';
import type { ServedChecklistEvaluation, ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { demoKeyOf } from '../src/shared/manifest';
import { quoteFinder } from '../src/shared/quote-finder';
import type { CallscopeApp } from './support/fixtures';

/** The key the demo workspace uses (shared/manifest.ts). */
export function demoKey(callscope: CallscopeApp): string {
  return demoKeyOf(callscope.manifest).key.key;
}

/** The organisation of the demo workspace's key. */
export function demoOrg(callscope: CallscopeApp) {
  return demoKeyOf(callscope.manifest).org;
}

/** Reads the service directly, to pick test subjects without depending on seeded ids. */
export async function serviceGet<T = { data: unknown }>(callscope: CallscopeApp, path: string): Promise<T> {
  const response = await fetch(`${callscope.serviceUrl}${path}`, {
    headers: { authorization: `Bearer ${demoKey(callscope)}` },
  });
  return (await response.json()) as T;
}

/** The service's READY calls, newest first (up to 100). */
export async function readyCalls(callscope: CallscopeApp): Promise<ServedVideo[]> {
  return (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
}

/** READY calls the service has never analysed (their summary is 404). */
export async function unanalysedCalls(callscope: CallscopeApp): Promise<ServedVideo[]> {
  const found: ServedVideo[] = [];
  for (const video of await readyCalls(callscope)) {
    const summary = await serviceGet<{ error?: { code: string } }>(callscope, `/v1/videos/${video.id}/summary`);
    if (summary.error?.code === 'not_found') found.push(video);
  }
  return found;
}

/**
 * A call whose checklist has an item not met in full with evidence said in its transcript (the local
 * service's NOT_MET have none): the first of `calls`, the service's READY calls newest first unless given.
 */
export async function callWithNotMetEvidence(callscope: CallscopeApp, calls?: readonly ServedVideo[]) {
  for (const video of calls ?? (await readyCalls(callscope))) {
    const checklist = await serviceGet<{ data?: ServedChecklistEvaluation }>(
      callscope,
      `/v1/videos/${video.id}/checklist`,
    );
    const transcript = (
      await serviceGet<{ data: ServedTranscriptSegment[] }>(callscope, `/v1/videos/${video.id}/transcript`)
    ).data;
    const find = quoteFinder(() => transcript);
    const items = checklist.data?.items ?? [];
    const notInFull = ['NOT_MET', 'PARTIALLY_MET'].flatMap((status) => items.filter((item) => item.status === status));
    for (const evidence of notInFull.flatMap((item) => item.evidence ?? [])) {
      const index = find(evidence.text);
      if (index >= 0) return { video, segment: transcript[index]! };
    }
  }
  throw new Error('the seed has no call with evidence of an item not met');
}

/** Opens Workspace and key as a person does: the member's name at the top bar's right, then its link. */
export async function openWorkspaceSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button').click();
  await page.getByRole('link', { name: 'Workspace and key', exact: true }).click();
}

/** Opens a screen of the app by its route, e.g. `/deals/deal_1`. */
export async function openScreen(page: Page, callscope: CallscopeApp, path = '/deals'): Promise<void> {
  await page.goto(`${callscope.appUrl}#${path}`);
}

/**
 * Runs `during` with the service stopped (the spec needs `outageRehearsal`), and starts it again
 * even when `during` fails, so the worker's next test meets a service that answers.
 */
export async function whileServiceStopped(callscope: CallscopeApp, during: () => Promise<void>): Promise<void> {
  await callscope.stopService();
  try {
    await appNoticedOffline(callscope);
    await during();
  } finally {
    await callscope.restartService();
  }
}

/**
 * Waits until the app's own watch of the service (a round every 5 s) has found it gone, asking the
 * app only: on a loaded machine a round and its probe can outlast an assertion's timeout.
 */
async function appNoticedOffline(callscope: CallscopeApp): Promise<void> {
  const online = async () => {
    const response = await fetch(`${callscope.appOrigin}/bridge/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callscope-token': callscope.bridgeToken },
      body: JSON.stringify({ op: 'getReplicaStatus', params: {} }),
    });
    const answer = (await response.json()) as { ok: boolean; value?: { online: boolean } };
    return answer.value?.online;
  };
  await expect.poll(online, { timeout: 30_000 }).toBe(false);
}

/** Tests of one worker share its app core: a test that changes workspaces puts the demo back. */
export async function reopenDemo(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op: 'openDemoWorkspace', params: {} },
  });
  expect(await response.json()).toMatchObject({ ok: true });
}

/** Adds a workspace through the settings screen's form and waits until it is the open one. */
export async function addWorkspace(page: Page, callscope: CallscopeApp, name: string, apiKey: string): Promise<void> {
  await openScreen(page, callscope, '/settings');
  const form = page.getByRole('form', { name: 'Add a workspace' });
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByLabel('Service address').fill(callscope.serviceUrl);
  await form.getByLabel('API key').fill(apiKey);
  await form.getByRole('button', { name: 'Add workspace' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText(name);
}

/** A new full-scope key for the demo organisation's first member, for tests that revoke or replace keys. */
export async function issueKey(callscope: CallscopeApp): Promise<string> {
  const org = demoOrg(callscope);
  const output = await callscope.serviceCli(['keys', 'issue', '--org', org.id, '--member', org.members[0]!.id]);
  return output.trim();
}

/** No serious or critical accessibility violation on a screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    severe.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Chooses an export in the open dialog, saves it, and reads the file the browser downloaded. */
export async function exportAs(page: Page, label: string): Promise<{ download: Download; text: string }> {
  const dialog = page.getByRole('dialog', { name: 'Export this call' });
  await dialog.getByRole('radio', { name: label }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save' }).click(),
  ]);
  await expect(dialog.getByText(`Downloaded: ${download.suggestedFilename()}`)).toBeVisible();
  return { download, text: await readFile((await download.path())!, 'utf8') };
}
