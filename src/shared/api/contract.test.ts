import { describe, expect, it } from 'vitest';
import { Deal, DealDetail, DealListQuery } from './deals';
import { endpoints } from './endpoints';
import { dataEnvelope, pageEnvelope, searchEnvelope } from './envelope';
import { describeValidationError, ErrorCode, ErrorEnvelope } from './errors';
import { Analysis, Scoring } from './jobs';
import { Member } from './members';
import { PageQuery, RequestId } from './primitives';
import { SearchQuery, SearchSegment } from './search';
import { ServedAnalysis, ServedDeal, ServedVideo, WebhookPayload } from './served';
import { ChecklistEvaluation, TranscriptSegment, Video, VideoListQuery, VideoSummary } from './videos';
import { CreatedWebhookEndpoint, WebhookCreateBody } from './webhooks';

const requestId = 'req_0123456789abcdef0123456789abcdef';
const at = '2026-03-04T05:06:07.890Z';

const video = {
  id: 'vid_1',
  title: 'Discovery call with Nordlicht GmbH',
  status: 'UPLOADED',
  created_at: at,
  updated_at: at,
  duration_seconds: 1820.5,
  processed_at: null,
  call_type: 'GENERAL',
  deal_id: 'deal_1',
};

const processingAnalysis = {
  id: 'ana_1',
  status: 'processing',
  video_id: 'vid_1',
  created_at: at,
  started_at: null,
  finished_at: null,
  updated_at: at,
  result: null,
  error: null,
};

describe('resources', () => {
  it('accepts a deal detail with its latest probability and score factors', () => {
    const deal = DealDetail.parse({
      id: 'deal_1',
      title: 'Nordlicht — 200 seats',
      status: 'OPEN',
      product_id: null,
      owner_id: 'mem_1',
      forecast_amount: 48000,
      close_date: '2026-06-30T00:00:00+02:00',
      created_at: at,
      updated_at: at,
      probability: 72.5,
      score_factors: [
        { id: 'sf_1', factor_id: 'next_steps', score: 80, completion: null, reason: 'A next meeting is booked' },
      ],
    });
    expect(deal.score_factors[0]?.factor_id).toBe('next_steps');
  });

  it('accepts a deal never scored: probability null and no factors', () => {
    const parsed = DealDetail.safeParse({
      id: 'deal_2',
      title: null,
      status: 'WON',
      created_at: at,
      updated_at: at,
      probability: null,
      score_factors: [],
    });
    expect(parsed.success).toBe(true);
  });

  it('rejects a probability outside 0-100 and a status the interface does not know', () => {
    const base = { id: 'deal_3', title: 'x', status: 'OPEN', created_at: at, updated_at: at, score_factors: [] };
    expect(DealDetail.safeParse({ ...base, probability: 101 }).success).toBe(false);
    expect(DealDetail.safeParse({ ...base, status: 'PENDING', probability: null }).success).toBe(false);
  });

  it('accepts a video record in the UPLOADED state the list filter does not offer', () => {
    expect(Video.parse(video).status).toBe('UPLOADED');
    expect(VideoListQuery.safeParse({ status: 'UPLOADED' }).success).toBe(false);
  });

  it('reads a video with only its id, as the interface fixes no other field, but not one with a wrong type', () => {
    expect(Video.safeParse({ id: 'vid_2' }).success).toBe(true);
    expect(Video.safeParse({ ...video, status: 'TRANSCRIBING', extra: { nested: true } }).success).toBe(true);
    expect(Video.safeParse({ title: 'No id' }).success).toBe(false);
    expect(Video.safeParse({ ...video, duration_seconds: '1820' }).success).toBe(false);
    expect(Video.safeParse({ ...video, created_at: 'yesterday' }).success).toBe(false);
  });

  it('holds the local service to its own choices: every field, one of its seven statuses', () => {
    const { title: _, ...untitled } = video;
    expect(ServedVideo.safeParse(video).success).toBe(true);
    expect(ServedVideo.safeParse(untitled).success).toBe(false);
    expect(ServedVideo.safeParse({ ...video, status: 'TRANSCRIBING' }).success).toBe(false);
  });

  it('reads a date-time in any ISO 8601 form as RFC 3339 UTC; the local service is held to RFC 3339', () => {
    const deal = {
      id: 'deal_9',
      title: 'x',
      status: 'OPEN',
      product_id: null,
      owner_id: null,
      forecast_amount: null,
      close_date: null,
      created_at: '20260304T070607,89+0200',
      updated_at: at,
    };
    expect(Deal.parse(deal).created_at).toBe(at);
    expect(ServedDeal.safeParse(deal).success).toBe(false);
    expect(ServedDeal.safeParse({ ...deal, created_at: at }).success).toBe(true);
    const analysis = { ...processingAnalysis, created_at: '2026-03-04t05:06z' };
    expect(Analysis.parse(analysis).created_at).toBe('2026-03-04T05:06:00.000Z');
    expect(ServedAnalysis.safeParse(analysis).success).toBe(false);
  });

  it('reads a close date given as a bare calendar date', () => {
    const deal = { id: 'deal_9', title: 'x', status: 'OPEN', created_at: at, updated_at: at };
    expect(Deal.parse({ ...deal, close_date: '2026-06-30' }).close_date).toBe('2026-06-30');
    expect(Deal.safeParse({ ...deal, close_date: 'end of June' }).success).toBe(false);
    expect(ServedDeal.safeParse({ ...deal, close_date: '2026-06-30' }).success).toBe(false);
  });

  it('accepts transcript segments, summaries, checklists and members as the service sends them', () => {
    expect(
      TranscriptSegment.parse({
        id: 'seg_1',
        text: 'Ça coûte combien ?',
        start: 0,
        end: 2.4,
        speaker: 'Élodie Fèvre',
        speaker_role: 'BUYER',
      }).start,
    ).toBe(0);
    expect(
      VideoSummary.parse({
        id: 'sum_1',
        sections: [
          { id: 'sec_1', title: 'Action items', contents: 'Send the quote\nBook a demo', type: 'ACTION_ITEMS' },
        ],
        notes_markdown: '## Notes\n- pricing discussed',
      }).sections,
    ).toHaveLength(1);
    expect(
      ChecklistEvaluation.parse({
        id: 'chk_1',
        status: 'COMPLETED',
        overall_assessment: 'Strong discovery',
        items: [
          {
            id: 'item_1',
            item_text: 'Confirm budget',
            status: 'MET',
            item_description: 'Ask who owns the budget',
            reasoning: 'The buyer named the budget owner',
            improvement_suggestion: 'Ask for the amount too',
            evidence: [{ id: 'ev_1', text: 'Our CFO signs off on this.', relevance: 'HIGH' }],
          },
        ],
      }).items[0]?.evidence,
    ).toHaveLength(1);
    expect(
      Member.safeParse({
        id: 'mem_1',
        email: 'jose@example.com',
        status: 'ACTIVE',
        created_at: at,
        given_name: 'José',
        family_name: 'Núñez',
        display_name: 'José Núñez',
        avatar_url: null,
      }).success,
    ).toBe(true);
  });

  it('reads any job status; the local service answers only processing, completed or failed', () => {
    expect(Analysis.parse(processingAnalysis).status).toBe('processing');
    const completed = {
      ...processingAnalysis,
      status: 'completed',
      started_at: at,
      finished_at: at,
      result: { summary: 'Pricing and next steps agreed', checklist_evaluation_id: 'chk_1', sales_event_count: 4 },
    };
    expect(Analysis.parse(completed).result?.sales_event_count).toBe(4);
    expect(Analysis.safeParse({ ...processingAnalysis, status: 'done' }).success).toBe(true);
    expect(ServedAnalysis.safeParse({ ...processingAnalysis, status: 'done' }).success).toBe(false);
    expect(
      Scoring.safeParse({
        id: 'scr_1',
        status: 'failed',
        deal_id: 'deal_1',
        created_at: at,
        started_at: at,
        finished_at: at,
        updated_at: at,
        result: null,
        error: { code: 'injected_failure', message: 'The operator made this scoring fail.' },
      }).success,
    ).toBe(true);
  });
});

