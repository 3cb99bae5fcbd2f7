import { statfsSync } from 'node:fs';

/**
 * What a failed read or write of a replica means for the copy:
 * - 'full': no room left; storing pauses until a probe finds room again;
 * - 'corrupt': damaged pages, or a file its key cannot read; it is set aside and rebuilt;
 * - 'newer-version': written by a later Callscope whose tables this one does not know; set aside
 *   and rebuilt too;
 * - 'other': anything else; a read is a miss, a write pauses storing like a full disk.
 */
export type StorageFault = 'full' | 'corrupt' | 'newer-version' | 'other';

/** A replica whose `user_version` is past the last migration this build knows. */
export class NewerReplicaError extends Error {
  constructor(
    readonly version: number,
    readonly known: number,
  ) {
    super(`The local copy was written by a newer Callscope (version ${version}; this one knows up to ${known}).`);
    this.name = 'NewerReplicaError';
  }
}

/** Below this much free space, a write SQLite calls an I/O error is taken for a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

function freeBytes(dir: string): number | null {
  try {
    const disk = statfsSync(dir);
    return disk.bavail * disk.bsize;
  } catch {
    return null;
  }
}

/** SQLite's (extended) result code or Node's errno code of the error; null when it has none. */
export function storageErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** `dir`: the replica's folder, whose free space tells a full disk behind an I/O error. */
export function classifyStorageError(error: unknown, dir: string | null = null): StorageFault {
  if (error instanceof NewerReplicaError) return 'newer-version';
  const code = storageErrorCode(error) ?? '';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'corrupt';
  // SQLite says SQLITE_FULL where its own write meets ENOSPC, but an I/O error where it grows the
  // WAL's index or syncs: on a disk with no room left, that is the same full disk.
  if (code.startsWith('SQLITE_IOERR') && dir !== null) {
    const free = freeBytes(dir);
    if (free !== null && free < NEARLY_FULL_BYTES) return 'full';
  }
  return 'other';
}
