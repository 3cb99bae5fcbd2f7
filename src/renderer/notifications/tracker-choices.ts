import { useQuery } from '@tanstack/react-query';
import { trackerQueries } from '../coaching/tracker-queries';

/**
 * The trackers the manager defined, for the "tracker said" rule's choice. None while they load or
 * when they cannot be read: the rule then offers "any tracker" alone.
 */
export function useTrackerChoices(): { id: string; name: string }[] {
  const trackers = useQuery(trackerQueries.list());
  return (trackers.data ?? []).map(({ id, name }) => ({ id, name }));
}
