import type { ChecklistEvaluation, VideoSummary } from '../../../shared/api';
import { humanize } from '../../../shared/humanize';
import { oneLine } from '../../../shared/one-line';
import { ownTitle, sectionText, summaryGroups } from '../summary-text';
import { exportedNotes } from './notes-markdown';
import { type ExportedCall, escapeMarkdown, markdownHeader } from './transcript-export';

const word = (value: string | null | undefined) => (value ? humanize(value) : '—');
/** A heading is one line: a line break would end it and start a paragraph of the rest. */
const heading = (text: string) => escapeMarkdown(oneLine(text));
/** Service text as Markdown paragraphs: escaped, its own line breaks kept. */
const paragraph = (text: string) => escapeMarkdown(text.trim()).replace(/\r\n?|\n/g, '  \n');

function summaryPart(summary: VideoSummary | null): string[] {
  if (!summary) return ['## Summary', '', 'This call has not been analysed yet.', ''];
  const sections = summaryGroups(summary.sections).flatMap(([group, inGroup]) => [
    `## ${heading(group)}`,
    '',
    ...inGroup.flatMap((section) => {
      const title = ownTitle(section, group);
      const text = sectionText(section.contents);
      return [...(title ? [`### ${heading(title)}`, ''] : []), ...(text.trim() ? [paragraph(text), ''] : [])];
    }),
  ]);
  // The notes are Markdown already; they go in as the call page shows them.
  const notes = summary.notes_markdown?.trim()
    ? ['## Notes', '', exportedNotes(summary.notes_markdown.trim()), '']
    : [];
  return [...sections, ...notes];
}

function checklistPart(checklist: ChecklistEvaluation | null): string[] {
  if (!checklist) return ['## Checklist', '', 'This call has not been evaluated yet.', ''];
  const items = checklist.items.flatMap((item) => [
    `### ${heading(item.item_text || '') || 'Unnamed item'}: ${word(item.status)}`,
    '',
    ...(item.item_description ? [paragraph(item.item_description), ''] : []),
    ...(item.reasoning ? [`**Why:** ${paragraph(item.reasoning)}`, ''] : []),
    ...(item.improvement_suggestion ? [`**Try next time:** ${paragraph(item.improvement_suggestion)}`, ''] : []),
    ...item.evidence.flatMap((evidence) => [
      `> “${paragraph(evidence.text)}”${evidence.relevance ? ` (${humanize(evidence.relevance).toLowerCase()} relevance)` : ''}`,
      '',
    ]),
  ]);
  return [
    '## Checklist',
    '',
    `Evaluation: ${word(checklist.status)}`,
    '',
    ...(checklist.overall_assessment?.trim()
      ? ['### Overall assessment', '', paragraph(checklist.overall_assessment), '']
      : []),
    ...items,
  ];
}

/**
 * The call's summary (sections by type, then the notes) and its checklist evaluation (overall
 * assessment, then each item with its status, reasoning, suggestion and evidence) as one Markdown
 * document. A part the call does not have yet says so, rather than leaving a reader to wonder.
 */
export function summaryMarkdown(
  call: ExportedCall,
  summary: VideoSummary | null,
  checklist: ChecklistEvaluation | null,
): string {
  const lines = [
    ...markdownHeader(call, 'summary and checklist'),
    ...summaryPart(summary),
    ...checklistPart(checklist),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
