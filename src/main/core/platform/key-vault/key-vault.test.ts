import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountFor } from './key-vault';
import { openKeyVault } from './open-key-vault';
import { createSessionKeyVault } from './session-key-vault';

/** Set by scripts/with-keyring.sh, which runs a real gnome-keyring in a private D-Bus session. */
const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

describe.skipIf(!underKeyring)(
  'the key vault against a real Secret Service (run under scripts/with-keyring.sh)',
  () => {
    it('stores, reads and deletes a key in the OS keychain', async () => {
      const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
      expect(vault.storage).toBe('keychain');
      expect(vault.problem).toBeNull();
      const account = accountFor('https://api.example.com', 'mem_1');

      await vault.set(account, 'sci_round_trip_key');
      expect(await vault.get(account)).toBe('sci_round_trip_key');
      expect(await vault.get(accountFor('https://api.example.com', 'mem_2'))).toBeNull();

      await vault.delete(account);
      expect(await vault.get(account)).toBeNull();
    });

    it('keeps a key across vault instances, as across app restarts', async () => {
      const service = `Callscope-test-${randomUUID()}`;
      await (await openKeyVault(service)).set('acct', 'sci_persisted');
      const reopened = await openKeyVault(service);
      expect(await reopened.get('acct')).toBe('sci_persisted');
      await reopened.delete('acct');
    });
  },
);

describe('the session key vault', () => {
  it('forgets keys when deleted and says why keys are session-only', async () => {
    const vault = createSessionKeyVault('no keychain here');
    await vault.set('a', 'sci_x');
    expect(await vault.get('a')).toBe('sci_x');
    await vault.delete('a');
    expect(await vault.get('a')).toBeNull();
    expect(vault).toMatchObject({ storage: 'session', problem: 'no keychain here' });
  });
});
