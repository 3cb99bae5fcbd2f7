import { KEYCHAIN_SERVICE, type KeyVault } from './key-vault';

/** The slice of keytar we use (macOS Keychain, Windows Credential Vault, Secret Service). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function createKeytarKeyVault(keytar: KeytarLike, service = KEYCHAIN_SERVICE): KeyVault {
  return {
    storage: 'keychain',
    problem: null,
    get: (account) => keytar.getPassword(service, account),
    set: (account, key) => keytar.setPassword(service, account, key),
    delete: async (account) => {
      await keytar.deletePassword(service, account);
    },
  };
}
