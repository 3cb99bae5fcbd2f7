import { randomUUID } from 'node:crypto';

/** `req_` + 32 lowercase hex: a UUID without dashes (interface, common conventions 5). */
export function newRequestId(): string {
  return `req_${randomUUID().replaceAll('-', '')}`;
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
