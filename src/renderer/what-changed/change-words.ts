import { humanize } from '../../shared/humanize';
import type { DealChange, DealFields } from '../../shared/what-changed';
import { formatAmount, formatDate, formatPercent } from '../shared-ui/format';

export interface WordsContext {
  nameOf: (memberId: string) => string;
  currency: string | null;
  /** Fixed in tests; the reader's own in the app. */
  locale?: string;
  timeZone?: string;
}

/** A change as a row says it: what kind (`Amount up`), and the values (`€40,000 → €52,500 (+€12,500)`). */
export interface ChangeWords {
  label: string;
  detail: string;
  /** Whether the deal gained (a larger amount, a higher probability) or lost; null when neither is said. */
  direction: 'up' | 'down' | null;
}

const DAY_MS = 86_400_000;

const words = (value: string | null) => (value ? humanize(value) : '—');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function fieldsWords(fields: DealFields, context: WordsContext): string {
  const parts = [
    fields.status ? humanize(fields.status) : null,
    fields.forecast_amount === null ? null : formatAmount(fields.forecast_amount, context.locale, context.currency),
    fields.close_date ? `closes ${formatDate(fields.close_date, context.locale, context.timeZone)}` : null,
  ];
  return parts.filter(Boolean).join(' · ') || 'no status, amount or close date';
}

function amountWords(before: number | null, after: number | null, context: WordsContext): ChangeWords {
  const money = (value: number) => formatAmount(value, context.locale, context.currency);
  if (before === null && after === null) return { label: 'Amount', detail: '—', direction: null };
  if (before === null) return { label: 'Amount set', detail: money(after!), direction: null };
  if (after === null) return { label: 'Amount cleared', detail: `was ${money(before)}`, direction: null };
  const up = after > before;
  return {
    label: up ? 'Amount up' : 'Amount down',
    detail: `${money(before)} → ${money(after)} (${up ? '+' : '−'}${money(Math.abs(after - before))})`,
    direction: up ? 'up' : 'down',
  };
}

function closeDateWords(
  change: Extract<DealChange, { kind: 'close-date' }>,
  context: WordsContext,
): Omit<ChangeWords, 'direction'> {
  const day = (value: string) => formatDate(value, context.locale, context.timeZone);
  const pushes = change.pushes > 0 ? ` · pushed ${plural(change.pushes, 'time', 'times')} so far` : '';
  const { before, after } = change;
  if (before === null && after === null) return { label: 'Close date', detail: '—' };
  if (before === null) return { label: 'Close date set', detail: `${day(after!)}${pushes}` };
  if (after === null) return { label: 'Close date cleared', detail: `was ${day(before)}${pushes}` };
  const days = Math.round((Date.parse(after) - Date.parse(before)) / DAY_MS);
  const moved = `${day(before)} → ${day(after)}`;
  if (days > 0)
    return { label: 'Close date pushed out', detail: `${moved} (${plural(days, 'day', 'days')} later)${pushes}` };
  if (days < 0) {
    return { label: 'Close date pulled in', detail: `${moved} (${plural(-days, 'day', 'days')} sooner)${pushes}` };
  }
  return { label: 'Close date moved', detail: `${moved}${pushes}` };
}

function probabilityWords(change: Extract<DealChange, { kind: 'probability' }>, context: WordsContext): ChangeWords {
  const percent = (value: number | null) => (value === null ? 'not scored' : formatPercent(value, context.locale));
  const { before, after, factor } = change;
  const direction = before !== null && after !== null ? (after > before ? 'up' : after < before ? 'down' : null) : null;
  const score = (value: number | null) => (value === null ? 'none' : String(Math.round(value * 10) / 10));
  const moved = factor
    ? ` · most moved: ${factor.factorId ? humanize(factor.factorId) : 'a factor'} ${score(factor.before)} → ${score(factor.after)}${factor.reason ? ` — ${factor.reason}` : ''}`
    : '';
  return {
    label:
      direction === 'up' ? 'Win probability up' : direction === 'down' ? 'Win probability down' : 'Win probability',
    detail: `${percent(before)} → ${percent(after)}${moved}`,
    direction,
  };
}

/** What a row of What changed says of one change. */
export function changeWords(change: DealChange, context: WordsContext): ChangeWords {
  const name = (memberId: string | null) => (memberId ? context.nameOf(memberId) : 'no owner');
  const plain = (label: string, detail: string): ChangeWords => ({ label, detail, direction: null });
  switch (change.kind) {
    case 'status':
      return plain('Status', `${words(change.before)} → ${words(change.after)}`);
    case 'title':
      return plain('Renamed', `“${change.before ?? '—'}” → “${change.after ?? '—'}”`);
    case 'owner':
      return plain('Owner', `${name(change.before)} → ${name(change.after)}`);
    case 'amount':
      return amountWords(change.before, change.after, context);
    case 'close-date':
      return { ...closeDateWords(change, context), direction: null };
    case 'probability':
      return probabilityWords(change, context);
    case 'new-deal': {
      const created = change.createdAt
        ? ` · created ${formatDate(change.createdAt, context.locale, context.timeZone)}`
        : '';
      return plain('New deal', `${fieldsWords(change.fields, context)}${created}`);
    }
    case 'back':
      return plain('Back in the pipeline', fieldsWords(change.fields, context));
    case 'removed':
      return plain('Removed', `was ${fieldsWords(change.fields, context)}`);
    case 'call': {
      const by =
        change.linkedBy !== null
          ? ` · linked by ${context.nameOf(change.linkedBy)}`
          : change.attributedBy === 'speaker' && change.ownerId
            ? ` · ${context.nameOf(change.ownerId)} speaks on it`
            : '';
      return plain('New call', `${change.callTitle ?? 'Untitled call'}${change.dealId ? '' : ' · no deal'}${by}`);
    }
    case 'activity':
      return plain(
        change.action ? humanize(change.action) : 'Activity',
        `${change.callTitle ?? (change.callId ? 'a call' : 'no call')}${change.memberId ? ` by ${context.nameOf(change.memberId)}` : ''}`,
      );
    case 'checklist': {
      const was = change.was
        ? ` · was ${words(change.was.status).toLowerCase()} on ${change.was.callTitle ?? 'an earlier call'}`
        : change.dealId
          ? ' · first assessed for this deal'
          : '';
      return plain('Checklist not met', `“${change.item ?? 'An item'}” on ${change.callTitle ?? 'the call'}${was}`);
    }
  }
}
