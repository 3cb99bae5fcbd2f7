import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointName, endpoints } from '../../shared/api/endpoints';
import type { ManifestOrg } from '../../shared/manifest';
import { type Db, openDatabase } from '../db/database';
import { insertJob, insertVideo } from '../testing/fixtures';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import { startTestService, type TestService } from '../testing/test-service';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Every timestamp field of an answer is UTC with Z (design.md). */
function expectUtcTimestamps(value: unknown): void {
  if (Array.isArray(value)) value.forEach(expectUtcTimestamps);
  else if (value && typeof value === 'object') {
    for (const [field, inner] of Object.entries(value)) {
      if (/_at$|_date$/.test(field) && inner !== null) expect(inner).toMatch(ISO_UTC);
      else expectUtcTimestamps(inner);
    }
  }
}

describe('read endpoints of the running service', () => {
  let service: TestService;
  let db: Db;
  let mine: ManifestOrg;
  let theirs: ManifestOrg;
  let key: string;
  let theirKey: string;

  /**
   * GETs an endpoint and checks the answer against what the local service promises to serve,
   * and that it reads as the interface's answer too (served is a refinement of it).
   */
  async function read(name: EndpointName, path: string, withKey = key) {
    const answer = await callApi(service.baseUrl, path, { key: withKey });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    endpoints[name].served.parse(answer.body);
    endpoints[name].response.parse(answer.body);
    expectUtcTimestamps(answer.body.data);
    return answer.body;
  }

  const status = async (path: string, withKey = key) => (await callApi(service.baseUrl, path, { key: withKey })).status;
  const idsOf = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);
  const firstId = async (path: string, withKey = key) =>
    (await callApi(service.baseUrl, path, { key: withKey })).body.data[0].id as string;

  beforeAll(async () => {
    service = await startTestService();
    db = openDatabase(service.dataDir);
    [mine, theirs] = service.manifest!.orgs.filter((org) => org.active) as [ManifestOrg, ManifestOrg];
    key = fullAccessKey(mine);
    theirKey = fullAccessKey(theirs);
  });
  afterAll(async () => {
    db?.close();
    await service?.stop();
  });

  describe('videos', () => {
    it('lists videos newest first without DELETED ones unless filtered by status=DELETED', async () => {
      const all = await read('listVideos', '/v1/videos?limit=100');
      expect(all.data.length).toBeGreaterThan(0);
      expect(all.data.every((video: { status: string }) => video.status !== 'DELETED')).toBe(true);
      const createdAt = all.data.map((video: { created_at: string }) => video.created_at);
      expect(createdAt).toEqual([...createdAt].sort().reverse());
      const deleted = await read('listVideos', '/v1/videos?status=DELETED');
      expect(deleted.data.length).toBeGreaterThan(0);
      expect(deleted.data.every((video: { status: string }) => video.status === 'DELETED')).toBe(true);
      for (const below of ['', '/transcript', '/events', '/summary', '/checklist', '/analyses']) {
        expect(await status(`/v1/videos/${deleted.data[0].id}${below}`), below).toBe(404);
      }
      const ready = await read('listVideos', '/v1/videos?status=READY&limit=100');
      expect(ready.data.every((video: { status: string }) => video.status === 'READY')).toBe(true);
    });

    it('treats created_after and created_before as strict bounds, with any offset or fraction', async () => {
      const instant = '2020-05-05T10:00:00.000Z';
      const id = insertVideo(db, { orgId: mine.id, createdAt: instant });
      const between = async (query: string) => idsOf(await read('listVideos', `/v1/videos?limit=100&${query}`));
      expect(await between(`created_after=${instant}`)).not.toContain(id);
      expect(await between(`created_before=${instant}`)).not.toContain(id);
      expect(
        await between('created_after=2020-05-05T11:59:59.999%2B02:00&created_before=2020-05-05T10:00:00.0001Z'),
      ).toEqual([id]);
      expect(
        await between('created_after=2020-05-05T09:59:59.9999999Z&created_before=2020-05-05T10:00:00.001Z'),
      ).toEqual([id]);
    });

    it('returns a video, its transcript in order and its sales events', async () => {
      const videoId = await firstId('/v1/videos?status=READY');
      const video = await read('getVideo', `/v1/videos/${videoId}`);
      expect(video.data.id).toBe(videoId);
      const transcript = await read('getTranscript', `/v1/videos/${videoId}/transcript?limit=1&cursor=x`);
      expect(transcript.data.length).toBeGreaterThan(1);
      const starts = transcript.data.map((segment: { start: number }) => segment.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      await read('getVideoEvents', `/v1/videos/${videoId}/events?limit=abc`);
    });

    it('answers 404 for the summary and checklist of a call never analysed, and returns current ones', async () => {
      const videoId = insertVideo(db, { orgId: mine.id, createdAt: '2021-01-01T00:00:00.000Z' });
      for (const part of ['summary', 'checklist']) {
        const answer = await callApi(service.baseUrl, `/v1/videos/${videoId}/${part}`, { key });
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
      const sections = [{ id: 'sec_1', title: 'Key points', contents: 'Pricing — 10 % off', type: 'KEY_POINTS' }];
      db.prepare(
        `INSERT INTO summaries (id, org_id, video_id, sections, notes_markdown, created_at)
         VALUES ('sum_fixture', ?, ?, ?, '# Notes', '2021-01-02T00:00:00.000Z')`,
      ).run(mine.id, videoId, JSON.stringify(sections));
      const items = [
        {
          id: 'item_1',
          item_text: 'Ask about budget',
          status: 'MET',
          item_description: 'd',
          reasoning: 'r',
          improvement_suggestion: 's',
          evidence: [{ id: 'ev_1', text: 'We have 40k', relevance: 'HIGH' }],
        },
      ];
      db.prepare(
        `INSERT INTO checklist_evaluations (id, org_id, video_id, status, items, overall_assessment, created_at)
         VALUES ('chk_fixture', ?, ?, 'COMPLETED', ?, 'Solid call', '2021-01-02T00:00:00.000Z')`,
      ).run(mine.id, videoId, JSON.stringify(items));
      expect((await read('getSummary', `/v1/videos/${videoId}/summary`)).data).toEqual({
        id: 'sum_fixture',
        sections,
        notes_markdown: '# Notes',
      });
      expect((await read('getChecklist', `/v1/videos/${videoId}/checklist`)).data.items).toEqual(items);
    });

    it('lists a video analyses newest first and reads one, only under its own video', async () => {
      const videoId = await firstId('/v1/videos?status=READY');
      const otherVideoId = insertVideo(db, { orgId: mine.id, createdAt: '2021-01-01T00:00:00.000Z' });
      const analysisId = insertJob(db, {
        table: 'analyses',
        orgId: mine.id,
        parentId: videoId,
        status: 'failed',
        createdAt: '2030-01-01T00:00:00.000Z',
        finishedAt: '2030-01-01T00:00:05.000Z',
        error: { code: 'transcript_unavailable', message: 'no transcript' },
      });
      const list = await read('listAnalyses', `/v1/videos/${videoId}/analyses`);
      expect(list.data[0].id).toBe(analysisId);
      const analysis = await read('getAnalysis', `/v1/videos/${videoId}/analyses/${analysisId}`);
      expect(analysis.data).toMatchObject({
        status: 'failed',
        result: null,
        error: { code: 'transcript_unavailable' },
      });
      expect(await status(`/v1/videos/${otherVideoId}/analyses/${analysisId}`)).toBe(404);
    });
  });

  describe('deals', () => {
    it('lists deals without DELETED ones unless filtered, and hides a DELETED deal detail', async () => {
      const all = await read('listDeals', '/v1/deals?limit=100');
      expect(all.data.every((deal: { status: string }) => deal.status !== 'DELETED')).toBe(true);
      const deleted = await read('listDeals', '/v1/deals?status=DELETED');
      expect(deleted.data.length).toBeGreaterThan(0);
      for (const below of ['', '/activities', '/scorings']) {
        expect(await status(`/v1/deals/${deleted.data[0].id}${below}`), below).toBe(404);
      }
      for (const dealStatus of ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED']) {
        const filtered = await read('listDeals', `/v1/deals?status=${dealStatus}`);
        expect(filtered.data.every((deal: { status: string }) => deal.status === dealStatus)).toBe(true);
      }
    });

    it('takes probability and score_factors from the completed scoring that finished last', async () => {
      const dealId = await firstId('/v1/deals?status=OPEN');
      const scoring = (
        status: 'completed' | 'failed' | 'processing',
        createdAt: string,
        finishedAt?: string,
        probability = 0,
      ) =>
        insertJob(db, {
          table: 'scorings',
          orgId: mine.id,
          parentId: dealId,
          status,
          createdAt,
          finishedAt,
          ...(status === 'completed'
            ? {
                result: {
                  probability,
                  factors: [{ factor_id: 'activity', score: probability / 10, reason: 'recent calls' }],
                },
              }
            : {}),
        });
      db.prepare('DELETE FROM scorings WHERE deal_id = ?').run(dealId);
      const empty = await read('getDeal', `/v1/deals/${dealId}`);
      expect(empty.data).toMatchObject({ probability: null, score_factors: [] });

      scoring('completed', '2030-01-01T00:00:00.000Z', '2030-01-01T00:10:00.000Z', 70);
      scoring('completed', '2030-01-01T00:05:00.000Z', '2030-01-01T00:06:00.000Z', 40);
      scoring('failed', '2030-01-01T00:20:00.000Z', '2030-01-01T00:21:00.000Z');
      const processing = scoring('processing', '2030-01-01T00:30:00.000Z');
      const detail = await read('getDeal', `/v1/deals/${dealId}`);
      expect(detail.data.probability).toBe(70);
      expect(detail.data.score_factors).toEqual([
        expect.objectContaining({ factor_id: 'activity', score: 7, reason: 'recent calls', completion: null }),
      ]);

      const scorings = await read('listScorings', `/v1/deals/${dealId}/scorings`);
      expect(scorings.data).toHaveLength(4);
      expect(scorings.data[0].id).toBe(processing);
      const one = await read('getScoring', `/v1/deals/${dealId}/scorings/${processing}`);
      expect(one.data).toMatchObject({ status: 'processing', result: null, error: null, finished_at: null });
    });

    it('lists a deal activities with the linked call title', async () => {
      const dealId = (await db
        .prepare('SELECT deal_id FROM deal_activities WHERE org_id = ? LIMIT 1')
        .pluck()
        .get(mine.id)) as string;
      const activities = await read('listActivities', `/v1/deals/${dealId}/activities`);
      expect(activities.data.length).toBeGreaterThan(0);
      expect(activities.data[0].video_title).toEqual(expect.any(String));
    });
  });

  describe('members and keys', () => {
    it('lists every member of the organisation and shows the key member, ignoring cursor and limit', async () => {
      const members = await read('listMembers', '/v1/members?limit=0&cursor=%%%');
      expect(members.data.map((member: { id: string }) => member.id).sort()).toEqual(
        mine.members.map((member) => member.id).sort(),
      );
      const me = await read('getMe', '/v1/members/me');
      expect(me.data.id).toBe(mine.keys.find((k) => k.key === key)!.member_id);
    });
  });

  describe('cross-organisation isolation', () => {
    it('answers 404 not_found, never 403, for another organisation ids on every resource path', async () => {
      const videoId = await firstId('/v1/videos?status=READY', theirKey);
      const dealId = await firstId('/v1/deals', theirKey);
      const analysisId = insertJob(db, {
        table: 'analyses',
        orgId: theirs.id,
        parentId: videoId,
        status: 'processing',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      const scoringId = insertJob(db, {
        table: 'scorings',
        orgId: theirs.id,
        parentId: dealId,
        status: 'processing',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      db.prepare(
        `INSERT OR IGNORE INTO summaries (id, org_id, video_id, sections, notes_markdown, created_at)
         VALUES ('sum_theirs', ?, ?, '[]', '', '2030-01-01T00:00:00.000Z')`,
      ).run(theirs.id, videoId);
      db.prepare(
        `INSERT OR IGNORE INTO checklist_evaluations (id, org_id, video_id, status, items, overall_assessment, created_at)
         VALUES ('chk_theirs', ?, ?, 'COMPLETED', '[]', '', '2030-01-01T00:00:00.000Z')`,
      ).run(theirs.id, videoId);
      const paths = [
        `/v1/videos/${videoId}`,
        `/v1/videos/${videoId}/transcript`,
        `/v1/videos/${videoId}/events`,
        `/v1/videos/${videoId}/summary`,
        `/v1/videos/${videoId}/checklist`,
        `/v1/videos/${videoId}/analyses`,
        `/v1/videos/${videoId}/analyses/${analysisId}`,
        `/v1/deals/${dealId}`,
        `/v1/deals/${dealId}/activities`,
        `/v1/deals/${dealId}/scorings`,
        `/v1/deals/${dealId}/scorings/${scoringId}`,
      ];
      for (const path of paths) {
        expect(await status(path, theirKey), path).not.toBe(404);
        const answer = await callApi(service.baseUrl, path, { key });
        expect(answer.status, path).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
      expect(idsOf(await read('listVideos', '/v1/videos?limit=100'))).not.toContain(videoId);
      expect(idsOf(await read('listDeals', '/v1/deals?limit=100'))).not.toContain(dealId);
      expect(idsOf(await read('listMembers', '/v1/members'))).not.toContain(theirs.members[0]!.id);
    });
  });
});
