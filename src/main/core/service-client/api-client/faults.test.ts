import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, type FaultRule, startFaultProxy } from '../../../../service/testing/fault-proxy';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { demoKeyOf } from '../../../../shared/manifest';
import { apiFailure } from '../../testing/api-failure';
import { type ApiClientOptions, type ClientWait, createApiClient } from './api-client';
import { isUnreachable } from './api-error';
import { REDACTED } from './redact-secrets';
import { MAX_RETRY_AFTER_SECONDS } from './retry-policy';
import { isUnreadAnswer, mayLeaveUnread, readUnreadAnswer } from './unread-answer';

/**
 * The API client against the real local service with a fault proxy between them: what a
 * network, a proxy or a misbehaving service does to an answer, and what the client makes of it.
 */

let service: TestService;
let proxy: FaultProxy;
let key: string;

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  proxy = await startFaultProxy(service.baseUrl);
  key = demoKeyOf(service.manifest!).key.key;
});
afterEach(() => proxy.clear());
afterAll(async () => {
  await proxy?.close();
  await service?.stop();
});

function client(options: Partial<ApiClientOptions> = {}) {
  const waits: ClientWait[] = [];
  const api = createApiClient({
    baseUrl: proxy.url,
    getKey: async () => key,
    retry: { baseDelayMs: 20, maxDelayMs: 100, attemptTimeoutMs: 1_000, deadlineMs: 20_000 },
    onWait: (wait) => waits.push(wait),
    ...options,
  });
  return { api, waits };
}

/** The requests the proxy received while `run` ran. */
async function requestsDuring(run: () => Promise<unknown>) {
  const before = proxy.received().length;
  await run();
  return proxy.received().slice(before);
}

describe('a body that stalls after its headers', () => {
  it('is a timeout the retries see, and the next attempt’s answer is read', async () => {
    const fault = proxy.inject({ when: 'listMembers', fault: { kind: 'stall-body' }, times: 1 });
    const { api, waits } = client();
    const members = await api.listMembers({});
    expect(fault.injected()).toBe(1);
    expect(members.data.length).toBeGreaterThan(0);
    expect(waits.map((wait) => wait.code)).toEqual(['timeout']);
  });

  it('fails as timeout, which says the service is unreachable, once attempts run out', async () => {
    const fault = proxy.inject({ when: 'listMembers', fault: { kind: 'stall-body' } });
    const { api } = client({ retry: { baseDelayMs: 20, maxAttempts: 2, attemptTimeoutMs: 500 } });
    const error = await apiFailure(api.listMembers({}));
    expect(fault.injected()).toBe(2);
    expect(error).toMatchObject({ code: 'timeout', status: null });
    expect(error.message).toMatch(/stopped sending its answer/);
    expect(isUnreachable(error)).toBe(true);
  });
});

