import type { VideoStatus } from '../../shared/api';
import type { Tone } from '../shared-ui/StatusBadge';

/** Tones for the call statuses the local service uses; any other a service sends reads as words, neutral. */
export const callStatusTones: Record<VideoStatus, Tone> = {
  CREATED: 'neutral',
  UPLOADING: 'neutral',
  UPLOADED: 'neutral',
  READY: 'good',
  ERROR: 'bad',
  ARCHIVED: 'neutral',
  DELETED: 'neutral',
};
