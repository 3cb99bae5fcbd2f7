import { parseArgs } from 'node:util';
import { requireOrganization, withDatabase } from './data-dir';
import { UsageError } from './usage-error';

/** `org set-active`: an inactive organisation's keys get 403 forbidden on the next request. */
export function orgSetActiveCommand(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { data: { type: 'string' }, org: { type: 'string' }, active: { type: 'string' } },
  });
  if (values.active !== 'true' && values.active !== 'false') throw new UsageError('--active must be true or false');
  const active = values.active === 'true' ? 1 : 0;
  withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    db.prepare('UPDATE organizations SET active = ? WHERE id = ?').run(active, orgId);
  });
}
