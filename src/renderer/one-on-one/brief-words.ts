import { FIRST_BRIEF_WEEKS, type OneOnOneBrief } from '../../shared/one-on-one';
import { formatDate } from '../shared-ui/format';

/** The rule the brief ranks calls by (docs/coaching.md, "The 1:1 brief"), shown where it is used. */
export const WORTH_AN_HOUR_RULE =
  'Ranked by the most checklist items not met, then the longest seller monologue, then the largest deal, then the newest.';

/** Since when the brief reads, in words. */
export function sinceWords(since: OneOnOneBrief['since'], locale?: string, timeZone?: string): string {
  const day = formatDate(since.at, locale, timeZone);
  return since.from === 'last-one-on-one'
    ? `Since your last 1:1, ${day}.`
    : `No 1:1 marked done yet: the last ${FIRST_BRIEF_WEEKS} weeks, since ${day}.`;
}
