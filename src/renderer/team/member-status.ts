import type { knownMemberStatuses } from '../../shared/api';
import type { Tone } from '../shared-ui/StatusBadge';

/** The local service's member statuses; any other a service sends reads as words, neutral. */
export const memberStatusTones: Record<(typeof knownMemberStatuses)[number], Tone> = {
  ACTIVE: 'good',
  INVITED: 'fair',
  DEACTIVATED: 'neutral',
};