describe('envelopes', () => {
  it('accepts a page with its cursor meta', () => {
    const page = pageEnvelope(Video).parse({
      data: [video],
      meta: { request_id: requestId, has_more: true, next_cursor: 'eyJ0IjoxfQ' },
    });
    expect(page.meta.next_cursor).toBe('eyJ0IjoxfQ');
  });

  it('mints request ids as req_ and 32 lowercase hex characters, and reads any request id text', () => {
    expect(RequestId.safeParse(requestId).success).toBe(true);
    for (const bad of [
      'req_0123456789ABCDEF0123456789ABCDEF',
      'req_123',
      '0123456789abcdef0123456789abcdef',
      `${requestId}0`,
    ]) {
      expect(RequestId.safeParse(bad).success, bad).toBe(false);
      expect(dataEnvelope(Video).safeParse({ data: video, meta: { request_id: bad } }).success, bad).toBe(true);
    }
  });

  it('rejects a page whose meta lacks has_more', () => {
    expect(
      pageEnvelope(Video).safeParse({ data: [], meta: { request_id: requestId, next_cursor: null } }).success,
    ).toBe(false);
  });

  it('reads a count in search meta it cannot believe as unknown and keeps the hits; the local service is held to a true one', () => {
    const segment = {
      id: 'seg_9',
      text: 'Le prix est élevé',
      start: 12,
      end: 15,
      video_id: 'vid_1',
      speaker: 'Zoë Brontë',
      speaker_role: 'BUYER',
      video_title: 'Negotiation',
      deal_id: null,
    };
    const envelope = searchEnvelope(SearchSegment);
    const meta = { request_id: requestId, total_matches: 40, truncated: true };
    expect(envelope.parse({ data: [segment], meta }).meta).toEqual(meta);
    for (const odd of [
      { total_matches: -1, truncated: 'yes' },
      { total_matches: 2.5, truncated: 1 },
      { total_matches: '40', truncated: null },
    ]) {
      const read = envelope.parse({ data: [segment], meta: { request_id: requestId, ...odd } });
      expect(read.data).toHaveLength(1);
      expect(read.meta).toMatchObject({ total_matches: null, truncated: null });
    }
    expect(envelope.parse({ data: [], meta: { request_id: requestId } }).meta.total_matches ?? null).toBeNull();
    const served = endpoints.searchTranscripts.served;
    expect(served.safeParse({ data: [segment], meta }).success).toBe(true);
    expect(served.safeParse({ data: [], meta: { ...meta, total_matches: -1 } }).success).toBe(false);
  });

  it('reads any error code a service sends; the local service answers only the documented ones', () => {
    const error = (code: string) => ({ error: { code, message: 'm' }, meta: { request_id: requestId } });
    expect(ErrorEnvelope.safeParse(error('rate_limited')).success).toBe(true);
    expect(ErrorEnvelope.safeParse(error('quota_exceeded')).success).toBe(true);
    expect(ErrorEnvelope.safeParse(error('')).success).toBe(false);
    expect(ErrorCode.safeParse('quota_exceeded').success).toBe(false);
  });
});

