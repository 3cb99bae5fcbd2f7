import type { EndpointName } from '../../../shared/api';
import type { ApiResult, ConnectionCheck } from '../../../shared/bridge';
import { matchesText } from '../../../shared/match-count';
import { segmentTimeScale } from '../../../shared/segment-time';
import type { ApiClient } from '../service-client/api-client/api-client';
import { ApiError } from '../service-client/api-client/api-error';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function unreadableNote(result: { unreadable: unknown[] }): string {
  return result.unreadable.length > 0 ? `; ${plural(result.unreadable.length, 'record')} could not be read` : '';
}

/** A word from a transcript to search for, so the search check has something to find. */
function wordFrom(texts: readonly (string | null | undefined)[]): string {
  for (const text of texts) {
    const word = text?.match(/\p{L}{4,}/u)?.[0];
    if (word) return word;
  }
  return 'the';
}

interface Step<N extends EndpointName> {
  screen: string;
  operation: N;
  run: () => Promise<ApiResult<N>>;
  describe: (result: ApiResult<N>) => string;
}

async function check<N extends EndpointName>(
  step: Step<N>,
): Promise<{ check: ConnectionCheck; result?: ApiResult<N> }> {
  try {
    const result = await step.run();
    return {
      result,
      check: {
        screen: step.screen,
        operation: step.operation,
        outcome: 'ok',
        detail: step.describe(result) + unreadableNote(result),
        code: null,
        status: null,
        requestId: result.meta.request_id || null,
      },
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      check: {
        screen: step.screen,
        operation: step.operation,
        outcome: 'failed',
        detail: error.message,
        code: error.code,
        status: error.status,
        requestId: error.requestId,
      },
    };
  }
}

/**
 * One read per screen, in the order a person meets them, each reported with what it found or
 * why it failed and the request id, so "does Callscope work with this service" has an answer
 * that support can act on. The transcript and search reads use a call the list found.
 */
export interface ConnectionReport {
  checks: ConnectionCheck[];
  /** The transcript times' unit, when a call and its transcript could be compared; else null. */
  segmentTimeScale: 1 | 0.001 | null;
}

export async function checkConnection(client: ApiClient, signal: AbortSignal): Promise<ConnectionReport> {
  const options = { signal };
  const team = await check({
    screen: 'Team',
    operation: 'listMembers',
    run: () => client.listMembers({}, options),
    describe: (result) => plural(result.data.length, 'member'),
  });
  const pipeline = await check({
    screen: 'Pipeline',
    operation: 'listDeals',
    run: () => client.listDeals({ limit: 25 }, options),
    describe: (result) => `${plural(result.data.length, 'deal')} on the first page`,
  });
  const calls = await check({
    screen: 'Calls',
    operation: 'listVideos',
    run: () => client.listVideos({ limit: 25 }, options),
    describe: (result) => `${plural(result.data.length, 'call')} on the first page`,
  });
  // A READY call that lasted some time most likely has a transcript; the newest may still be uploading.
  const listed = calls.result?.data ?? [];
  const lasted = (call: (typeof listed)[number]) => (call.duration_seconds ?? 0) > 0;
  const firstCall = listed.find((call) => call.status === 'READY' && lasted(call)) ?? listed.find(lasted) ?? listed[0];
  const transcript = firstCall
    ? await check({
        screen: 'Call page',
        operation: 'getTranscript',
        run: () => client.getTranscript({ id: firstCall.id }, options),
        describe: (result) =>
          `${plural(result.data.length, 'transcript segment')} in “${firstCall.title ?? firstCall.id}”`,
      })
    : null;
  const noCall: ConnectionCheck = {
    screen: 'Call page',
    operation: 'getTranscript',
    outcome: 'skipped',
    detail: calls.result ? 'There is no call to open yet.' : 'Not tried: the calls could not be listed.',
    code: null,
    status: null,
    requestId: null,
  };
  const word = wordFrom(transcript?.result?.data.map((segment) => segment.text) ?? []);
  const search = await check({
    screen: 'Search',
    operation: 'searchTranscripts',
    run: () => client.searchTranscripts({ q: word, limit: 5 }, options),
    describe: (result) => `${matchesText(result.meta, result.data.length)} for “${word}”`,
  });
  const times = transcript?.result?.data.flatMap((segment) => [segment.start, segment.end]).filter(isNumber) ?? [];
  return {
    checks: [team.check, pipeline.check, calls.check, transcript?.check ?? noCall, search.check],
    segmentTimeScale: times.length > 0 ? segmentTimeScale(times, firstCall?.duration_seconds) : null,
  };
}
