/**
 * SEAM for trackers29 (issue 29 item 7): the trackers the manager defined, for the "tracker said"
 * rule's choice. Until the lead wires it to the trackers' query, none: the rule watches any tracker.
 */
export function useTrackerChoices(): { id: string; name: string }[] {
  return [];
}