describe('query parameters', () => {
  it('reads limit from text and from numbers, within 1-100', () => {
    expect(PageQuery.parse({ limit: '25' }).limit).toBe(25);
    expect(PageQuery.parse({ limit: 100 }).limit).toBe(100);
    for (const bad of ['0', '101', '-1', '1.5', '1e2', ' 5', 'ten', '']) {
      expect(PageQuery.safeParse({ limit: bad }).success, bad).toBe(false);
    }
  });

  it('names the failing field first in validation messages', () => {
    const result = PageQuery.safeParse({ limit: '500' });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeValidationError(result.error)).toMatch(/^limit: /);
    const deals = DealListQuery.safeParse({ status: 'PENDING' });
    if (!deals.success) expect(describeValidationError(deals.error)).toMatch(/^status: /);
  });

  it('accepts RFC 3339 timestamps with Z or an offset, with or without fractions', () => {
    for (const ok of [
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.123Z',
      '2026-01-01T02:00:00+02:00',
      '2026-01-01T02:00:00.5-05:30',
    ]) {
      expect(VideoListQuery.safeParse({ created_after: ok }).success, ok).toBe(true);
    }
    for (const bad of ['2026-01-01', 'yesterday', '2026-13-01T00:00:00Z', '1700000000']) {
      expect(VideoListQuery.safeParse({ created_before: bad }).success, bad).toBe(false);
    }
  });

  it('requires search text of at least one character', () => {
    expect(SearchQuery.safeParse({ q: '' }).success).toBe(false);
    expect(SearchQuery.parse({ q: 'ÉTÉ', limit: '10' }).limit).toBe(10);
  });
});

describe('webhooks', () => {
  it('requires a parsable url and known event types', () => {
    expect(WebhookCreateBody.safeParse({ url: 'https://hooks.example.com/in' }).success).toBe(true);
    const missing = WebhookCreateBody.safeParse({});
    if (!missing.success) expect(describeValidationError(missing.error)).toMatch(/^url: /);
    expect(WebhookCreateBody.safeParse({ url: 'not a url' }).success).toBe(false);
    const unknownEvent = WebhookCreateBody.safeParse({ url: 'https://hooks.example.com', events: ['deal.won'] });
    expect(unknownEvent.success).toBe(false);
    if (!unknownEvent.success) expect(describeValidationError(unknownEvent.error)).toMatch(/^events/);
  });

  it('shows the secret only on the created endpoint', () => {
    const created = CreatedWebhookEndpoint.parse({
      id: 'ep_1',
      url: 'https://h.example.com',
      events: [],
      created_at: at,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(created.secret.startsWith('whsec_')).toBe(true);
    expect(CreatedWebhookEndpoint.safeParse({ ...created, secret: 'sk_1' }).success).toBe(false);
  });

  it('accepts each delivered payload with the matching data', () => {
    expect(WebhookPayload.parse({ type: 'video.ready', timestamp: at, data: video }).type).toBe('video.ready');
    expect(WebhookPayload.safeParse({ type: 'video.ready', timestamp: at, data: processingAnalysis }).success).toBe(
      false,
    );
    expect(WebhookPayload.safeParse({ type: 'deal.scoring.completed', timestamp: at, data: {} }).success).toBe(false);
  });
});

describe('the endpoint table', () => {
  it('lists every path of the interface once, under /v1', () => {
    const routes = Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes).toHaveLength(22);
    expect(routes.every((route) => route.split(' ')[1]?.startsWith('/v1/'))).toBe(true);
  });

  it('marks exactly the five paginated collections of the interface', () => {
    const paginated = Object.values(endpoints)
      .filter((endpoint) => 'paginated' in endpoint)
      .map((endpoint) => endpoint.path)
      .sort();
    expect(paginated).toEqual([
      '/v1/deals',
      '/v1/deals/{id}/activities',
      '/v1/deals/{id}/scorings',
      '/v1/videos',
      '/v1/videos/{id}/analyses',
    ]);
  });
});
