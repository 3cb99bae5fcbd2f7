/** A request to bring one transcript segment into view and mark it; `seq` makes a repeated jump count. */
export interface TranscriptFocus {
  segmentId: string;
  highlight: string | null;
  seq: number;
}
