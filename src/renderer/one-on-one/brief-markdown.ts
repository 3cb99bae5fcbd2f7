import { dealLink, momentLink } from '../../shared/moment-link';
import { oneLine } from '../../shared/one-line';
import type { BriefCall, OneOnOneBrief } from '../../shared/one-on-one';
import { escapeMarkdown } from '../calls/export/transcript-export';
import { noteLines } from '../review-pack/review-pack-markdown';
import { formatDate, formatDateTime } from '../shared-ui/format';
import { changeWords } from '../what-changed/change-words';
import { sinceWords, WORTH_AN_HOUR_RULE } from './brief-words';

const inline = (text: string) => escapeMarkdown(oneLine(text));

export interface BriefContext {
  name: string;
  currency: string | null;
  /** Fixed in tests; the reader's own in the app. */
  locale?: string;
  timeZone?: string;
}

/** A rep's 1:1 brief as one Markdown document, each call and deal with its callscope:// link. */
export function briefMarkdown(brief: OneOnOneBrief, context: BriefContext): string {
  const { locale, timeZone, currency } = context;
  const when = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const nameOf = (memberId: string) => brief.names[memberId] ?? memberId;
  const callLine = (call: BriefCall) =>
    `- ${formatDate(call.createdAt, locale, timeZone)}: ${inline(call.title ?? 'Untitled call')}${call.dealTitle ? ` (${inline(call.dealTitle)})` : ''} ([open](${momentLink(call.id)}))`;
  const callWithMisses = (call: BriefCall) => [
    callLine(call),
    ...call.misses.map(
      (miss) =>
        `  - Not met: ${inline(miss.item)}${miss.improvement ? ` — try: ${inline(miss.improvement)}` : ''} ([open](${momentLink(call.id)}))`,
    ),
  ];
  const section = (heading: string, lines: string[], none: string) => [
    '',
    `## ${heading}`,
    '',
    ...(lines.length > 0 ? lines : [none]),
  ];
  const changes = brief.changes.map((change) => {
    const words = changeWords(change, { nameOf, currency, locale, timeZone });
    const link = 'callId' in change && change.callId ? momentLink(change.callId) : dealLink(change.dealId ?? '');
    return `- ${when(change.at)}: ${inline(change.dealTitle ?? 'A deal')}: ${inline(words.label)}: ${inline(words.detail)} ([open](${link}))`;
  });
  const items = brief.actionItems.map((item) => `- [${item.doneAt ? 'x' : ' '}] ${inline(item.text)}`);
  return [
    `# 1:1 brief: ${inline(context.name)}`,
    '',
    `${sinceWords(brief.since, locale, timeZone)} Read from the local copy ${when(brief.builtAt)}.`,
    ...section('Action items', items, 'No action items.'),
    ...section('What changed in their deals', changes, 'No change in their deals.'),
    ...section(
      'The three calls most worth an hour',
      [WORTH_AN_HOUR_RULE, '', ...brief.worthAnHour.flatMap(callWithMisses)],
      '',
    ),
    ...section('Added from the review queue', brief.queued.map(callLine), 'None.'),
    ...section('Calls since then', brief.calls.flatMap(callWithMisses), 'No calls.'),
    ...section('My private notes', noteLines(brief.notes, when), 'No notes.'),
    '',
  ].join('\n');
}
