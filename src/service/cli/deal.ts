import { parseArgs } from 'node:util';
import { type DealChanges, updateDeal } from '../queries/deals';
import { requireOrganization, withDatabase } from './data-dir';
import { UsageError } from './usage-error';

/** The statuses a deal may be set to: the detail's values, and DELETED (which the list filter accepts). */
const statuses = ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED', 'DELETED'];

/** What an operator's flag sets a column to: its value, or `none` for null. */
function orNull<T>(value: string | undefined, read: (text: string) => T): T | null | undefined {
  if (value === undefined) return undefined;
  return value === 'none' ? null : read(value);
}

function amount(text: string): number {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new UsageError(`--amount must be a number or none, not ${text}`);
  return Number(text);
}

function closeDate(text: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text;
  const at = Date.parse(day);
  if (Number.isNaN(at))
    throw new UsageError(`--close-date must be a date (2026-12-31), a date-time or none, not ${text}`);
  return new Date(at).toISOString();
}

/**
 * `deal set --data DIR --org ID --deal ID [--status S] [--amount N|none] [--close-date D|none]
 * [--owner ID|none] [--title T]`: changes a deal as the CRM behind the service would, moving its
 * `updated_at`; a running server answers with it on its next request.
 */
export function dealSetCommand(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      data: { type: 'string' },
      org: { type: 'string' },
      deal: { type: 'string' },
      status: { type: 'string' },
      amount: { type: 'string' },
      'close-date': { type: 'string' },
      owner: { type: 'string' },
      title: { type: 'string' },
    },
  });
  if (!values.deal) throw new UsageError('--deal ID is required');
  if (values.status !== undefined && !statuses.includes(values.status)) {
    throw new UsageError(`--status must be one of ${statuses.join(', ')}`);
  }
  const changes: DealChanges = {
    status: values.status,
    title: values.title,
    forecast_amount: orNull(values.amount, amount),
    close_date: orNull(values['close-date'], closeDate),
    owner_id: orNull(values.owner, (id) => id),
  };
  if (Object.values(changes).every((value) => value === undefined)) {
    throw new UsageError('give at least one of --status, --amount, --close-date, --owner, --title');
  }
  withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    if (!db.prepare('SELECT 1 FROM deals WHERE id = ? AND org_id = ?').get(values.deal, orgId)) {
      throw new UsageError(`no deal ${values.deal} in ${orgId}`);
    }
    const owner = changes.owner_id;
    if (
      typeof owner === 'string' &&
      !db.prepare('SELECT 1 FROM members WHERE id = ? AND org_id = ?').get(owner, orgId)
    ) {
      throw new UsageError(`no member ${owner} in ${orgId}`);
    }
    updateDeal(db, values.deal!, changes, new Date().toISOString());
  });
}
