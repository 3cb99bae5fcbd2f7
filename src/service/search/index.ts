export { foldCase } from './fold-case';
export { searchTranscripts, type TranscriptSearch, type TranscriptSearchResult } from './search-transcripts';
