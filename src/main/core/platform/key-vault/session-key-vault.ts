import type { KeyVault } from './key-vault';

/** Keys in memory only, gone when the app quits: the fallback when no keychain works. */
export function createSessionKeyVault(problem: string): KeyVault {
  const keys = new Map<string, string>();
  return {
    storage: 'session',
    problem,
    get: async (account) => keys.get(account) ?? null,
    set: async (account, key) => {
      keys.set(account, key);
    },
    delete: async (account) => {
      keys.delete(account);
    },
  };
}
