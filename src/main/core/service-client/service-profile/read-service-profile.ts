import { defaultServiceProfile, type ServiceProfile } from '../../../../shared/bridge';

/** Where a service describes itself: the local service serves its OpenAPI document here (design.md). */
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';

/** A description bigger than this is not read: the local service's is about 60 KB. */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/** The search endpoint's parameters that are not the search text (interface, Search). */
const FILTER_PARAMETERS = new Set(['video_id', 'deal_id', 'limit', 'cursor']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

async function readCapped(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_DOCUMENT_BYTES || !response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_DOCUMENT_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A `#/components/parameters/...` reference, resolved inside the same document. */
function resolve(document: Json, parameter: unknown): Json | null {
  if (!isObject(parameter)) return null;
  const ref = parameter.$ref;
  if (typeof ref !== 'string') return parameter;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, step) => (isObject(node) ? node[step.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined),
      document,
    );
  return isObject(target) ? target : null;
}

/**
 * The name of the search text parameter, from a service's OpenAPI document: the one query
 * parameter of the transcript search that is not a filter. Several or none: not decidable.
 */
export function searchTextParamOf(document: unknown): string | null {
  if (!isObject(document) || !isObject(document.paths)) return null;
  const entry = Object.entries(document.paths).find(([path]) => /(^|\/)search\/transcripts\/?$/.test(path));
  const operation = entry && isObject(entry[1]) ? entry[1].get : undefined;
  if (!isObject(operation)) return null;
  const shared = isObject(entry?.[1]) && Array.isArray(entry[1].parameters) ? entry[1].parameters : [];
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const candidates = [...shared, ...own]
    .map((parameter) => resolve(document, parameter))
    .filter((parameter): parameter is Json => parameter !== null && parameter.in === 'query')
    .map((parameter) => parameter.name)
    .filter((name): name is string => typeof name === 'string' && !FILTER_PARAMETERS.has(name));
  const names = [...new Set(candidates)];
  return names.length === 1 && /^[A-Za-z0-9_.-]{1,100}$/.test(names[0]!) ? names[0]! : null;
}

export interface ReadProfileOptions {
  baseUrl: string;
  key: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * What a workspace's service chose where the interface is open, read from its own OpenAPI
 * description when it serves one. Never fails: without a usable description the defaults
 * hold (the local service's choices, which the interface's examples suggest).
 */
export async function readServiceProfile(options: ReadProfileOptions): Promise<ServiceProfile> {
  const readAt = (options.now?.() ?? new Date()).toISOString();
  const fallback: ServiceProfile = { ...defaultServiceProfile, readAt };
  const signal = AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), ...(options.signal ? [options.signal] : [])]);
  try {
    const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/+$/, '')}${OPENAPI_DOCUMENT_PATH}`, {
      headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
      // A redirect could carry the key elsewhere; a description behind one is not read.
      redirect: 'manual',
      signal,
    });
    if (response.status !== 200) return fallback;
    const text = await readCapped(response);
    const name = text === null ? null : searchTextParamOf(JSON.parse(text));
    return name ? { ...fallback, searchTextParam: name, source: 'openapi' } : fallback;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return fallback;
  }
}
