import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api/endpoints';
import type { ManifestOrg } from '../../shared/manifest';
import { type Db, openDatabase } from '../db/database';
import { ingestCall } from '../ingest/ingest-call';
import { searchTranscripts } from '../search';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { expectPlainScanAnswer, plainScan } from '../testing/plain-scan';
import { startTestService, type TestService } from '../testing/test-service';

describe('GET /v1/search/transcripts on the running service', () => {
  let service: TestService;
  let mine: ManifestOrg;
  let theirs: ManifestOrg;
  const search = async (query: string, org = mine) => {
    const answer = await callApi(service.baseUrl, `/v1/search/transcripts?${query}`, { key: fullAccessKey(org) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return endpoints.searchTranscripts.served.parse(answer.body);
  };

  beforeAll(async () => {
    service = await startTestService();
    [mine, theirs] = service.manifest!.orgs.filter((org) => org.active) as [ManifestOrg, ManifestOrg];
  });
  afterAll(() => service?.stop());

  it('finds segments case-insensitively with total_matches and truncated in meta', async () => {
    const all = await search('q=the&limit=100');
    expect(all.meta.total_matches).toBeGreaterThan(0);
    const few = await search('q=THE&limit=2');
    expect(few.data).toHaveLength(2);
    expect(few.meta).toMatchObject({ total_matches: all.meta.total_matches, truncated: all.meta.total_matches > 2 });
    expect(few.data.every((segment) => segment.text.toLowerCase().includes('the'))).toBe(true);
  });

  it('restricts to one video with video_id, and a video of another organisation matches nothing', async () => {
    const hit = (await search('q=the&limit=1')).data[0]!;
    const inVideo = await search(`q=the&limit=100&video_id=${hit.video_id}`);
    expect(inVideo.data.every((segment) => segment.video_id === hit.video_id)).toBe(true);
    const foreign = await search(`q=the&video_id=${hit.video_id}`, theirs);
    expect(foreign).toMatchObject({ data: [], meta: { total_matches: 0, truncated: false } });
    if (hit.deal_id) {
      const foreignDeal = await search(`q=the&deal_id=${hit.deal_id}`, theirs);
      expect(foreignDeal).toMatchObject({ data: [], meta: { total_matches: 0, truncated: false } });
      const inDeal = await search(`q=the&limit=100&deal_id=${hit.deal_id}&video_id=${hit.video_id}`);
      expect(inDeal.data.every((segment) => segment.deal_id === hit.deal_id && segment.video_id === hit.video_id)).toBe(
        true,
      );
    }
  });

  it('only ever searches the caller organisation', async () => {
    const theirVideos = (
      await callApi(service.baseUrl, '/v1/videos?limit=100', { key: fullAccessKey(theirs) })
    ).body.data.map((video: { id: string }) => video.id);
    const mineFound = await search('q=the&limit=100');
    expect(mineFound.data.some((segment) => theirVideos.includes(segment.video_id))).toBe(false);
  });
});

describe('search after kill -9', () => {
  let service: TestService;
  afterAll(() => service?.stop());

  /** Reads the data directory as the service left it, beside the running (or killed) service. */
  const withData = <T>(read: (db: Db) => T): T => {
    const db = openDatabase(service.dataDir);
    try {
      return read(db);
    } finally {
      db.close();
    }
  };
  const waitUntilReady = async (ids: string[], ready: number) => {
    const readyCalls = () =>
      withData((db) =>
        ids.filter((id) => db.prepare('SELECT status FROM videos WHERE id = ?').pluck().get(id) === 'READY'),
      ).length;
    while (readyCalls() < ready) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const needles = ['e', 'É', 'ok', '%', "'", 'the', 'pricing', 'next step'];
  const expectEveryNeedleAsPlainScan = (orgId: string) =>
    withData((db) => {
      for (const q of needles) {
        expectPlainScanAnswer(searchTranscripts(db, orgId, { q, limit: 100 }), plainScan(db, orgId, q), 100, q);
      }
    });

  it('counts and pages every needle as a plain scan does after dying while storing transcripts', async () => {
    service = await startTestService();
    const org = service.manifest!.orgs.find((candidate) => candidate.active)!;
    const ingested = withData((db) =>
      Array.from({ length: 6 }, (_, index) =>
        ingestCall(db, { orgId: org.id, title: `Call ${index}`, now: new Date() }),
      ),
    );

    await waitUntilReady(ingested, 1);
    await service.kill();
    expectEveryNeedleAsPlainScan(org.id);

    await service.restart();
    await waitUntilReady(ingested, ingested.length);
    expectEveryNeedleAsPlainScan(org.id);
    const answer = await callApi(service.baseUrl, '/v1/search/transcripts?q=E&limit=5', { key: fullAccessKey(org) });
    expect(answer.body.meta.total_matches).toBe(withData((db) => plainScan(db, org.id, 'e').length));
  });
});
