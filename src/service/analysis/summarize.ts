import type { ServedSummarySection } from '../../shared/api/served';
import { isBuyer } from './detect-events';
import { formatClock } from './format';
import type { AnalyzerSegment, DetectedEvent, SalesEventType } from './types';

const MAX_LINES_PER_SECTION = 6;

/** Key points lead with what a manager asks first about a deal. */
const keyPointTopics: readonly (readonly [SalesEventType, string])[] = [
  ['BUDGET', 'Budget'],
  ['PRICING', 'Pricing'],
  ['DECISION_MAKER', 'Decision makers'],
  ['TIMELINE', 'Timeline'],
  ['COMPETITOR', 'Competition'],
];

/** Someone committing to do something for the deal, not "I'll keep us on time". */
const commitment =
  /\b(I'll|I will|we'll|we will|let me) (send|follow|check|schedule|set up|get back|ask|run|bring|pull|put|come back|book|review|introduce|prepare|draft|loop)\b/i;

interface Summary {
  headline: string;
  sections: ServedSummarySection[];
  notes_markdown: string;
}

/**
 * An extractive summary: every line quotes what was said (with who said it), so nothing in it
 * can disagree with the transcript.
 */
export function summarize(segments: readonly AnalyzerSegment[], events: readonly DetectedEvent[]): Summary {
  const bySegment = new Map(segments.map((segment) => [segment.id, segment]));
  /** The most telling mention of a topic: one with a figure (amount, date, count), else the fullest. */
  const bestOf = (type: SalesEventType) => {
    const ofType = events.filter((event) => event.type === type);
    const longest = ofType.reduce<DetectedEvent | undefined>(
      (best, event) => (best && best.text.length >= event.text.length ? best : event),
      undefined,
    );
    return ofType.find((event) => /\d/.test(event.text)) ?? longest;
  };
  const quote = (segment: AnalyzerSegment, sentence = segment.text) => `${segment.speaker}: ${sentence}`;

  const keyPoints = [
    overview(segments),
    ...keyPointTopics.flatMap(([type, label]) => {
      const event = bestOf(type);
      const segment = event && bySegment.get(event.segment_id);
      return segment ? [`${label} (${formatClock(segment.start)}): ${quote(segment)}`] : [];
    }),
  ];
  const actionItems = segments.flatMap((segment) => {
    const sentence = sentences(segment.text).find((s) => commitment.test(s));
    return sentence ? [quote(segment, sentence)] : [];
  });
  const nextSteps = events
    .filter((event) => event.type === 'NEXT_STEP')
    .map((event) => bySegment.get(event.segment_id)!)
    .map((segment) => quote(segment));
  const objections = events
    .filter((event) => event.type === 'OBJECTION')
    .map((event) => {
      const segment = bySegment.get(event.segment_id)!;
      const answer = segments.find((other) => other.start > segment.start && !isBuyer(other));
      return answer ? `${quote(segment)} Answer: ${quote(answer)}` : quote(segment);
    });

  const sections: ServedSummarySection[] = [
    section('KEY_POINTS', 'Key points', keyPoints, 'No key points stood out.'),
    section('ACTION_ITEMS', 'Action items', actionItems, 'Nobody committed to an action.'),
    section('NEXT_STEPS', 'Next steps', nextSteps, 'No next steps were agreed.'),
    section('OBJECTIONS', 'Objections', objections, 'The buyer raised no objections.'),
  ];
  return { headline: headline(segments, events), sections, notes_markdown: notesMarkdown(sections) };
}

function section(type: string, title: string, lines: string[], whenEmpty: string): ServedSummarySection {
  const unique = [...new Set(lines)].slice(0, MAX_LINES_PER_SECTION);
  return { id: `sec_${type.toLowerCase()}`, title, type, contents: unique.length ? unique.join('\n') : whenEmpty };
}

function overview(segments: readonly AnalyzerSegment[]): string {
  const sellers = speakersWhere(segments, (s) => !isBuyer(s));
  const buyers = speakersWhere(segments, isBuyer);
  const minutes = Math.max(1, Math.round((segments.at(-1)!.end - segments[0]!.start) / 60));
  const parts = [sellers.length && `${sellers.join(', ')} (seller)`, buyers.length && `${buyers.join(', ')} (buyer)`];
  return `A ${minutes}-minute call with ${parts.filter(Boolean).join(' and ')}, ${segments.length} transcript lines.`;
}

function speakersWhere(segments: readonly AnalyzerSegment[], keep: (segment: AnalyzerSegment) => boolean): string[] {
  return [...new Set(segments.filter(keep).map((segment) => segment.speaker))];
}

const topicWords: Record<SalesEventType, string> = {
  PRICING: 'pricing',
  BUDGET: 'budget',
  COMPETITOR: 'competitors',
  OBJECTION: 'objections',
  DECISION_MAKER: 'decision makers',
  TIMELINE: 'timeline',
  NEXT_STEP: 'next steps',
};

function headline(segments: readonly AnalyzerSegment[], events: readonly DetectedEvent[]): string {
  const minutes = Math.max(1, Math.round((segments.at(-1)!.end - segments[0]!.start) / 60));
  const topics = [...new Set(events.map((event) => topicWords[event.type]))];
  if (topics.length === 0) return `A ${minutes}-minute call with no sales topics detected.`;
  const list = topics.length === 1 ? topics[0] : `${topics.slice(0, -1).join(', ')} and ${topics.at(-1)}`;
  return `A ${minutes}-minute call covering ${list}.`;
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 0);
}

/** Quoted speech is escaped so a `*` or `_` someone said is shown, not turned into emphasis. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

function notesMarkdown(sections: readonly ServedSummarySection[]): string {
  return sections
    .map(
      (s) =>
        `## ${s.title}\n\n${s.contents
          .split('\n')
          .map((line) => `- ${escapeMarkdown(line)}`)
          .join('\n')}`,
    )
    .join('\n\n');
}
