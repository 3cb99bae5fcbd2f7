import type { knownChecklistItemStatuses } from '../../shared/api';
import type { Tone } from '../shared-ui/StatusBadge';

/** The local service's item statuses, in the order they are shown; others follow, neutral. */
export const checklistItemTones: Record<(typeof knownChecklistItemStatuses)[number], Tone> = {
  MET: 'good',
  PARTIALLY_MET: 'fair',
  NOT_MET: 'bad',
};
