import { randomUUID } from 'node:crypto';
import type { EndpointName } from '../../shared/api/endpoints';
import type { Answer, Exchange, ServiceVariant } from './variant-proxy';

/**
 * Services Callscope did not write: each keeps every rule the interface states and chooses
 * differently wherever it says "not shown" or gives only an example (docs/interface-gaps.md).
 * The local service behind the proxy does the work; a variant only changes what crosses the wire.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every record of an answer's `data`, whether one record or a list. */
function records(answer: Answer): Json[] {
  if (!isObject(answer.body)) return [];
  const { data } = answer.body;
  return Array.isArray(data) ? data.filter(isObject) : isObject(data) ? [data] : [];
}

function renameValue(record: Json, field: string, names: Readonly<Record<string, string>>): void {
  const value = record[field];
  if (typeof value === 'string' && Object.hasOwn(names, value)) record[field] = names[value];
}

function drop(record: Json, ...fields: string[]): void {
  for (const field of fields) delete record[field];
}

const isJob = (endpoint: EndpointName | null) =>
  endpoint !== null && /^(start|list|get)(Analysis|Analyses|Scoring|Scorings)$/.test(endpoint);

const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** A refusal in the interface's envelope, as another service would word it. */
function refusal(status: number, code: string, message: string): Answer {
  return {
    status,
    body: { error: { code, message }, meta: { request_id: `req_${randomUUID().replaceAll('-', '')}` } },
  };
}