describe('an answer larger than the cap', () => {
  it('is invalid_response "answer too large", read no further and not asked again', async () => {
    const fault = proxy.inject({ when: 'listMembers', fault: { kind: 'huge-body', bytes: 5_000_000 } });
    const { api } = client({ maxAnswerBytes: 1_000_000 });
    let error: Awaited<ReturnType<typeof apiFailure>> | undefined;
    const sent = await requestsDuring(async () => {
      error = await apiFailure(api.listMembers({}));
    });
    expect(fault.injected()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(error!.message).toMatch(/answer too large/i);
  });

  it('is read whole under the cap', async () => {
    const fault = proxy.inject({ when: 'listMembers', fault: { kind: 'huge-body', bytes: 900_000 }, times: 1 });
    const answer = await client({ maxAnswerBytes: 1_000_000 }).api.listMembers({});
    expect(fault.injected()).toBe(1);
    expect(answer.data).toEqual([]);
  });
});

describe('a redirect', () => {
  it('is not followed: a clear error names where it pointed, without its query or the key', async () => {
    const fault = proxy.inject({
      when: 'getMe',
      fault: { kind: 'redirect', status: 307, location: `${proxy.url}/v1/members?token=${key}` },
    });
    const { api } = client();
    let error: Awaited<ReturnType<typeof apiFailure>> | undefined;
    const sent = await requestsDuring(async () => {
      error = await apiFailure(api.getMe({}));
    });
    expect(fault.injected()).toBe(1);
    expect(sent.map((request) => request.path)).toEqual(['/v1/members/me']);
    expect(error).toMatchObject({ code: 'redirected', status: 307 });
    expect(error!.message).toContain(`pointing to ${proxy.url}/v1/members?…`);
    expect(error!.message).not.toContain(key);
  });
});

describe('pages that do not end', () => {
  for (const cursor of ['same', 'new'] as const) {
    it(`stop with endless_pages when the cursor is ${cursor === 'same' ? 'the one sent' : 'new each time'}`, async () => {
      const fault = proxy.inject({ when: 'listDeals', fault: { kind: 'endless-pages', cursor } });
      const { api } = client();
      const pages: number[] = [];
      const error = await apiFailure(
        (async () => {
          for await (const page of api.pages('listDeals', { limit: 5 }, { maxPages: 50 })) pages.push(page.data.length);
        })(),
      );
      expect(fault.injected()).toBeGreaterThan(0);
      expect(error).toMatchObject({ code: 'endless_pages' });
      expect(error.message).toMatch(/pages do not end/);
      expect(error.requestId).toMatch(/^req_/);
      expect(pages.length).toBeLessThanOrEqual(5);
    });
  }

  it('stop past the bound a caller gives, when every page brings new records', async () => {
    const { api } = client();
    const error = await apiFailure(
      (async () => {
        for await (const _ of api.pages('listDeals', { limit: 1 }, { maxPages: 3 })) {
        }
      })(),
    );
    expect(error).toMatchObject({ code: 'endless_pages' });
    expect(error.message).toMatch(/more than 3 pages/);
  });
});

describe('a Retry-After longer than the client will wait', () => {
  const farAhead = new Date(Date.now() + 400 * 24 * 3600_000).toUTCString();
  for (const retryAfter of ['3000000', farAhead]) {
    it(`(${retryAfter}) is not slept and not retried in a burst: the 429 comes back with its wait clamped`, async () => {
      const fault = proxy.inject({ when: 'listDeals', fault: { kind: 'status', status: 429, retryAfter } });
      const { api, waits } = client({ retry: { maxAttempts: 4, deadlineMs: 30_000 } });
      let error: Awaited<ReturnType<typeof apiFailure>> | undefined;
      const sent = await requestsDuring(async () => {
        error = await apiFailure(api.listDeals({}));
      });
      expect(fault.injected()).toBe(1);
      expect(sent).toHaveLength(1);
      expect(waits).toEqual([]);
      expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: MAX_RETRY_AFTER_SECONDS });
    });
  }
});

/** The same instant in the forms ISO 8601 allows, with what reading it must give. */
const isoForms: { name: string; write(iso: string): string; read(iso: string): string }[] = [
  { name: 'lower-case t and z', write: (iso) => iso.replace('T', 't').replace('Z', 'z'), read: (iso) => iso },
  { name: 'basic format', write: (iso) => iso.replaceAll('-', '').replaceAll(':', ''), read: (iso) => iso },
  {
    name: 'offset +0200',
    write: (iso) => `${new Date(Date.parse(iso) + 2 * 3600_000).toISOString().slice(0, -1)}+0200`,
    read: (iso) => iso,
  },
  {
    name: 'offset +02',
    write: (iso) => `${new Date(Date.parse(iso) + 2 * 3600_000).toISOString().slice(0, -1)}+02`,
    read: (iso) => iso,
  },
  { name: 'a long fraction', write: (iso) => iso.replace('Z', '000000Z'), read: (iso) => iso },
  {
    name: 'minutes without seconds',
    write: (iso) => `${iso.slice(0, 16)}Z`,
    read: (iso) => `${iso.slice(0, 16)}:00.000Z`,
  },
];

