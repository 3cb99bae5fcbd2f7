import type { LocalCopyReset, StoringPause } from '../../shared/bridge';
import { formatDateTime } from '../shared-ui/format';

/** Settings' words (and the status line's, on hover) for a copy that stores nothing new for now. */
export function pauseWords(pause: StoringPause): string {
  return pause.reason === 'disk-full'
    ? 'Local copy paused: the disk is full'
    : `Local copy paused: it could not be written${pause.code ? ` (${pause.code})` : ''}`;
}

/** The top bar's, the cause first: where the bar is tight, its end is what is cut. */
export function pauseLine(pause: StoringPause): string {
  return pause.reason === 'disk-full' ? 'Disk full — local copy paused' : 'Write failed — local copy paused';
}

const why: Record<LocalCopyReset['reason'], string> = {
  'key-refused': 'the service refused this workspace’s key (401)',
  'signed-out': 'you signed out',
  'key-revoked': 'you revoked the key',
  'key-replaced': 'the key was replaced by another member’s, who may not see the same calls',
  removed: 'you chose Remove local data',
  'turned-off': 'you turned the local copy off',
  damaged: 'the file was damaged',
  'newer-version': 'the file was written by a newer version of Callscope',
};

/** "Removed on 27 Nov 2025, 18:20: the service refused this workspace's key (401)", or rebuilt and where the old file is. */
export function resetWords(reset: LocalCopyReset): string {
  const when = formatDateTime(reset.at);
  if (reset.reason !== 'damaged' && reset.reason !== 'newer-version')
    return `Removed on ${when}: ${why[reset.reason]}.`;
  const kept = reset.keptAt ? ` The old file is kept at ${reset.keptAt}.` : '';
  return `Rebuilt on ${when}: ${why[reset.reason]}, so it was set aside and the copy is synced again.${kept}`;
}

/** The status line's notice of a copy rebuilt this session; its title says where the old file is. */
export function rebuiltWords(reset: LocalCopyReset): { line: string; title: string } {
  const kept = reset.keptAt ? `; the old file is kept at ${reset.keptAt}` : '';
  const newer = reset.reason === 'newer-version';
  return {
    line: newer ? 'Newer version’s local copy set aside' : 'Damaged local copy rebuilt',
    title: `The local copy ${newer ? 'was written by a newer version of Callscope' : 'was damaged'}, so it was set aside and is synced again${kept}.`,
  };
}
