import type { ServedChecklistItem, ServedEvidence } from '../../shared/api/served';
import type { knownChecklistItemStatuses, knownRelevances } from '../../shared/api/videos';
import { formatClock } from './format';
import type { AnalyzerChecklistItem, AnalyzerSegment, CallAnalysis } from './types';

const MAX_EVIDENCE = 3;

type Relevance = (typeof knownRelevances)[number];
type ItemStatus = (typeof knownChecklistItemStatuses)[number];

interface Match {
  segment: AnalyzerSegment;
  keywords: string[];
}

/**
 * Scores each checklist item by the keywords the call actually used: two different keywords (or
 * three moments) mean the topic was covered (MET), one mention is PARTIALLY_MET, none NOT_MET.
 * Evidence quotes whole segments verbatim; its id is the segment's id, so a client can jump to it.
 */
export function evaluateChecklist(
  segments: readonly AnalyzerSegment[],
  checklist: readonly AnalyzerChecklistItem[],
): CallAnalysis['checklist'] {
  const folded = segments.map((segment) => segment.text.toLowerCase());
  const items = checklist.map((item): ServedChecklistItem => {
    const keywords = item.keywords.map((keyword) => keyword.toLowerCase()).filter(Boolean);
    const matches: Match[] = segments.flatMap((segment, index) => {
      const found = keywords.filter((keyword) => folded[index]!.includes(keyword));
      return found.length ? [{ segment, keywords: found }] : [];
    });
    const distinct = new Set(matches.flatMap((match) => match.keywords));
    const status: ItemStatus =
      distinct.size >= 2 || matches.length >= 3 ? 'MET' : matches.length > 0 ? 'PARTIALLY_MET' : 'NOT_MET';
    return {
      id: item.id,
      item_text: item.item_text,
      item_description: item.item_description,
      status,
      reasoning: reasoning(status, matches, distinct, keywords),
      improvement_suggestion: suggestion(status, item),
      evidence: strongest(matches).map(evidence),
    };
  });
  return { status: 'COMPLETED', items, overall_assessment: assessment(items) };
}

function strongest(matches: Match[]): Match[] {
  return [...matches]
    .sort((a, b) => b.keywords.length - a.keywords.length || a.segment.start - b.segment.start)
    .slice(0, MAX_EVIDENCE)
    .sort((a, b) => a.segment.start - b.segment.start);
}

/** Specific beats vague: several keywords, or a figure (amount, date, head count), make a quote HIGH. */
function evidence({ segment, keywords }: Match): ServedEvidence {
  const specific = keywords.length >= 2 || /\d/.test(segment.text);
  const relevance: Relevance = specific ? 'HIGH' : segment.text.split(/\s+/).length >= 8 ? 'MEDIUM' : 'LOW';
  return { id: segment.id, text: segment.text, relevance };
}

function reasoning(status: string, matches: Match[], distinct: Set<string>, keywords: string[]): string {
  const first = matches[0];
  if (!first) return `Nothing in the transcript addresses this: none of ${quoteList(keywords)} came up.`;
  const where = `first at ${formatClock(first.segment.start)} by ${first.segment.speaker}`;
  if (status === 'PARTIALLY_MET')
    return `Touched on once (${quoteList([...distinct])}), ${where}, but not explored further.`;
  return `Covered in ${matches.length} moments (${quoteList([...distinct])}), ${where}.`;
}

function suggestion(status: string, item: AnalyzerChecklistItem): string {
  if (status === 'MET')
    return `Keep doing this, and confirm it in the follow-up email: ${lowerFirst(item.item_description)}`;
  if (status === 'PARTIALLY_MET') return `Go one question deeper next time: ${lowerFirst(item.item_description)}`;
  return `Make this part of the next call: ${lowerFirst(item.item_description)}`;
}

function assessment(items: readonly ServedChecklistItem[]): string {
  if (items.length === 0) return 'The organisation has no checklist items to evaluate.';
  const count = (status: string) => items.filter((item) => item.status === status).length;
  const met = items.filter((item) => item.status === 'MET');
  const missed = items.filter((item) => item.status === 'NOT_MET');
  const parts = [
    `${count('MET')} of ${items.length} checklist items met, ${count('PARTIALLY_MET')} partially met, ${missed.length} not met.`,
  ];
  if (met.length) parts.push(`Strong on: ${met.map((item) => item.item_text).join(', ')}.`);
  if (missed.length) parts.push(`Gaps to close: ${missed.map((item) => item.item_text).join(', ')}.`);
  return parts.join(' ');
}

const quoteList = (words: string[]) => words.map((word) => `"${word}"`).join(', ');
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
