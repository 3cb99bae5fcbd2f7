export { foldCase, prepareUnfolding } from './fold-case';
export { defaultTuning, type SearchTuning } from './search-index';
export { searchTranscripts, type TranscriptSearch, type TranscriptSearchResult } from './search-transcripts';
