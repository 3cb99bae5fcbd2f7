import { parseArgs } from 'node:util';
import { allScopes, type Scope, Scope as ScopeSchema } from '../../shared/api/scopes';
import { issueKey, mintUnregisteredKey, UnknownMemberError } from '../auth/issue-key';
import type { RateLimit } from '../ratelimit/rate-limit';
import { requireOrganization, withDatabase } from './data-dir';
import { UsageError } from './usage-error';

function parseScopes(value: string | undefined): Scope[] {
  if (value === undefined || value === 'all') return [...allScopes];
  return value.split(',').map((name) => {
    const scope = ScopeSchema.safeParse(name.trim());
    if (!scope.success) throw new UsageError(`unknown scope "${name}"; scopes are ${allScopes.join(', ')} or all`);
    return scope.data;
  });
}

function parseRateLimit(value: string | undefined): RateLimit | null {
  if (value === undefined) return null;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || seconds < 1) {
    throw new UsageError('--rate-limit must read N/SECONDS with both at least 1, e.g. 10/60');
  }
  return { requests, seconds };
}

/** `keys issue`: prints only the new key, so scripts can capture it. */
export function keysIssueCommand(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      data: { type: 'string' },
      org: { type: 'string' },
      member: { type: 'string' },
      scopes: { type: 'string' },
      'rate-limit': { type: 'string' },
    },
  });
  const scopes = parseScopes(values.scopes);
  const rateLimit = parseRateLimit(values['rate-limit']);
  if (!values.member) throw new UsageError('--member ID is required');
  const key = withDatabase(values.data, (db) => {
    const orgId = requireOrganization(db, values.org);
    try {
      return issueKey(db, { orgId, memberId: values.member as string, scopes, rateLimit });
    } catch (error) {
      if (error instanceof UnknownMemberError) throw new UsageError(error.message);
      throw error;
    }
  });
  console.log(key);
}

/** `keys mint-unregistered`: a validly signed key with no metadata (interface, Authentication 5). */
export function keysMintUnregisteredCommand(args: string[]): void {
  const { values } = parseArgs({ args, strict: true, options: { data: { type: 'string' } } });
  console.log(withDatabase(values.data, mintUnregisteredKey));
}
