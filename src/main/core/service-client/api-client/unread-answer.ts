import { type EndpointName, endpoints } from '../../../../shared/api';
import { type ReadAnswer, readResponse } from './read-response';
import { createRedactor } from './redact-secrets';

/**
 * A 2xx answer's body as the service sent it, for the engine's thread to read (JSON, the
 * interface's schema per record, redaction) rather than the thread that carries the window: a
 * string crosses threads for the price of a copy, where the read answer cost main ~7 ms for a
 * transcript (parse, validation, the structured clone).
 */
export interface UnreadAnswer {
  unreadAnswer: {
    name: EndpointName;
    status: number;
    text: string;
    /** The `X-Request-Id` header, for an answer without one in its body. */
    requestIdHeader: string | null;
    pathValues: Record<string, unknown>;
  };
}

/**
 * Whether a body may leave the key's thread unread: the key is not in it, not even written with
 * JSON's `\u` escapes, so what reads it needs only the key-shaped rule (the key stays in main).
 */
export function mayLeaveUnread(text: string, key: string): boolean {
  return !text.includes(key) && !text.includes('\\u');
}

export function isUnreadAnswer(value: unknown): value is UnreadAnswer {
  return value !== null && typeof value === 'object' && 'unreadAnswer' in value;
}

/** The answer as the client would have read it in main: the same value, or the same `invalid_response`. */
export function readUnreadAnswer({ unreadAnswer }: UnreadAnswer): ReadAnswer {
  const { name, status, text, requestIdHeader, pathValues } = unreadAnswer;
  const headers = new Headers(requestIdHeader === null ? {} : { 'x-request-id': requestIdHeader });
  return readResponse({ status, headers }, text, endpoints[name], pathValues, createRedactor(null));
}
