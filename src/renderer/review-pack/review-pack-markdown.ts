import type { DealReviewPack, PackFactor, PackScoring } from '../../shared/deal-review-pack';
import { humanize } from '../../shared/humanize';
import { dealLink, momentLink } from '../../shared/moment-link';
import { oneLine } from '../../shared/one-line';
import type { PrivateNote } from '../../shared/private-notes';
import { escapeMarkdown } from '../calls/export/transcript-export';
import type { DealWarning, SnoozedWarning } from '../deals/deal-warnings';
import { placeLink, placeWords } from '../notes/note-place';
import { formatAmount, formatDate, formatDateTime, formatPercent } from '../shared-ui/format';
import { changeWords } from '../what-changed/change-words';
import { headingAnchor } from './heading-anchor';

export interface PackContext {
  /**
   * The deal page's warnings; undefined while their signals could not all be read; null when the
   * pack reads no signals (a roll-up row's), so it has no Warnings section.
   */
  warnings: readonly DealWarning[] | null | undefined;
  /** The deal's warnings the manager snoozed: listed with until when, counted nowhere. */
  snoozedWarnings?: readonly SnoozedWarning[];
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

const oneDecimal = (score: number) => Math.round(score * 10) / 10;

/** Each factor with its score and reason; `before` given, with how far its score moved since then. */
function factorLines(factors: readonly PackFactor[], before?: ReadonlyMap<string | null, number | null>): string[] {
  return factors.map((factor) => {
    const was = before?.get(factor.factorId);
    const moved =
      was === undefined || was === null || factor.score === null
        ? ''
        : ` (${factor.score >= was ? '+' : '−'}${oneDecimal(Math.abs(factor.score - was))})`;
    const score = factor.score === null ? '' : ` ${oneDecimal(factor.score)}${moved}`;
    const reason = factor.reason ? ` — ${inline(factor.reason)}` : '';
    return `  - ${inline(factor.factorId ? humanize(factor.factorId) : 'A factor')}${score}${reason}`;
  });
}

/**
 * The trend reads as what moved: each scoring after the first lists only the factors new or
 * scored otherwise than in the one before (the deal's facts list today's in full), so nine
 * unchanged factors are not printed again for every scoring.
 */
function movedFactors(scoring: PackScoring, previous: PackScoring | undefined): string[] {
  if (!previous) return [];
  const before = new Map(previous.factors.map((factor) => [factor.factorId, factor.score]));
  const moved = scoring.factors.filter(
    (factor) => !before.has(factor.factorId) || before.get(factor.factorId) !== factor.score,
  );
  return factorLines(moved, before);
}

const titleOf = (pack: DealReviewPack) => (pack.deal.title?.trim() ? pack.deal.title : 'Untitled deal');
const readWhen = (pack: DealReviewPack, when: (iso: string | null) => string) =>
  `read from the local copy ${when(pack.builtAt)}${pack.historyKnownSince ? ` · its history starts ${when(pack.historyKnownSince)}` : ''}`;

/**
 * A deal's review pack as one Markdown document: every fact, score, activity, checklist item,
 * warning and change is a line with a `callscope://` link to the deal, the call, or the line of
 * the call it rests on. Everything the service or a person wrote is escaped.
 */
export function reviewPackMarkdown(pack: DealReviewPack, context: PackContext): string {
  const when = (iso: string | null) => formatDateTime(iso, context.locale, context.timeZone);
  return [
    `# Deal review: ${inline(titleOf(pack))}`,
    '',
    `[Open the deal in Callscope](${dealLink(pack.deal.id)}) · ${readWhen(pack, when)}`,
    '',
    ...packLines(pack, context, '##'),
    '',
  ].join('\n');
}

/** A deal's pack below its heading: its facts, then its sections under headings of `level`. */
function packLines(pack: DealReviewPack, context: PackContext, level: string): string[] {
  const { deal } = pack;
  const { locale, timeZone, currency } = context;
  const toDeal = dealLink(deal.id);
  const day = (iso: string | null) => formatDate(iso, locale, timeZone);
  const when = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const nameOf = (memberId: string) => pack.names[memberId] ?? memberId;
  const pushes = pack.closeDateMoves.filter((move) => move.pushed).length;
  const section = (heading: string, lines: string[], none: string) => [
    '',
    `${level} ${heading}`,
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
  const trend = pack.scorings.flatMap((scoring, index) => [
    claim(`${when(scoring.at)}: ${formatPercent(scoring.probability, locale)}`, toDeal),
    ...movedFactors(scoring, pack.scorings[index - 1]),
  ]);
  const warnings =
    context.warnings === undefined
      ? ['Not known: the deal’s signals could not all be read.']
      : [
          ...(context.warnings ?? []).map((warning) => claim(inline(warning.text), toDeal)),
          ...(context.snoozedWarnings ?? []).map((warning) =>
            claim(`${inline(warning.text)}: snoozed until ${day(warning.until)}`, toDeal),
          ),
        ];
  const checklist = pack.checklist.map((item) => {
    const on = `on ${inline(item.callTitle ?? 'Untitled call')}, ${day(item.callAt)}`;
    const line = claim(`${inline(item.item ?? 'An item')}: ${word(item.status)} ${on}`, momentLink(item.callId));
    if (!item.quote) return line;
    return `${line}\n  - “${inline(item.quote.text)}” ([at the line](${momentLink(item.callId, item.quote.seconds)}))`;
  });
  const activities = pack.activities.map((activity) => {
    const what = `${when(activity.at)}: ${word(activity.action)} ${inline(activity.callTitle ?? (activity.callId ? 'a call' : 'a call not in this copy'))}${activity.memberId ? ` by ${inline(nameOf(activity.memberId))}` : ''}`;
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
    ...facts,
    ...section('Close date moves', closeDates, 'This copy saw no move of the close date.'),
    ...section(
      'Win probability trend',
      pack.scorings.length > 1
        ? ['Oldest first; each later scoring lists the factors that moved.', '', ...trend]
        : trend,
      'No scoring with a probability.',
    ),
    ...(context.warnings === null ? [] : section('Warnings', warnings, 'No warnings.')),
    ...section('Checklist coverage', checklist, 'No call of this deal has a checklist.'),
    ...section('Activities', activities, 'No activity.'),
    ...section('Calls', calls, 'No calls.'),
    ...section('Changes since the bookmark', [since, '', ...(changes.length > 0 ? changes : ['No changes.'])], ''),
    ...(context.notes ? section('My private notes', noteLines(context.notes, when), 'No notes.') : []),
  ];
}

/** A roll-up row's deals: what the pack is of, how many deals it has, and those packed. */
export interface RowPack {
  /** What the row is, in words: "Ana Silva · December 2026". */
  title: string;
  /** How many deals the row has; more than `packs` when it has more than one pack holds. */
  total: number;
  /** In the roll-up's order. */
  packs: readonly DealReviewPack[];
}

/**
 * A roll-up row's review pack as one Markdown document: a contents list of its deals in the
 * roll-up's order, each linking to its part below and to the deal, then each deal's pack as
 * it has it alone, without the warnings (they rest on signals each deal's page reads).
 */
export function rowReviewPackMarkdown(row: RowPack, context: Omit<PackContext, 'warnings'>): string {
  const { locale, timeZone, currency } = context;
  const when = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const first = row.packs[0];
  const headings = row.packs.map((pack, index) => `${index + 1}. ${oneLine(titleOf(pack))}`);
  const contents = row.packs.map((pack, index) => {
    const { deal } = pack;
    const owner = deal.ownerId ? ` · ${inline(pack.names[deal.ownerId] ?? deal.ownerId)}` : '';
    const amount = deal.forecastAmount === null ? 'no amount' : formatAmount(deal.forecastAmount, locale, currency);
    const figures = `${word(deal.status)} · ${amount} · closes ${formatDate(deal.closeDate, locale, timeZone)}`;
    return `${index + 1}. [${inline(titleOf(pack))}](#${headingAnchor(headings[index]!)})${owner} · ${figures} ([open](${dealLink(deal.id)}))`;
  });
  const left = row.total - row.packs.length;
  const cut =
    left > 0
      ? [
          `This pack holds the first ${row.packs.length} of the row’s ${row.total} deals, in the roll-up’s order: the other ${left} are left out. Pack a smaller cell of the roll-up (one owner, one month) for them.`,
          '',
        ]
      : [];
  return [
    `# Review pack: ${inline(row.title)}`,
    '',
    `${row.total} ${row.total === 1 ? 'deal' : 'deals'}, in the roll-up’s order${first ? ` · ${readWhen(first, when)}` : ''}`,
    '',
    ...cut,
    'Warnings rest on signals each deal’s page reads from the service: they are in the deal’s own pack (E on its page).',
    '',
    '## Contents',
    '',
    ...contents,
    ...row.packs.flatMap((pack, index) => [
      '',
      `## ${inline(headings[index]!)}`,
      '',
      ...packLines(pack, { ...context, warnings: null }, '###'),
    ]),
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
