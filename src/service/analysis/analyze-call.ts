import { detectSalesEvents } from './detect-events';
import { evaluateChecklist } from './evaluate-checklist';
import { summarize } from './summarize';
import { TranscriptUnavailableError } from './transcript-unavailable';
import type { AnalyzerInput, CallAnalysis } from './types';

/**
 * Analyses one call from its transcript alone: pure and deterministic (no model, no clock, no
 * randomness), so the same transcript and checklist always give the same outputs. Throws
 * TranscriptUnavailableError when no segment has any words.
 */
export function analyzeCall(input: AnalyzerInput): CallAnalysis {
  const segments = input.segments
    .filter((segment) => segment.text.trim().length > 0)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  if (segments.length === 0) throw new TranscriptUnavailableError();
  const events = detectSalesEvents(segments);
  const { headline, sections, notes_markdown } = summarize(segments, events);
  return {
    headline,
    summary: { sections, notes_markdown },
    checklist: evaluateChecklist(segments, input.checklist),
    events,
  };
}
