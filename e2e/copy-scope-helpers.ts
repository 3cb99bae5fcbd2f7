import type { APIRequestContext } from '@playwright/test';
import type { ServedVideo } from '../src/shared/api/served';
import { recentSince } from '../src/shared/copy-scope';
import { serviceGet } from './screen-helpers';
import { type CallscopeApp, expect } from './support/fixtures';

/** A bridge call of the worker's app, without a page; it must succeed. */
export async function invoke(request: APIRequestContext, callscope: CallscopeApp, op: string, params: object) {
  const response = await request.post(`${callscope.appOrigin}/bridge/invoke`, {
    headers: { 'x-callscope-token': callscope.bridgeToken },
    data: { op, params },
  });
  const answer = await response.json();
  expect(answer).toMatchObject({ ok: true });
  return answer.value;
}

/** The worker's app is shared by its tests: the next one finds the whole workspace kept again. */
export async function keepEverything(request: APIRequestContext, callscope: CallscopeApp): Promise<void> {
  const { activeId } = await invoke(request, callscope, 'listWorkspaces', {});
  await invoke(request, callscope, 'setCopyScope', { workspaceId: activeId, scope: { kind: 'everything' } });
}

/**
 * The fewest months whose calls are some but not all of the seeded ones (their dates lie before
 * today, so the number depends on the day the test runs), with those calls and the words for them.
 */
export async function splittingMonths(callscope: CallscopeApp) {
  const calls = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?limit=100')).data;
  const within = (months: number) =>
    calls.filter((call) => Date.parse(call.created_at) > Date.parse(recentSince(months, Date.now())));
  const months = Array.from({ length: 240 }, (_, index) => index + 1).find(
    (count) => within(count).length > 0 && within(count).length < calls.length,
  )!;
  return {
    calls,
    months,
    inside: within(months),
    words: months === 1 ? 'the last month' : `the last ${months} months`,
  };
}
