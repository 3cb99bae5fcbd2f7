import { parseArgs } from 'node:util';
import { setFault } from '../queries/faults';
import { withDatabase } from './data-dir';
import { UsageError } from './usage-error';

function parseSwitch(value: string | undefined): boolean {
  if (value !== 'on' && value !== 'off') throw new UsageError('a fault is switched with on or off');
  return value === 'on';
}

/**
 * `fault set --data DIR key-verifier-down on|off`: rehearses an outage of key verification;
 * `fault set --data DIR job-fail ID on|off`: makes the jobs of a call or deal fail.
 */
export function faultSetCommand(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { data: { type: 'string' } },
  });
  const [fault, ...rest] = positionals;
  if (fault === 'key-verifier-down' && rest.length === 1) {
    const on = parseSwitch(rest[0]);
    withDatabase(values.data, (db) => setFault(db, 'key-verifier-down', on));
    return;
  }
  // design.md: the next analyses of that call, or scorings of that deal, fail with injected_failure.
  if (fault === 'job-fail' && rest.length === 2) {
    const [id, state] = rest as [string, string];
    const on = parseSwitch(state);
    withDatabase(values.data, (db) => setFault(db, `job-fail:${id}`, on));
    return;
  }
  throw new UsageError('usage: fault set --data DIR key-verifier-down on|off | job-fail CALL_OR_DEAL_ID on|off');
}
