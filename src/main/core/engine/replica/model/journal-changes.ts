import type { DealChange, DealFields } from '../../../../../shared/what-changed';
import { epochMs } from '../timestamp';
import type { DealListField, JournalEntry } from './deal-journal';

/** What the copy holds of a deal now, beside its journal. */
export interface HeldDealFacts {
  title: string | null;
  status: string | null;
  ownerId: string | null;
  /** When the service says it was created (ms since the epoch); null when it does not say. */
  createdMs: number | null;
  /** Found gone from the service. */
  gone: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const amount = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function fieldsOf(values: unknown): DealFields {
  const held = (values ?? {}) as Partial<Record<DealListField, unknown>>;
  return {
    title: text(held.title),
    status: text(held.status),
    forecast_amount: amount(held.forecast_amount),
    close_date: text(held.close_date),
    owner_id: text(held.owner_id),
  };
}

/** A close date moved later: both are instants, and the new one is after the old. */
function pushedOut(entry: JournalEntry): boolean {
  const [before, after] = [epochMs(entry.before), epochMs(entry.after)];
  return before !== null && after !== null && after > before;
}

const simpleKinds = { status: 'status', title: 'title', owner_id: 'owner' } as const;

/**
 * The changes to deals the journal saw at or after `since`, one for each row: a change and its
 * undoing both show, as the journal holds both. `journal` is each such deal's whole journal,
 * oldest first, since a row's meaning can take the deal's earlier ones: a deal `added` after
 * earlier rows is back, and a close date's pushes are counted over all the copy saw.
 *
 * A deal `added` as its first row is new when the service says it was created at or after
 * `newFrom`: since the bookmark, or since the copy began watching (a deal created before a
 * bookmark that the copy saw only after it is new to the manager all the same). One created
 * before both was there all along and the copy only now sees it (its first sync, a wider scope):
 * those are counted, not listed.
 */
export function journalChanges(
  journal: readonly JournalEntry[],
  { since, newFrom }: { since: number; newFrom: number },
  dealOf: (dealId: string) => HeldDealFacts | null,
): { changes: DealChange[]; firstSeen: number } {
  const pushes = new Map<string, number>();
  for (const entry of journal) {
    if (entry.field === 'close_date' && pushedOut(entry)) pushes.set(entry.dealId, (pushes.get(entry.dealId) ?? 0) + 1);
  }
  const seen = new Set<string>();
  const changes: DealChange[] = [];
  let firstSeen = 0;
  for (const entry of journal) {
    const earlierRows = seen.has(entry.dealId);
    seen.add(entry.dealId);
    if (entry.seenAt < since) continue;
    const deal = dealOf(entry.dealId);
    const base = {
      key: `journal-${entry.seq}`,
      at: new Date(entry.seenAt).toISOString(),
      dealId: entry.dealId,
      dealTitle: deal?.title ?? fieldsOf(entry.before ?? entry.after).title,
      dealStatus: deal?.status ?? null,
      dealGone: deal?.gone ?? false,
      ownerId: deal?.ownerId ?? null,
    };
    switch (entry.field) {
      case 'status':
      case 'title':
      case 'owner_id':
        changes.push({ ...base, kind: simpleKinds[entry.field], before: text(entry.before), after: text(entry.after) });
        break;
      case 'forecast_amount':
        changes.push({ ...base, kind: 'amount', before: amount(entry.before), after: amount(entry.after) });
        break;
      case 'close_date':
        changes.push({
          ...base,
          kind: 'close-date',
          before: text(entry.before),
          after: text(entry.after),
          pushes: pushes.get(entry.dealId) ?? 0,
        });
        break;
      case 'probability':
        changes.push({
          ...base,
          kind: 'probability',
          before: amount(entry.before),
          after: amount(entry.after),
          factor: entry.factor,
        });
        break;
      case 'removed':
        changes.push({
          ...base,
          kind: 'removed',
          fields: fieldsOf(entry.before),
          createdAt: deal?.createdMs == null ? null : new Date(deal.createdMs).toISOString(),
        });
        break;
      case 'added': {
        const createdAt = deal?.createdMs == null ? null : new Date(deal.createdMs).toISOString();
        if (earlierRows) changes.push({ ...base, kind: 'back', fields: fieldsOf(entry.after), createdAt });
        else if (deal?.createdMs != null && deal.createdMs >= newFrom) {
          changes.push({ ...base, kind: 'new-deal', fields: fieldsOf(entry.after), createdAt });
        } else firstSeen += 1;
        break;
      }
    }
  }
  return { changes, firstSeen };
}