/** The deal `id` in a list page gets a created_at no calendar has. */
const impossibleCreatedAt = (id: string): FaultRule => ({
  when: 'listDeals',
  fault: {
    kind: 'edit',
    edit(body) {
      const deal = (body.data as Record<string, string>[]).find((candidate) => candidate.id === id)!;
      deal.created_at = '2024-02-30T10:00Z';
    },
  },
});

describe('timestamps in every form ISO 8601 allows', () => {
  it('are read in every record of a list, as the same instants in RFC 3339 UTC', async () => {
    const { api } = client();
    const served = await api.listDeals({ limit: 24 });
    const fault = proxy.inject({
      when: 'listDeals',
      fault: {
        kind: 'edit',
        edit(body) {
          (body.data as Record<string, string>[]).forEach((deal, index) => {
            const form = isoForms[index % isoForms.length]!;
            deal.created_at = form.write(deal.created_at!);
            deal.updated_at = form.write(deal.updated_at!);
          });
        },
      },
    });
    const read = await api.listDeals({ limit: 24 });
    expect(fault.injected()).toBe(1);
    expect(read.unreadable).toEqual([]);
    expect(read.data.map((deal) => deal.id)).toEqual(served.data.map((deal) => deal.id));
    read.data.forEach((deal, index) => {
      const form = isoForms[index % isoForms.length]!;
      const original = served.data[index]!;
      expect({ form: form.name, created_at: deal.created_at, updated_at: deal.updated_at }).toEqual({
        form: form.name,
        created_at: form.read(original.created_at),
        updated_at: form.read(original.updated_at),
      });
    });
  });

  it('leave out only a record whose timestamp truly cannot be read, and say which', async () => {
    const { api } = client();
    const served = await api.listDeals({ limit: 5 });
    const broken = served.data[2]!.id;
    const fault = proxy.inject(impossibleCreatedAt(broken));
    const read = await api.listDeals({ limit: 5 });
    expect(fault.injected()).toBe(1);
    expect(read.data.map((deal) => deal.id)).toEqual(served.data.map((deal) => deal.id).filter((id) => id !== broken));
    expect(read.unreadable).toEqual([
      { id: broken, path: 'data[2]', problem: 'created_at: must be an ISO 8601 date-time' },
    ]);
  });
});

describe('an impossible number in a search answer’s meta', () => {
  for (const odd of [
    { total_matches: -3, truncated: 'yes' },
    { total_matches: 2.5, truncated: true },
    { total_matches: 'many', truncated: null },
  ]) {
    it(`(${JSON.stringify(odd)}) is read as unknown, and every hit is kept`, async () => {
      const { api } = client();
      const served = await api.searchTranscripts({ q: 'e', limit: 10 });
      const fault = proxy.inject({
        when: 'searchTranscripts',
        fault: {
          kind: 'edit',
          edit(body) {
            Object.assign(body.meta as object, odd);
          },
        },
      });
      const read = await api.searchTranscripts({ q: 'e', limit: 10 });
      expect(fault.injected()).toBe(1);
      expect(read.data.map((hit) => hit.id)).toEqual(served.data.map((hit) => hit.id));
      expect(read.data).toHaveLength(10);
      expect(read.meta.total_matches).toBeNull();
      expect(read.meta.truncated).toBe(typeof odd.truncated === 'boolean' ? odd.truncated : null);
    });
  }
});

