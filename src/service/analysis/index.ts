export { analyzeCall } from './analyze-call';
export { type ReplaceCallOutputsInput, replaceCallOutputs, type StoredOutputs } from './replace-call-outputs';
export { TranscriptUnavailableError } from './transcript-unavailable';
export type { AnalyzerChecklistItem, AnalyzerInput, AnalyzerSegment, CallAnalysis, DetectedEvent } from './types';
