/** No call runs a day; a transcript whose times pass this is not in seconds. */
const LONGEST_CALL_SECONDS = 24 * 60 * 60;

/**
 * Seconds per unit of a call's segment times. The interface does not show the unit; the local
 * service uses seconds. Milliseconds are recognised by times that run far past the call's
 * length (or past a day, when the length is unknown): a factor of 1000 is hard to miss.
 */
export function segmentTimeScale(times: readonly number[], durationSeconds?: number | null): 1 | 0.001 {
  const latest = times.reduce((max, time) => (time > max ? time : max), 0);
  const limit = durationSeconds && durationSeconds > 0 ? durationSeconds * 20 : LONGEST_CALL_SECONDS;
  return latest > limit ? 0.001 : 1;
}
