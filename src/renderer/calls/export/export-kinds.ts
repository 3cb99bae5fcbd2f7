import type { ChecklistEvaluation, VideoSummary } from '../../../shared/api';
import { exportFileName, fileDate } from '../../../shared/export-file-name';
import type { TranscriptLine } from '../transcript-lines';
import type { ExportFile } from './save-export';
import { summaryMarkdown } from './summary-export';
import {
  type ExportedCall,
  transcriptCsv,
  transcriptMarkdown,
  transcriptPlainText,
  transcriptWebVtt,
} from './transcript-export';

/** Everything a call's exports are made from, as the call page has read it. */
export interface CallExportSource {
  call: ExportedCall & { createdAt: string | null | undefined };
  lines: readonly TranscriptLine[];
  summary: VideoSummary | null;
  checklist: ChecklistEvaluation | null;
}

export interface ExportKind {
  id: string;
  label: string;
  /** Which read the export needs before it can be made. */
  needs: 'transcript' | 'summary';
  file: { what: string; extension: string; type: string };
  build(source: CallExportSource): string;
}

export const exportKinds: readonly ExportKind[] = [
  {
    id: 'transcript-markdown',
    label: 'Transcript as Markdown',
    needs: 'transcript',
    file: { what: 'transcript', extension: 'md', type: 'text/markdown' },
    build: (source) => transcriptMarkdown(source.call, source.lines),
  },
  {
    id: 'transcript-text',
    label: 'Transcript as plain text',
    needs: 'transcript',
    file: { what: 'transcript', extension: 'txt', type: 'text/plain' },
    build: (source) => transcriptPlainText(source.call, source.lines),
  },
  {
    id: 'transcript-webvtt',
    label: 'Transcript as WebVTT subtitles',
    needs: 'transcript',
    file: { what: 'transcript', extension: 'vtt', type: 'text/vtt' },
    build: (source) => transcriptWebVtt(source.lines),
  },
  {
    id: 'transcript-csv',
    label: 'Transcript as CSV (speaker, role, start, end, text)',
    needs: 'transcript',
    file: { what: 'transcript', extension: 'csv', type: 'text/csv' },
    build: (source) => transcriptCsv(source.lines),
  },
  {
    id: 'summary-markdown',
    label: 'Summary and checklist as Markdown',
    needs: 'summary',
    file: { what: 'summary', extension: 'md', type: 'text/markdown' },
    build: (source) => summaryMarkdown(source.call, source.summary, source.checklist),
  },
];

/** The file of one export: named from the call's title and the day it was recorded. */
export function exportFile(kind: ExportKind, source: CallExportSource): ExportFile {
  const name = exportFileName({ title: source.call.title, date: fileDate(source.call.createdAt), ...kind.file });
  return { name, type: kind.file.type, text: kind.build(source) };
}
