export const REDACTED = '[key removed]';

/** Messages from the service are shown in full up to this length; a longer one is cut with an ellipsis. */
export const MESSAGE_MAX_LENGTH = 500;

/**
 * A string shaped like an API key: a short prefix, an underscore, then a long run of key
 * characters (the local service's `sci_…`, and the `<prefix>_…` the interface describes for the
 * real one, whose prefix is not shown). A request id (`req_` + 32 hex) is what support asks for
 * and stays. Also `Bearer <anything>`, the way a key travels in a header.
 */
const KEY_SHAPED =
  /\bbearer\s+[^\s"',;]+|\b(?!req_[0-9a-f]{32}\b)[A-Za-z][A-Za-z0-9]{1,15}_[A-Za-z0-9][A-Za-z0-9_-]{23,}/gi;
/** A cheap look first: most text (a transcript line) has neither. */
const MIGHT_HOLD_KEY = /_|bearer/i;

/** Fields that hold identifiers or secrets the app must keep intact (a webhook secret is shown once). */
function isIdentifierField(field: string): boolean {
  return field === 'id' || field.endsWith('_id') || field === 'secret' || field === 'next_cursor' || field === 'url';
}

export interface Redactor {
  /** Free text from the service (titles, messages, quotes): the key and anything shaped like one are replaced. */
  text(value: string): string;
  /** An error message: redacted, then capped to MESSAGE_MAX_LENGTH. */
  message(value: string): string;
  /** A whole answer: every string redacted; identifiers only of the key itself. */
  deep<T>(value: T): T;
}

/**
 * Text the service sends reaches the window; the workspace's API key never may. The key is
 * replaced wherever it appears, and anything shaped like a key is replaced in free text.
 */
export function createRedactor(key: string | null): Redactor {
  const withoutKey = (value: string) => (key && value.includes(key) ? value.replaceAll(key, REDACTED) : value);
  const text = (value: string) => {
    const clean = withoutKey(value);
    return clean.length >= 24 && MIGHT_HOLD_KEY.test(clean) ? clean.replace(KEY_SHAPED, REDACTED) : clean;
  };

  function walk(value: unknown, field: string | null): unknown {
    if (typeof value === 'string') return field !== null && isIdentifierField(field) ? withoutKey(value) : text(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) value[index] = walk(value[index], field);
      return value;
    }
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const name of Object.keys(record)) record[name] = walk(record[name], name);
    }
    return value;
  }

  return {
    text,
    message(value) {
      const clean = text(value);
      return clean.length > MESSAGE_MAX_LENGTH ? `${clean.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : clean;
    },
    deep: (value) => walk(value, null) as typeof value,
  };
}
