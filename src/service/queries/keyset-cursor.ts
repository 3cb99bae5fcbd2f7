/**
 * interface, Pagination 3 and 6: the cursor is opaque base64url over the last item's
 * (created_at, id); anything that does not decode to that pair means "first page", never an error.
 */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      typeof decoded[1] === 'string'
    ) {
      return { createdAt: decoded[0], id: decoded[1] };
    }
  } catch {
    // Not JSON: a malformed cursor falls back to the first page.
  }
  return null;
}
