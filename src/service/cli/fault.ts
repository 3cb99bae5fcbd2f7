import { parseArgs } from 'node:util';
import { setFault } from '../queries/faults';
import { withDatabase } from './data-dir';
import { UsageError } from './usage-error';

function parseSwitch(value: string | undefined): boolean {
  if (value !== 'on' && value !== 'off') throw new UsageError('a fault is switched with on or off');
  return value === 'on';
}

/** `fault set --data DIR key-verifier-down on|off`: rehearses an outage of key verification. */
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
  throw new UsageError('usage: fault set --data DIR key-verifier-down on|off');
}
