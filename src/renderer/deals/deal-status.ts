import type { DealStatus } from '../../shared/api';
import type { Tone } from '../shared-ui/StatusBadge';

/** The interface closes the deal statuses, so each has its tone. */
export const dealStatusTones: Record<DealStatus, Tone> = {
  OPEN: 'neutral',
  ON_HOLD: 'fair',
  WON: 'good',
  LOST: 'bad',
  ARCHIVED: 'neutral',
  DELETED: 'bad',
};
