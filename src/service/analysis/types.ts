import type { ServedChecklistItem, ServedSummarySection, ServedTranscriptSegment } from '../../shared/api/served';
import type { knownChecklistStatuses, knownSalesEventTypes } from '../../shared/api/videos';

/** The analyzer reads a call's transcript exactly as the API serves it. */
export type AnalyzerSegment = ServedTranscriptSegment;

export interface AnalyzerChecklistItem {
  id: string;
  item_text: string;
  item_description: string;
  keywords: readonly string[];
}

export interface AnalyzerInput {
  segments: readonly AnalyzerSegment[];
  checklist: readonly AnalyzerChecklistItem[];
}

export type SalesEventType = (typeof knownSalesEventTypes)[number];

export interface DetectedEvent {
  type: SalesEventType;
  text: string;
  start: number;
  end: number;
  segment_id: string;
}

/** Everything one analysis produces; the stored records add ids and times (replace-call-outputs.ts). */
export interface CallAnalysis {
  /** One sentence, used as the analysis `result.summary`. */
  headline: string;
  summary: { sections: ServedSummarySection[]; notes_markdown: string };
  checklist: {
    status: (typeof knownChecklistStatuses)[number];
    items: ServedChecklistItem[];
    overall_assessment: string;
  };
  events: DetectedEvent[];
}
