import type { DealReviewPack, PackFactor } from '../../shared/deal-review-pack';
import { humanize } from '../../shared/humanize';
import { dealLink, momentLink } from '../../shared/moment-link';
import { oneLine } from '../../shared/one-line';
import type { PrivateNote } from '../../shared/private-notes';
import { escapeMarkdown } from '../calls/export/transcript-export';
import type { DealWarning } from '../deals/deal-warnings';
import { placeLink, placeWords } from '../notes/note-place';
import { formatAmount, formatDate, formatDateTime, formatPercent } from '../shared-ui/format';
import { changeWords } from '../what-changed/change-words';

export interface PackContext {
  /** The deal page's warnings; undefined while their signals could not all be read. */
  warnings: readonly DealWarning[] | undefined;
  currency: string | null;
  /** The manager's private notes on the deal and its calls, only when they chose to include them. */
  notes?: readonly PrivateNote[];
  /** Fixed in tests; the reader's own in the app. */
  locale?: string;
  timeZone?: string;
}

/** Service text on one line, escaped: a line break would end a list item, a `]` a link's text. */
const inline = (text: string) => escapeMarkdown(oneLine(text));
const word = (value: string | null) => (value ? humanize(value) : '—');
/** Every claim carries the link that shows it in Callscope. */
const claim = (text: string, link: string) => `- ${text} ([open](${link}))`;

function factorLines(factors: readonly PackFactor[]): string[] {
  return factors.map((factor) => {
    const score = factor.score === null ? '' : ` ${Math.round(factor.score * 10) / 10}`;
    const reason = factor.reason ? ` — ${inline(factor.reason)}` : '';
    return `  - ${inline(factor.factorId ? humanize(factor.factorId) : 'A factor')}${score}${reason}`;
  });
}

/**
 * A deal's review pack as one Markdown document: every fact, score, activity, checklist item,
 * warning and change is a line with a `callscope://` link to the deal, the call, or the line of
 * the call it rests on. Everything the service or a person wrote is escaped.
 */
export function reviewPackMarkdown(pack: DealReviewPack, context: PackContext): string {
  const { deal } = pack;
  const { locale, timeZone, currency } = context;
  const toDeal = dealLink(deal.id);
  const day = (iso: string | null) => formatDate(iso, locale, timeZone);
  const when = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const nameOf = (memberId: string) => pack.names[memberId] ?? memberId;
  const title = deal.title?.trim() ? deal.title : 'Untitled deal';
  const pushes = pack.closeDateMoves.filter((move) => move.pushed).length;
  const section = (heading: string, lines: string[], none: string) => [
    '',
    `## ${heading}`,
    '',
    ...(lines.length > 0 ? lines : [none]),
  ];

  const facts = [
    claim(`Status: ${word(deal.status)}${deal.gone ? ' (gone from the service; as last seen)' : ''}`, toDeal),
    claim(`Owner: ${inline(deal.ownerId ? nameOf(deal.ownerId) : 'no owner')}`, toDeal),
    claim(`Forecast amount: ${formatAmount(deal.forecastAmount, locale, currency)}`, toDeal),
    claim(
      `Close date: ${day(deal.closeDate)} (pushed out ${pushes} ${pushes === 1 ? 'time' : 'times'} as this copy saw it)`,
      toDeal,
    ),
    claim(
      `Win probability: ${deal.probability === null ? 'not scored' : formatPercent(deal.probability, locale)}`,
      toDeal,
    ),
    ...factorLines(deal.factors),
  ];
  const closeDates = pack.closeDateMoves.map((move) =>
    claim(
      `${when(move.at)}: ${move.pushed ? 'pushed out' : 'moved'} from ${day(move.before)} to ${day(move.after)}`,
      toDeal,
    ),
  );
  const trend = pack.scorings.flatMap((scoring) => [
    claim(`${when(scoring.at)}: ${formatPercent(scoring.probability, locale)}`, toDeal),
    ...factorLines(scoring.factors),
  ]);
  const warnings =
    context.warnings === undefined
      ? ['Not known: the deal’s signals could not all be read.']
      : context.warnings.map((warning) => claim(inline(warning.text), toDeal));
  const checklist = pack.checklist.map((item) => {
    const on = `on ${inline(item.callTitle ?? 'Untitled call')}, ${day(item.callAt)}`;
    const line = claim(`${inline(item.item ?? 'An item')}: ${word(item.status)} ${on}`, momentLink(item.callId));
    if (!item.quote) return line;
    return `${line}\n  - “${inline(item.quote.text)}” ([at the line](${momentLink(item.callId, item.quote.seconds)}))`;
  });
  const activities = pack.activities.map((activity) => {
    const what = `${when(activity.at)}: ${word(activity.action)} ${inline(activity.callTitle ?? (activity.callId ? 'a call' : 'no call'))}${activity.memberId ? ` by ${inline(nameOf(activity.memberId))}` : ''}`;
    return claim(what, activity.callId ? momentLink(activity.callId) : toDeal);
  });
  const calls = pack.calls.map((call) =>
    claim(`${day(call.at)}: ${inline(call.title ?? 'Untitled call')}`, momentLink(call.id)),
  );
  const changes = pack.changes.map((change) => {
    const words = changeWords(change, { nameOf, currency, locale, timeZone });
    const link = 'callId' in change && change.callId ? momentLink(change.callId) : toDeal;
    return claim(`${when(change.at)}: ${inline(words.label)}: ${inline(words.detail)}`, link);
  });
  const since =
    pack.since.at === null
      ? 'This copy knows no history of the deals yet.'
      : `Since ${pack.since.from === 'bookmark' && pack.since.name ? `“${inline(pack.since.name)}”, ` : ''}${when(pack.since.at)}.`;

  return [
    `# Deal review: ${inline(title)}`,
    '',
    `[Open the deal in Callscope](${toDeal}) · read from the local copy ${when(pack.builtAt)}${pack.historyKnownSince ? ` · its history starts ${when(pack.historyKnownSince)}` : ''}`,
    '',
    ...facts,
    ...section('Close date moves', closeDates, 'This copy saw no move of the close date.'),
    ...section('Win probability trend', trend, 'No scoring with a probability.'),
    ...section('Warnings', warnings, 'No warnings.'),
    ...section('Checklist coverage', checklist, 'No call of this deal has a checklist.'),
    ...section('Activities', activities, 'No activity.'),
    ...section('Calls', calls, 'No calls.'),
    ...section('Changes since the bookmark', [since, '', ...(changes.length > 0 ? changes : ['No changes.'])], ''),
    ...(context.notes ? section('My private notes', noteLines(context.notes, when), 'No notes.') : []),
    '',
  ].join('\n');
}

/** Each note on one line, where it was written and when, linking to its place. */
export function noteLines(notes: readonly PrivateNote[], when: (iso: string | null) => string): string[] {
  return notes.map((note) => {
    const text = `${inline(placeWords(note.place, note.placeName))}, ${when(note.updatedAt)}: ${inline(note.body)}`;
    const link = placeLink(note);
    return link ? claim(text, link) : `- ${text}`;
  });
}
