import type { Page } from '@playwright/test';
import type { ServedTranscriptSegment, ServedVideo } from '../src/shared/api/served';
import { openScreen, readyCalls, serviceGet } from './screen-helpers';
import type { CallscopeApp } from './support/fixtures';

interface SpokenLine {
  videoId: string;
  segment: ServedTranscriptSegment;
}

/** Every line of every ready call, read from the service, to know what a search must find. */
export async function everyLine(callscope: CallscopeApp): Promise<SpokenLine[]> {
  const videos = (await serviceGet<{ data: ServedVideo[] }>(callscope, '/v1/videos?status=READY&limit=100')).data;
  const lines: SpokenLine[] = [];
  for (const video of videos) {
    const transcript = await serviceGet<{ data: ServedTranscriptSegment[] }>(
      callscope,
      `/v1/videos/${video.id}/transcript`,
    );
    for (const segment of transcript.data) lines.push({ videoId: video.id, segment });
  }
  return lines;
}

export const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'iu');

/** A word of 7+ letters said by both sides, in more than one call but not in too many lines. */
export function distinctiveWord(lines: SpokenLine[]): string {
  const candidates = new Set(lines.flatMap((line) => line.segment.text.match(/\p{L}{7,}/gu) ?? []));
  for (const word of candidates) {
    const found = lines.filter((line) => wholeWord(word).test(line.segment.text));
    const calls = new Set(found.map((line) => line.videoId));
    const roles = new Set(found.map((line) => line.segment.speaker_role));
    if (found.length >= 3 && found.length <= 40 && calls.size >= 2 && roles.has('BUYER') && roles.has('SELLER')) {
      return word.toLowerCase();
    }
  }
  throw new Error('no word said by both sides in two calls');
}

export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search for' });
/** The screen's live count (not the palette's or any other status). */
export const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /lines? in \d+ calls?|Type to search/ });
export const callResults = (page: Page) => page.getByRole('region', { name: 'By call' }).getByRole('article');

/**
 * Opens the calls list, then a ready call, so the copy holds that call's transcript and knows the
 * workspace has calls whose transcripts it does not hold; gives the call and a word said in it.
 */
export async function callInCopy(page: Page, callscope: CallscopeApp): Promise<{ video: ServedVideo; word: string }> {
  const [video] = await readyCalls(callscope);
  const transcript = await serviceGet<{ data: ServedTranscriptSegment[] }>(
    callscope,
    `/v1/videos/${video!.id}/transcript`,
  );
  const word = transcript.data.flatMap((line) => line.text.match(/\p{L}{6,}/gu) ?? [])[0]!;
  await openScreen(page, callscope, '/calls');
  await page.getByRole('heading', { level: 1, name: 'Calls' }).waitFor();
  await openScreen(page, callscope, `/calls/${video!.id}`);
  await page.locator('[data-segment-id]').first().waitFor();
  return { video: video!, word };
}
