import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../../service/testing/test-service';
import { demoKeyOf } from '../../../../shared/manifest';
import { createApiClient } from '../../service-client/api-client/api-client';
import { ApiError } from '../../service-client/api-client/api-error';
import { forgetRecords } from './forget-records';
import { indexCoverage } from './index-coverage';
import { notFoundAnswer } from './kept-not-found';
import { type LocalSearchQuery, localSearch } from './local-search';
import { type MergedSearchQuery, mergedSearch } from './merged-search';
import { canonicalParams, replicaAnswers } from './replica-answers';
import { openReplicaDb, type ReplicaDatabase } from './replica-db';
import { createRequestBudget } from './sync/request-budget';
import { createWorkspaceSync } from './sync/workspace-sync';
import { searchTablesVersion } from './transcript-index';

interface Segment {
  id: string;
  text: string;
  speaker_role: string;
}
interface Deal {
  id: string;
  status: string;
}
interface Video {
  id: string;
  created_at: string;
  deal_id: string | null;
}

let service: TestService;
let db: ReplicaDatabase;
const transcripts = new Map<string, Segment[]>();
let videos: Video[];
let client: ReturnType<typeof createApiClient>;

async function serviceGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${demoKeyOf(service.manifest!).key.key}` },
  });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
  db = openReplicaDb({ file: null });
  client = createApiClient({
    baseUrl: service.baseUrl,
    getKey: async () => demoKeyOf(service.manifest!).key.key,
  });
  await syncInto(db);
  videos = await serviceGet<Video[]>('/v1/videos?limit=100');
  for (const video of videos) transcripts.set(video.id, await serviceGet(`/v1/videos/${video.id}/transcript`));
});
/** A full sync of the service's workspace into `replica`, as the app runs it. */
async function syncInto(replica: ReplicaDatabase): Promise<void> {
  await createWorkspaceSync({
    replica: { workspaceId: 'w', db: replica, answers: replicaAnswers(replica), storage: 'memory' },
    request: (op, params, signal) => client.call(op as never, params as never, { signal }),
    budget: createRequestBudget(() => 50),
    onProgress: () => {},
  }).start();
}

afterAll(async () => {
  db.close();
  await service.stop();
});

const search = (query: Partial<LocalSearchQuery> & { q: string }) =>
  localSearch(db, { mode: 'words', order: 'newest', limit: 100, ...query });

/** What the words mode promises: a word of the line starts with each word typed. */
function startsAWord(line: string, typed: string): boolean {
  return (line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((word) => word.startsWith(typed));
}

function expectedCounts(matches: (segment: Segment) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [videoId, segments] of transcripts) {
    const count = segments.filter(matches).length;
    if (count > 0) counts.set(videoId, count);
  }
  return counts;
}

describe('local transcript search', () => {
  it('answers one- and two-character queries, counting every hit per call', () => {
    for (const typed of ['w', 'pr']) {
      const result = search({ q: typed });
      const counts = new Map(result.calls.map((call) => [call.videoId, call.count]));
      expect(counts).toEqual(expectedCounts((segment) => startsAWord(segment.text, typed)));
      for (const hit of result.calls.flatMap((call) => call.hits)) expect(startsAWord(hit.text, typed)).toBe(true);
    }
  });

  it('groups by deal with counts that add up to the hits', () => {
    const result = search({ q: 'the' });
    expect(result.deals.reduce((sum, deal) => sum + deal.count, 0)).toBe(result.totalHits);
    expect(result.totalHits).toBeGreaterThan(0);
  });

  it('orders calls newest first, and shows each hit with its neighbouring lines', () => {
    const result = search({ q: 'the' });
    const dates = result.calls.map((call) => call.createdAt ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const call = result.calls[0]!;
    const segments = transcripts.get(call.videoId)!;
    const hit = call.hits[0]!;
    const at = segments.findIndex((segment) => segment.id === hit.segmentId);
    expect(hit.before).toBe(segments[at - 1]?.text ?? null);
    expect(hit.after).toBe(segments[at + 1]?.text ?? null);
  });

  it('whole-word mode leaves out words that only begin with the text; phrase mode keeps the order', () => {
    const line = [...transcripts.values()].flat().find((segment) => /\b\p{L}{6,}\s+\p{L}{4,}\b/u.test(segment.text))!;
    const [first, second] = line.text
      .match(/\p{L}{6,}\s+\p{L}{4,}/u)![0]
      .toLowerCase()
      .split(/\s+/);
    const stem = first!.slice(0, 4);
    const wholeWord = expectedCounts((segment) =>
      (segment.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ([] as string[])).includes(stem),
    );
    expect(new Map(search({ q: stem, mode: 'whole-word' }).calls.map((c) => [c.videoId, c.count]))).toEqual(wholeWord);
    const phrase = search({ q: `${first} ${second}`, mode: 'phrase' });
    expect(phrase.calls.flatMap((call) => call.hits).some((hit) => hit.segmentId === line.id)).toBe(true);
    for (const hit of phrase.calls.flatMap((call) => call.hits)) {
      expect(hit.text.toLowerCase()).toMatch(new RegExp(`${first}\\W+${second}`));
    }
  });

  it('filters by speaker role and by deal', () => {
    const role = [...transcripts.values()].flat()[0]!.speaker_role;
    const byRole = search({ q: 'the', speakerRole: role });
    expect(byRole.calls.flatMap((call) => call.hits).every((hit) => hit.speakerRole === role)).toBe(true);
    const dealId = search({ q: 'the' }).calls.find((call) => call.dealId)!.dealId!;
    const byDeal = search({ q: 'the', dealId });
    expect(byDeal.calls.length).toBeGreaterThan(0);
    expect(byDeal.calls.every((call) => call.dealId === dealId)).toBe(true);
  });

  it('filters by call date range, both ends included, and by deal status', async () => {
    const counted = (result: { calls: { videoId: string; count: number }[] }) =>
      new Map(result.calls.map((call) => [call.videoId, call.count]));
    const expected = (keep: (video: Video) => boolean) =>
      new Map(
        [...expectedCounts((segment) => startsAWord(segment.text, 'the'))].filter(([id]) =>
          keep(videos.find((video) => video.id === id)!),
        ),
      );
    const byDate = [...videos].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const [from, to] = [byDate[2]!.created_at, byDate.at(-3)!.created_at];
    const inRange = (video: Video) =>
      Date.parse(video.created_at) >= Date.parse(from) && Date.parse(video.created_at) <= Date.parse(to);
    const dated = counted(search({ q: 'the', from, to }));
    expect(dated).toEqual(expected(inRange));
    expect(dated.size).toBeLessThan(counted(search({ q: 'the' })).size);

    const statusOf = new Map((await serviceGet<Deal[]>('/v1/deals?limit=100')).map((deal) => [deal.id, deal.status]));
    const status = statusOf.get(videos.find((video) => video.deal_id)!.deal_id!)!;
    const ofStatus = counted(search({ q: 'the', dealStatus: status }));
    expect(ofStatus).toEqual(expected((video) => video.deal_id !== null && statusOf.get(video.deal_id) === status));
    expect(ofStatus.size).toBeLessThan(counted(search({ q: 'the' })).size);
  });

  it('when more lines match than one pass reads, shows the newest calls with exact counts and says the totals are at least', () => {
    const whole = search({ q: 'the' });
    const limit = 3;
    expect(whole.complete).toBe(true);
    // A small budget searches the newest calls again; a larger one already read some of their lines.
    for (const hitBudget of [5, Math.floor(whole.totalHits / 2)]) {
      const capped = localSearch(db, { q: 'the', mode: 'words', order: 'newest', limit }, { hitBudget });
      expect(capped.complete).toBe(false);
      expect(capped.calls).toEqual(whole.calls.slice(0, limit));
      const counted = capped.calls.reduce((sum, call) => sum + call.count, 0);
      expect(capped.totalHits).toBe(Math.max(counted, hitBudget + 1));
      expect(capped.totalHits).toBeLessThan(whole.totalHits);
      expect(capped.deals.reduce((sum, deal) => sum + deal.count, 0)).toBe(counted);
    }
  });

  it('ranks by best match within the newest calls when capped, and is whole again when the filters leave few calls', () => {
    const capped = localSearch(db, { q: 'the', mode: 'words', order: 'best', limit: 3 }, { hitBudget: 5 });
    const newest = search({ q: 'the' }).calls.slice(0, 3);
    expect(new Set(capped.calls.map((call) => call.videoId))).toEqual(new Set(newest.map((call) => call.videoId)));
    const dealId = newest.find((call) => call.dealId)!.dealId!;
    const filtered = localSearch(
      db,
      { q: 'the', mode: 'words', order: 'newest', limit: 100, dealId },
      { hitBudget: 5 },
    );
    expect(filtered.complete).toBe(true);
    expect(filtered).toEqual(search({ q: 'the', dealId }));
  });

  it('best match on one word or letter ranks lines as FTS5’s bm25 does, capped or not', () => {
    const bm25 = new Map(
      (
        db
          .prepare(
            `SELECT s.segment_id, f.rank FROM segment_fts f JOIN segments s ON s.rowid = f.rowid
             WHERE segment_fts MATCH ?`,
          )
          .raw()
          .all('"t"*') as [string, number][]
      ).map(([id, rank]) => [id, rank]),
    );
    const rowsOf = (result: ReturnType<typeof localSearch>) =>
      result.calls.map((call) => call.hits.map((hit) => bm25.get(hit.segmentId)!));
    const whole = search({ q: 't', order: 'best' });
    // Each call shows its best lines, and the call with the best line comes first.
    for (const [index, call] of whole.calls.entries()) {
      const ranks = transcripts
        .get(call.videoId)!
        .map((segment) => bm25.get(segment.id))
        .filter((rank) => rank !== undefined)
        .sort((a, b) => a - b);
      expect(rowsOf(whole)[index]).toEqual(ranks.slice(0, call.hits.length));
    }
    const bests = rowsOf(whole).map((ranks) => ranks[0]!);
    expect(bests).toEqual([...bests].sort((a, b) => a - b));
    const capped = localSearch(db, { q: 't', mode: 'words', order: 'best', limit: 3 }, { hitBudget: 5 });
    const cappedBests = rowsOf(capped).map((ranks) => ranks[0]!);
    expect(cappedBests).toEqual([...cappedBests].sort((a, b) => a - b));
  });

  it('lists the calls a page at a time, each page as one search for every call would list them', () => {
    const whole = search({ q: 'the' });
    expect(whole.calls.length).toBeGreaterThan(4);
    const pages = [0, 2].map((offset) => search({ q: 'the', limit: 2, offset }));
    expect(pages.flatMap((page) => page.calls)).toEqual(whole.calls.slice(0, 4));
    for (const page of pages) {
      expect(page.callCount).toBe(whole.calls.length);
      expect(page.totalHits).toBe(whole.totalHits);
    }
    // When more lines match than one pass reads, a later page searches as many newest calls as it lists.
    const capped = localSearch(db, { q: 'the', mode: 'words', order: 'newest', limit: 2, offset: 2 }, { hitBudget: 5 });
    expect(capped.complete).toBe(false);
    expect(capped.calls).toEqual(whole.calls.slice(2, 4));
  });

  it('asks the service on the first page only, and sends the deal groups asked for with their number', async () => {
    let serviceAsked = 0;
    const merged = (query: Partial<LocalSearchQuery> & { q: string; dealLimit?: number }) =>
      mergedSearch({
        db,
        query: { mode: 'words', order: 'newest', limit: 100, ...query },
        // One call more than the replica holds: the service is asked for the rest.
        knownCalls: videos.length + 1,
        searchService: async (q, dealId) => {
          serviceAsked += 1;
          return client.call('searchTranscripts', { q, limit: 100, deal_id: dealId }) as never;
        },
      });
    const whole = await merged({ q: 'the' });
    serviceAsked = 0;
    const first = await merged({ q: 'the', limit: 2, dealLimit: 1 });
    expect(first.calls).toEqual(whole.calls.slice(0, 2));
    expect(first.deals).toEqual(whole.deals.slice(0, 1));
    expect([first.callCount, first.dealCount, first.nextOffset]).toEqual([whole.callCount, whole.deals.length, 2]);
    expect(first.coverage.note).toMatch(/searched here/);

    const next = await merged({ q: 'the', limit: 2, offset: 2 });
    expect(next.calls).toEqual(whole.calls.slice(2, 4));
    expect(next.nextOffset).toBe(4);
    const last = await merged({ q: 'the', limit: 100, offset: 4 });
    expect(last.calls).toEqual(whole.calls.slice(4).filter((call) => call.source === 'replica'));
    expect(last.nextOffset).toBeNull();
    expect(serviceAsked).toBe(1);
  });

  it('holds the service’s hits for calls not indexed yet to the mode and the filters, and leaves out calls it cannot check', async () => {
    // A replica whose sync has walked every list but not reached half the transcripts yet.
    const partial = openReplicaDb({ file: null });
    await syncInto(partial);
    const byDate = [...videos].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const notIndexed = byDate.filter((_, index) => index % 2 === 0).map((video) => video.id);
    const ids = JSON.stringify(notIndexed);
    partial.prepare('DELETE FROM segments WHERE video_id IN (SELECT value FROM json_each(?))').run(ids);
    partial.prepare('DELETE FROM segment_spans WHERE video_id IN (SELECT value FROM json_each(?))').run(ids);
    partial.prepare('DELETE FROM transcripts_held WHERE video_id IN (SELECT value FROM json_each(?))').run(ids);
    const merged = (query: Partial<LocalSearchQuery>) =>
      mergedSearch({
        db: partial,
        query: { q: 'he', mode: 'words', order: 'newest', limit: 100, ...query },
        knownCalls: videos.length,
        searchService: async (q, dealId) =>
          client.call('searchTranscripts', { q, limit: 100, deal_id: dealId }) as never,
      });
    // The service's own answer, held to the words mode here: "the" holds "he" but no word starts with it.
    const serviceLines = await serviceGet<{ video_id: string; text: string }[]>(
      '/v1/search/transcripts?q=he&limit=100',
    );
    const expected = (keep: (video: Video) => boolean) => {
      const counts = new Map<string, number>();
      for (const line of serviceLines) {
        const video = videos.find((candidate) => candidate.id === line.video_id)!;
        if (notIndexed.includes(video.id) && keep(video) && startsAWord(line.text, 'he'))
          counts.set(video.id, (counts.get(video.id) ?? 0) + 1);
      }
      return counts;
    };
    const fromService = (result: Awaited<ReturnType<typeof merged>>) =>
      new Map(result.calls.filter((call) => call.source === 'service').map((call) => [call.videoId, call.count]));

    const all = await merged({});
    expect(fromService(all)).toEqual(expected(() => true));
    expect([...fromService(all).values()].reduce((sum, count) => sum + count, 0)).toBeLessThan(
      serviceLines.filter((line) => notIndexed.includes(line.video_id)).length,
    );
    const [from, to] = [byDate[2]!.created_at, byDate.at(-3)!.created_at];
    const inRange = (video: Video) =>
      Date.parse(video.created_at) >= Date.parse(from) && Date.parse(video.created_at) <= Date.parse(to);
    const dated = await merged({ from, to });
    expect(fromService(dated)).toEqual(expected(inRange));
    expect(fromService(dated).size).toBeLessThan(fromService(all).size);
    for (const call of dated.calls.filter((call) => call.source === 'service')) {
      expect(call.createdAt).toBe(videos.find((video) => video.id === call.videoId)!.created_at);
    }

    // A call the replica knows nothing of yet: its date cannot be checked, so it is left out and said so.
    const unknown = [...fromService(dated).keys()][0]!;
    partial.prepare('DELETE FROM calls WHERE id = ?').run(unknown);
    const unchecked = await merged({ from, to });
    expect([...fromService(unchecked).keys()]).toEqual([...fromService(dated).keys()].filter((id) => id !== unknown));
    expect(unchecked.coverage.note).toMatch(
      /1 more call it found is left out, as its date or deal status is not known here/,
    );
    expect(fromService(await merged({}))).toEqual(fromService(all));
    partial.close();
  });

  it('searches one call when asked, and leaves the service for later when asked to, saying so', async () => {
    // Half the transcripts not held yet: the service is to be asked for those.
    const partial = openReplicaDb({ file: null });
    await syncInto(partial);
    const notIndexed = videos.filter((_, index) => index % 2 === 0).map((video) => video.id);
    const ids = JSON.stringify(notIndexed);
    for (const table of ['segments', 'segment_spans', 'transcripts_held'])
      partial.prepare(`DELETE FROM ${table} WHERE video_id IN (SELECT value FROM json_each(?))`).run(ids);
    const asked: (string | undefined)[] = [];
    const merged = (query: Partial<MergedSearchQuery>) =>
      mergedSearch({
        db: partial,
        query: { q: 'the', mode: 'words', order: 'newest', limit: 100, ...query },
        knownCalls: videos.length,
        searchService: async (q, dealId, videoId) => {
          asked.push(videoId);
          return client.call('searchTranscripts', { q, limit: 100, deal_id: dealId, video_id: videoId }) as never;
        },
      });
    const whole = await merged({});
    expect(new Set(whole.calls.map((call) => call.source))).toEqual(new Set(['replica', 'service']));
    expect(whole.coverage.serviceLeft).toBe(false);

    const copyOnly = await merged({ askService: false });
    expect(asked).toEqual([undefined]);
    expect(copyOnly.calls).toEqual(whole.calls.filter((call) => call.source === 'replica'));
    expect(copyOnly.coverage).toMatchObject({
      serviceLeft: true,
      note: `${videos.length - notIndexed.length} of ${videos.length} calls are searched here.`,
    });

    const picked = (['replica', 'service'] as const).map(
      (source) => whole.calls.find((candidate) => candidate.source === source)!,
    );
    for (const call of picked) {
      const one = await merged({ videoId: call.videoId });
      expect(one.calls).toEqual([call]);
      expect([one.callCount, one.totalHits]).toEqual([1, call.count]);
    }
    // The service is asked for the one call too, as a call the copy does not hold may be the one.
    expect(asked.slice(1)).toEqual(picked.map((call) => call.videoId));
    partial.close();
  });

  it('asks the service while no walk of the calls has ended, and does not say it covers every call', async () => {
    // One call opened on its own, the sync off: the copy holds that call and its transcript, no list.
    const opened = openReplicaDb({ file: null });
    const answers = replicaAnswers(opened);
    const [videoId, segments] = [...transcripts].find(([, lines]) => lines.length > 0)!;
    answers.put('getVideo', canonicalParams({ id: videoId }), await client.getVideo({ id: videoId }), Date.now());
    answers.put('getTranscript', canonicalParams({ id: videoId }), { data: segments, meta: {} }, Date.now());
    let serviceAsked = 0;
    const found = await mergedSearch({
      db: opened,
      query: { q: 'the', mode: 'words', order: 'newest', limit: 100 },
      knownCalls: 0,
      searchService: async (q) => {
        serviceAsked += 1;
        return client.call('searchTranscripts', { q, limit: 100 }) as never;
      },
    });
    expect(serviceAsked).toBe(1);
    expect(found.coverage).toMatchObject({ indexedCalls: 1, knownCalls: 0 });
    expect(found.coverage.note).toMatch(/^1 of the calls is searched here; \d+ more found by the service/);
    expect(new Set(found.calls.map((call) => call.source))).toEqual(new Set(['replica', 'service']));
    opened.close();
  });

  it('says its counts are "at least" when the service found more lines than it sent', async () => {
    const truncated = new Map<string, boolean>();
    // The service's own answers: one sending 10 of the lines it found, one finding none.
    for (const [q, limit] of [
      ['e', 10],
      ['zqxjv', 100],
    ] as const) {
      const answer = (await client.call('searchTranscripts', { q, limit })) as {
        data: unknown[];
        meta: { total_matches: number };
      };
      const found = await mergedSearch({
        db: openReplicaDb({ file: null }),
        query: { q, mode: 'words', order: 'newest', limit: 100 },
        knownCalls: 0,
        searchService: async () => answer as never,
      });
      expect(found.coverage.serviceTruncated).toBe(answer.meta.total_matches > answer.data.length);
      truncated.set(q, found.coverage.serviceTruncated);
    }
    expect([...truncated.values()]).toEqual([true, false]);
  });

  it('finds a transcript stored again exactly once', () => {
    const before = search({ q: 'the' });
    const [videoId, segments] = [...transcripts].find(([, lines]) => Array.isArray(lines) && lines.length > 0)!;
    replicaAnswers(db).put('getTranscript', canonicalParams({ id: videoId }), { data: segments, meta: {} }, Date.now());
    expect(search({ q: 'the' })).toEqual(before);
  });

  it('reads a call’s deal again for search only when its answer changed: a new title is shown at once', async () => {
    const listed = new Set((await client.listDeals({ limit: 100 })).data.map((deal) => deal.id));
    const dealId = videos.find(
      (video) => video.deal_id && listed.has(video.deal_id) && (transcripts.get(video.id) ?? []).length > 0,
    )!.deal_id!;
    const dealTitles = () => new Set(search({ q: 'e', dealId }).calls.map((call) => call.dealTitle));
    const answers = replicaAnswers(db);
    const params = canonicalParams({ id: dealId });
    const stored = await client.getDeal({ id: dealId });
    answers.put('getDeal', params, stored, Date.now());
    expect(dealTitles()).toEqual(new Set([stored.data.title]));
    const version = searchTablesVersion(db);
    // Answered again as before (a revalidated read): what search holds of it is kept, not read again.
    answers.put('getDeal', params, { ...stored, meta: { request_id: 'req_again' } }, Date.now());
    expect(searchTablesVersion(db)).toBe(version);
    answers.put('getDeal', params, { ...stored, data: { ...stored.data, title: 'Renamed by the CRM' } }, Date.now());
    expect(dealTitles()).toEqual(new Set(['Renamed by the CRM']));
    answers.put('getDeal', params, stored, Date.now());
    expect(dealTitles()).toEqual(new Set([stored.data.title]));
  });

  it('leaves out a transcript the service answers 404 for, and finds it again once the service has it back', () => {
    const before = search({ q: 'the' });
    const gone = before.calls[0]!.videoId;
    const answers = replicaAnswers(db);
    const params = canonicalParams({ id: gone });
    answers.put('getTranscript', params, notFoundAnswer(new ApiError({ code: 'not_found', message: 'gone' })), 1);
    const after = search({ q: 'the' });
    expect(after.calls.map((call) => call.videoId)).toEqual(
      before.calls.map((call) => call.videoId).filter((id) => id !== gone),
    );
    expect(after.totalHits).toBe(before.totalHits - before.calls[0]!.count);

    answers.put('getTranscript', params, { data: transcripts.get(gone), meta: {} }, Date.now());
    expect(search({ q: 'the' })).toEqual(before);
  });

  it('counts a call as searched only when its lines or its 404 are held, never because the sync settled it', () => {
    expect(indexCoverage(db).indexedCalls).toEqual(new Set(videos.map((video) => video.id)));
    const fresh = openReplicaDb({ file: null });
    const answers = replicaAnswers(fresh);
    const transcript = (id: string, body: unknown) => answers.put('getTranscript', canonicalParams({ id }), body, 1);
    transcript('lines', { data: [{ id: 's1', text: 'the price', speaker_role: 'BUYER' }], meta: { request_id: 'r' } });
    transcript('none', { data: [], meta: { request_id: 'r' } });
    transcript('gone', notFoundAnswer(new ApiError({ code: 'not_found', message: 'A video was not found.' })));
    // Settled by the sync with nothing kept (a 403 for this key): the service must be asked.
    fresh
      .prepare("INSERT INTO sync_parts (kind, id, part, updated_at) VALUES ('videos', 'refused', 'getTranscript', 'v')")
      .run();
    expect(indexCoverage(fresh).indexedCalls).toEqual(new Set(['lines', 'none', 'gone']));
  });

  it('keeps what it holds of the calls in step with each stored transcript, call, deal and removal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-search-'));
    const location = { file: join(dir, 'copy.db'), key: randomBytes(32) };
    const copy = openReplicaDb(location);
    try {
      await syncInto(copy);
      const answers = replicaAnswers(copy);
      const listed = new Set((await client.listDeals({ limit: 100 })).data.map((deal) => deal.id));
      const [moved, renamed, forgotten] = videos.filter(
        (video) => video.deal_id && listed.has(video.deal_id) && transcripts.get(video.id)?.length,
      );
      const otherDeal = videos.find((video) => video.deal_id && video.deal_id !== moved!.deal_id)!.deal_id!;
      const queries: (Partial<LocalSearchQuery> & { q: string })[] = [
        { q: 'the' },
        { q: 'the', order: 'best' },
        { q: 'e', limit: 5 },
        { q: 'the', dealId: otherDeal },
        { q: 'the', dealId: renamed!.deal_id! },
        { q: 'the', dealStatus: 'LOST' },
        { q: 'the', from: '2031-01-01T00:00:00Z' },
      ];
      const searched = (replica: ReplicaDatabase) =>
        queries.map((query) => localSearch(replica, { mode: 'words', order: 'newest', limit: 100, ...query }));
      // Each step's search on the copy in use (what it holds of the calls kept since the last
      // search) equals one on a connection opened afresh, which reads every call.
      const expectAsFreshlyOpened = () => {
        const inUse = searched(copy);
        const fresh = openReplicaDb(location);
        try {
          expect(inUse).toEqual(searched(fresh));
        } finally {
          fresh.close();
        }
        return inUse;
      };
      const before = expectAsFreshlyOpened();

      // A transcript stored again with other lines: its call's rowids move past every other's.
      const lines = transcripts.get(moved!.id)!.slice(1);
      answers.put('getTranscript', canonicalParams({ id: moved!.id }), { data: lines, meta: {} }, Date.now());
      expectAsFreshlyOpened();
      // A call now the newest, of another deal.
      const video = await client.getVideo({ id: moved!.id });
      const newer = {
        ...video.data,
        title: 'Moved by the CRM',
        created_at: '2031-06-01T00:00:00Z',
        deal_id: otherDeal,
      };
      answers.put('getVideo', canonicalParams({ id: moved!.id }), { ...video, data: newer }, Date.now());
      const afterCall = expectAsFreshlyOpened();
      expect(afterCall[6]!.calls.map((call) => [call.videoId, call.title, call.dealId])).toEqual([
        [moved!.id, 'Moved by the CRM', otherDeal],
      ]);
      // A deal renamed and lost.
      const deal = await client.getDeal({ id: renamed!.deal_id! });
      const lost = { ...deal.data, title: 'Renamed by the CRM', status: 'LOST' };
      answers.put('getDeal', canonicalParams({ id: renamed!.deal_id! }), { ...deal, data: lost }, Date.now());
      const afterDeal = expectAsFreshlyOpened();
      expect(new Set(afterDeal[4]!.calls.map((call) => call.dealTitle))).toEqual(new Set(['Renamed by the CRM']));
      // A call removed from the copy.
      forgetRecords(copy, 'videos', [forgotten!.id]);
      const afterRemoval = expectAsFreshlyOpened();
      expect(afterRemoval[0]!.calls.map((call) => call.videoId)).not.toContain(forgotten!.id);
      expect(afterRemoval).not.toEqual(before);
    } finally {
      copy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
