import { paths } from '../navigation/routes';

/** The call at a found line: by its segment when it has one, else at its time, as a moment link does. */
export function hitPath(
  videoId: string,
  hit: { segmentId: string; start: number | null },
  q: string,
  timeScale: number,
): string {
  if (hit.segmentId) return paths.call(videoId, { segmentId: hit.segmentId, highlight: q });
  if (typeof hit.start === 'number') return paths.call(videoId, { seconds: hit.start * timeScale });
  return paths.call(videoId);
}