/** The same instant written with a +02:00 offset, as ISO 8601 allows. */
function withOffset(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 2 * 3600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

function offsetTimestamps(value: unknown): void {
  if (Array.isArray(value)) value.forEach(offsetTimestamps);
  else if (isObject(value)) {
    for (const [field, inner] of Object.entries(value)) {
      if (/_at$/.test(field) && typeof inner === 'string' && !Number.isNaN(Date.parse(inner))) {
        value[field] = withOffset(inner);
      } else offsetTimestamps(inner);
    }
  }
}

/**
 * Other success codes (200 for the starts and the webhook, 204 without a body for the deletes),
 * other job status names, and the search text sent as `query`, which its own OpenAPI
 * description says.
 */
export const otherChoices: ServiceVariant = {
  name: 'other-choices',
  request(exchange) {
    if (exchange.endpoint !== 'searchTranscripts') return undefined;
    if (!exchange.url.searchParams.has('query')) return refusal(422, 'validation_failed', 'query: is required');
    const sent = new URL(exchange.url);
    sent.searchParams.set('q', sent.searchParams.get('query') ?? '');
    sent.searchParams.delete('query');
    return sent;
  },
  response(exchange, answer) {
    if (exchange.endpoint === null && isObject(answer.body)) {
      const text = JSON.stringify(answer.body).replaceAll('"name":"q"', '"name":"query"');
      return { ...answer, body: JSON.parse(text) };
    }
    if (!isSuccess(answer)) return answer;
    if (isJob(exchange.endpoint)) {
      for (const job of records(answer)) renameValue(job, 'status', { completed: 'succeeded', failed: 'errored' });
    }
    switch (exchange.endpoint) {
      case 'startAnalysis':
      case 'startScoring':
      case 'createWebhook':
        return { ...answer, status: 200 };
      case 'deleteWebhook':
      case 'revokeKey':
        return { status: 204, body: undefined };
      default:
        return answer;
    }
  },
};

const callStatuses = {
  UPLOADED: 'TRANSCRIBING',
  UPLOADING: 'RECEIVING',
  CREATED: 'SCHEDULED',
  ERROR: 'FAILED_PROCESSING',
};
const itemStatuses = { MET: 'ACHIEVED', PARTIALLY_MET: 'PARTIAL', NOT_MET: 'MISSED' };
const roles = { SELLER: 'HOST', BUYER: 'GUEST' };
const callTypes = {
  GENERAL: 'WEBINAR',
  DISCOVERY: 'FIRST_MEETING',
  DEMO: 'WALKTHROUGH',
  NEGOTIATION: 'COMMERCIALS',
  FOLLOW_UP: 'CHECK_IN',
};

/** Times of the transcript, events and search hits in milliseconds. */
function toMilliseconds(record: Json): void {
  for (const field of ['start', 'end']) if (typeof record[field] === 'number') record[field] = record[field] * 1000;
}

/**
 * Values the interface never showed (statuses, types, roles, actions), fields it does not
 * name, timestamps with an offset, a bare close date, section contents as a list of strings,
 * transcript times in milliseconds, and in some lists one record no client could read.
 */
export const openValues: ServiceVariant = {
  name: 'open-values',
  response(exchange, answer) {
    if (!isSuccess(answer) || exchange.endpoint === null) return answer;
    const body = answer.body as Json;
    offsetTimestamps(body.data);
    for (const record of records(answer)) {
      record.links = { self: `${exchange.url.pathname}/${String(record.id)}` };
      switch (exchange.endpoint) {
        case 'listVideos':
        case 'getVideo':
          renameValue(record, 'status', callStatuses);
          renameValue(record, 'call_type', callTypes);
          break;
        case 'listDeals':
        case 'getDeal':
          if (typeof record.close_date === 'string') record.close_date = record.close_date.slice(0, 10);
          break;
        case 'listActivities':
          renameValue(record, 'action', { LINKED: 'ATTACHED' });
          break;
        case 'getTranscript':
        case 'searchTranscripts':
          renameValue(record, 'speaker_role', roles);
          toMilliseconds(record);
          break;
        case 'getVideoEvents':
          record.type = `${String(record.type)}_MENTION`;
          toMilliseconds(record);
          break;
        case 'getSummary':
          for (const section of (record.sections as Json[]) ?? []) {
            section.type = `${String(section.type)}_V2`;
            section.contents = String(section.contents).split('\n');
          }
          break;
        case 'getChecklist':
          renameValue(record, 'status', { COMPLETED: 'EVALUATED' });
          for (const item of (record.items as Json[]) ?? []) {
            renameValue(item, 'status', itemStatuses);
            for (const evidence of (item.evidence as Json[]) ?? [])
              renameValue(evidence, 'relevance', { HIGH: 'STRONG' });
          }
          // A quote without its text, inside the first item: one nested record no client can read.
          ((record.items as Json[])[0]?.evidence as Json[] | undefined)?.push({ id: 'ev_unreadable' });
          break;
        case 'listMembers':
        case 'getMe':
          renameValue(record, 'status', { ACTIVE: 'ENABLED', INVITED: 'PENDING_INVITE' });
          break;
        case 'listWebhooks':
          record.events = [...((record.events as string[]) ?? []), 'video.archived'];
          break;
        default:
          break;
      }
    }
    const list = Array.isArray(body.data) ? (body.data as unknown[]) : null;
    if (list && !exchange.url.searchParams.has('cursor')) {
      if (exchange.endpoint === 'listVideos')
        list.splice(1, 0, { id: 'vid_unreadable', title: 'A call', created_at: 'soon' });
      if (exchange.endpoint === 'listDeals') {
        list.splice(1, 0, { id: 'deal_unreadable', title: 'Pending approval', status: 'PENDING_APPROVAL' });
      }
      if (exchange.endpoint === 'getTranscript') list.splice(1, 0, { id: 42, text: 'An id that is a number' });
    }
    return answer;
  },
};

/**
 * Only what the interface makes required: every optional field left out or null, no OpenAPI
 * description, job results without the times, the job states `DONE` and `FAILED`, and a call
 * not analysed yet answered with an empty summary and a pending evaluation instead of 404.
 */
export const sparse: ServiceVariant = {
  name: 'sparse',
  response(exchange, answer) {
    if (exchange.endpoint === null) return { status: 404, body: undefined };
    if (answer.status === 404 && (exchange.endpoint === 'getSummary' || exchange.endpoint === 'getChecklist')) {
      const data = exchange.endpoint === 'getSummary' ? { sections: [] } : { status: 'PENDING', items: [] };
      return { status: 200, body: { data, meta: (answer.body as Json).meta } };
    }
    if (!isSuccess(answer)) return answer;
    for (const record of records(answer)) {
      switch (exchange.endpoint) {
        case 'listVideos':
        case 'getVideo':
          drop(record, 'processed_at', 'call_type', 'duration_seconds', 'updated_at', 'created_at');
          if (record.status !== 'READY') drop(record, 'status');
          break;
        case 'listDeals':
        case 'getDeal':
          drop(record, 'product_id', 'owner_id', 'forecast_amount', 'close_date');
          for (const factor of (record.score_factors as Json[]) ?? [])
            drop(factor, 'completion', 'reason', 'factor_id');
          break;
        case 'listActivities':
          drop(record, 'member_id', 'action', 'video_title');
          break;
        case 'getTranscript':
          drop(record, 'speaker_role');
          break;
        case 'searchTranscripts':
          drop(record, 'speaker_role', 'deal_id', 'video_title', 'speaker');
          break;
        case 'getVideoEvents':
          drop(record, 'segment_id', 'created_at', 'type');
          break;
        case 'getSummary':
          drop(record, 'notes_markdown', 'id');
          for (const section of (record.sections as Json[]) ?? []) drop(section, 'title', 'id', 'type');
          break;
        case 'getChecklist':
          drop(record, 'overall_assessment', 'status', 'id');
          for (const item of (record.items as Json[]) ?? []) {
            drop(item, 'item_description', 'reasoning', 'improvement_suggestion', 'id');
            for (const evidence of (item.evidence as Json[]) ?? []) drop(evidence, 'relevance', 'id');
          }
          break;
        case 'listMembers':
        case 'getMe':
          drop(record, 'avatar_url', 'given_name', 'family_name', 'created_at', 'status');
          record.display_name = null;
          break;
        case 'listWebhooks':
        case 'createWebhook':
          drop(record, 'created_at');
          break;
        default:
          if (isJob(exchange.endpoint)) {
            drop(record, 'started_at', 'finished_at', 'updated_at', 'video_id', 'deal_id', 'created_at');
            if (record.result === null) drop(record, 'result');
            if (record.error === null) drop(record, 'error');
            renameValue(record, 'status', { completed: 'DONE', failed: 'FAILED' });
          }
      }
    }
    return answer;
  },
};

/**
 * Failures in words Callscope has never seen: error codes outside the interface's table (a 4xx
 * and a 5xx), a gateway page that is not JSON, a message that repeats the caller's key, a deal
 * whose own record cannot be read (its probability given as a word), and a started analysis
 * answered with something that is not an analysis (the job did start).
 */
export const unfamiliarErrors: ServiceVariant = {
  name: 'unfamiliar-errors',
  request(exchange: Exchange) {
    if (exchange.endpoint === 'getVideoEvents') {
      return {
        status: 502,
        body: null,
        rawBody: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        contentType: 'text/html',
      };
    }
    if (exchange.endpoint === 'listMembers') {
      return refusal(403, 'plan_restricted', 'Your plan does not include the team directory.');
    }
    if (exchange.endpoint === 'searchTranscripts') {
      return refusal(400, 'query_rejected', `Search is disabled for the key ${exchange.key} (Bearer ${exchange.key}).`);
    }
    if (exchange.endpoint === 'listActivities') {
      return refusal(500, 'upstream_timeout', 'The activity store did not answer in time.');
    }
    return undefined;
  },
  response(exchange, answer) {
    if (exchange.endpoint === 'getDeal' && isSuccess(answer)) {
      for (const deal of records(answer)) deal.probability = 'likely';
      return answer;
    }
    if (exchange.endpoint === 'startAnalysis' && isSuccess(answer)) {
      return { status: 202, body: { data: { accepted: true }, meta: (answer.body as Json).meta } };
    }
    if (exchange.endpoint === null || !isObject(answer.body) || !isObject(answer.body.error)) return answer;
    renameValue(answer.body.error, 'code', { not_found: 'resource_missing' });
    return answer;
  },
};

/**
 * A service whose deal and call lists never end: every page says there is more, under a new
 * cursor each time, which the local service reads as malformed and answers with its first page
 * again (interface, Pagination 6). It breaks a rule of the interface on purpose (Pagination 5):
 * the screens that read every page must stop on their own, and say their counts are "at least".
 */
export const endlessLists: ServiceVariant = {
  name: 'endless-lists',
  response(exchange, answer) {
    if ((exchange.endpoint !== 'listDeals' && exchange.endpoint !== 'listVideos') || !isSuccess(answer)) return answer;
    const meta = isObject(answer.body) && isObject(answer.body.meta) ? answer.body.meta : null;
    if (meta) Object.assign(meta, { has_more: true, next_cursor: `endless_${randomUUID()}` });
    return answer;
  },
};

/** The local service's own answers, passed on unchanged: a proxy only to count what is asked of it. */
export const asIs: ServiceVariant = { name: 'as-is' };

export const serviceVariants = {
  'as-is': asIs,
  'other-choices': otherChoices,
  'open-values': openValues,
  sparse,
  'unfamiliar-errors': unfamiliarErrors,
  'endless-lists': endlessLists,
} as const;
export type ServiceVariantName = keyof typeof serviceVariants;

/** The variants every screen is proven against (each renders its data); unfamiliar errors are proven on their own. */
export const renderingVariantNames = [
  'other-choices',
  'open-values',
  'sparse',
] as const satisfies readonly ServiceVariantName[];
