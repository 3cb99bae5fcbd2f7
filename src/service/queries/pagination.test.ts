import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestOrg } from '../../shared/manifest';
import { type Db, openDatabase } from '../db/database';
import { insertJob, insertVideo } from '../testing/fixtures';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

describe('keyset pagination on the running service (interface, Pagination)', () => {
  let service: TestService;
  let db: Db;
  let org: ManifestOrg;
  let key: string;

  const page = async (path: string) => {
    const answer = await callApi(service.baseUrl, path, { key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as {
      data: { id: string; created_at: string }[];
      meta: { has_more: boolean; next_cursor: string | null };
    };
  };

  /** Follows next_cursor to the end; `between` runs after each page (to insert rows mid-iteration). */
  async function walk(path: string, between: () => void = () => {}): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const body = await page(cursor ? `${path}${separator}cursor=${cursor}` : path);
      pages.push(body.data.map((item) => item.id));
      if (!body.meta.has_more) expect(body.meta.next_cursor).toBeNull();
      cursor = body.meta.has_more ? body.meta.next_cursor : null;
      between();
    } while (cursor);
    return pages;
  }

  beforeAll(async () => {
    service = await startTestService();
    db = openDatabase(service.dataDir);
    org = service.manifest!.orgs[0]!;
    key = fullAccessKey(org);
    // Thirty calls sharing one instant: order within a tie falls to the id.
    for (let i = 0; i < 30; i += 1) insertVideo(db, { orgId: org.id, createdAt: '2024-03-03T03:03:03.333Z' });
  });
  afterAll(async () => {
    db?.close();
    await service?.stop();
  });

  it('defaults to 25 items and walks every video exactly once, newest first, ties by id', async () => {
    const first = await page('/v1/videos');
    expect(first.data).toHaveLength(25);
    expect(first.meta.has_more).toBe(true);
    const everything = (await page('/v1/videos?limit=100')).data;
    const pages = await walk('/v1/videos?limit=7');
    expect(pages.flat()).toEqual(everything.map((video) => video.id));
    const keys = everything.map((video) => `${video.created_at}|${video.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('never shows an id on two pages nor a row inserted while paging', async () => {
    const before = (await page('/v1/videos?limit=100')).data.map((video) => video.id);
    const inserted: string[] = [];
    const pages = await walk('/v1/videos?limit=4', () => {
      for (let i = 0; i < 3; i += 1)
        inserted.push(insertVideo(db, { orgId: org.id, createdAt: new Date().toISOString() }));
    });
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);
    expect(seen.filter((id) => inserted.includes(id))).toEqual([]);
  });

  it.each([
    'not-base64!!',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["only one"]').toString('base64url'),
    Buffer.from('[1,2]').toString('base64url'),
    '%E2%80%AE%F0%9F%98%80',
    'A'.repeat(5000),
    '',
  ])('answers a malformed cursor "%.40s" with the first page', async (cursor) => {
    const first = await page('/v1/videos?limit=5');
    expect((await page(`/v1/videos?limit=5&cursor=${cursor}`)).data).toEqual(first.data);
  });

  it('pages deals, activities, analyses and scorings with the same keyset rules', async () => {
    const deals = await page('/v1/deals?limit=100');
    expect((await walk('/v1/deals?limit=2')).flat()).toEqual(deals.data.map((deal) => deal.id));

    const videoId = insertVideo(db, { orgId: org.id, createdAt: '2024-01-01T00:00:00.000Z' });
    const dealId = deals.data[0]!.id;
    const analyses: string[] = [];
    const scorings: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const createdAt = `2024-01-0${1 + (i % 3)}T00:00:00.000Z`;
      analyses.push(
        insertJob(db, { table: 'analyses', orgId: org.id, parentId: videoId, status: 'processing', createdAt }),
      );
      scorings.push(
        insertJob(db, { table: 'scorings', orgId: org.id, parentId: dealId, status: 'processing', createdAt }),
      );
    }
    const analysisPages = await walk(`/v1/videos/${videoId}/analyses?limit=3`);
    expect(analysisPages.map((ids) => ids.length)).toEqual([3, 3, 1]);
    expect(analysisPages.flat().sort()).toEqual(analyses.sort());
    const allScorings = (await page(`/v1/deals/${dealId}/scorings?limit=100`)).data.map((scoring) => scoring.id);
    expect((await walk(`/v1/deals/${dealId}/scorings?limit=2`)).flat()).toEqual(allScorings);
    expect(allScorings).toEqual(expect.arrayContaining(scorings));

    const withActivities = db
      .prepare('SELECT deal_id FROM deal_activities WHERE org_id = ? GROUP BY deal_id ORDER BY count(*) DESC')
      .pluck()
      .get(org.id);
    const activities = await page(`/v1/deals/${withActivities}/activities?limit=100`);
    expect((await walk(`/v1/deals/${withActivities}/activities?limit=1`)).flat()).toEqual(
      activities.data.map((a) => a.id),
    );
  });
});