for (const kind of ['analysis', 'scoring'] as const) {
  describe(`a start of a${kind === 'analysis' ? 'n analysis' : ' scoring'} whose answer cannot be read`, () => {
    it('is the success it was: no data, the request id, and the job in the history', async () => {
      const { api } = client();
      const parentId =
        kind === 'analysis'
          ? (await api.listVideos({ status: 'READY', limit: 1 })).data[0]!.id
          : (await api.listDeals({ status: 'OPEN', limit: 1 })).data[0]!.id;
      const history = () =>
        kind === 'analysis'
          ? api.listAnalyses({ id: parentId, limit: 5 })
          : api.listScorings({ id: parentId, limit: 5 });
      const before = new Set((await history()).data.map((job) => job.id));
      const fault = proxy.inject({
        when: kind === 'analysis' ? 'startAnalysis' : 'startScoring',
        fault: {
          kind: 'edit',
          edit(body) {
            (body.data as Record<string, unknown>).id = 42;
          },
        },
        times: 1,
      });
      const started =
        kind === 'analysis' ? await api.startAnalysis({ id: parentId }) : await api.startScoring({ id: parentId });
      expect(fault.injected()).toBe(1);
      expect(started.data).toBeNull();
      expect(started.meta.request_id).toMatch(/^req_/);
      expect(started.unreadable).toEqual([{ id: null, path: 'data', problem: expect.stringMatching(/^data.id:/) }]);
      const gained = (await history()).data.filter((job) => !before.has(job.id));
      expect(gained).toHaveLength(1);
    });
  });
}

/** The answer read where it was handed: in another thread in the app, here after a structured clone. */
function readElsewhere(answer: unknown) {
  expect(isUnreadAnswer(answer)).toBe(true);
  return readUnreadAnswer(structuredClone(answer) as Parameters<typeof readUnreadAnswer>[0]);
}

describe('an answer handed on unread', () => {
  it('reads to what the client reads itself, a record that cannot be read left out and named', async () => {
    const served = await client().api.listDeals({ limit: 5 });
    const broken = served.data[2]!.id;
    const fault = proxy.inject(impossibleCreatedAt(broken));
    const inMain = await client().api.listDeals({ limit: 5 });
    const elsewhere = readElsewhere(await client().api.callUnread('listDeals', { limit: 5 }));
    expect(fault.injected()).toBe(2);
    expect(elsewhere).toEqual({ ...inMain, meta: { ...inMain.meta, request_id: expect.stringMatching(/^req_/) } });
    expect(elsewhere.unreadable).toEqual([
      { id: broken, path: 'data[2]', problem: 'created_at: must be an ISO 8601 date-time' },
    ]);
  });

  it('refuses a body that is not JSON with the error the client gives', async () => {
    const fault = proxy.inject({ when: 'listDeals', fault: { kind: 'not-json' } });
    const inMain = await apiFailure(client().api.listDeals({ limit: 5 }));
    const unread = await client().api.callUnread('listDeals', { limit: 5 });
    const elsewhere = await apiFailure((async () => readElsewhere(unread))());
    expect(fault.injected()).toBe(2);
    expect(elsewhere).toMatchObject({
      code: 'invalid_response',
      status: 200,
      message: 'The service answered HTTP 200 with something that is not JSON.',
    });
    expect(elsewhere.toBridgeError()).toEqual(inMain.toBridgeError());
  });

  it('is not handed on when the key is in it: the client reads it and removes the key', async () => {
    const fault = proxy.inject({
      when: 'listDeals',
      fault: {
        kind: 'edit',
        edit(body) {
          (body.data as Record<string, string>[])[0]!.title = `Renewal ${key}`;
        },
      },
    });
    const answer = await client().api.callUnread('listDeals', { limit: 5 });
    expect(fault.injected()).toBe(1);
    expect(isUnreadAnswer(answer)).toBe(false);
    expect((answer as { data: { title: string }[] }).data[0]!.title).toBe(`Renewal ${REDACTED}`);
    // Nor when JSON's escapes could spell it: the key's thread reads that too.
    const [prefix, rest] = key.split('_') as [string, string];
    expect(mayLeaveUnread(`{"title":"${prefix}\\u005f${rest}"}`, key)).toBe(false);
  });
});
