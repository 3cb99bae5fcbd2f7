import type { KeyStorage } from '../../../../shared/bridge';

/**
 * Where API keys live. One entry per workspace, named by `accountFor`. Implementations never
 * log, return in an error, or write a key to a plain file; swapping the backend touches only
 * `open-key-vault.ts`.
 */
export interface KeyVault {
  readonly storage: KeyStorage;
  /** Why keys are kept only for this session, in words for the person; null when stored safely. */
  readonly problem: string | null;
  get(account: string): Promise<string | null>;
  set(account: string, key: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** The keychain's service name; the account says which service and which member the key is for. */
export const KEYCHAIN_SERVICE = 'Callscope';

export function accountFor(baseUrl: string, memberId: string): string {
  return `${baseUrl} ${memberId}`;
}
