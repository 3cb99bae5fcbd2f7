import { randomBytes } from 'node:crypto';
import type { KeyVault } from '../../platform/key-vault/key-vault';

/** The keychain entry beside the workspace's API key (same service name, its own account). */
export function replicaKeyAccount(workspaceId: string): string {
  return `replica ${workspaceId}`;
}

/**
 * The workspace replica's 256-bit key, made on first use and kept in the OS keychain. Null when
 * keys live only for this session: a file whose key dies with the session is unreadable next time,
 * so the replica stays in memory instead.
 */
export async function replicaKey(vault: KeyVault, workspaceId: string): Promise<Buffer | null> {
  if (vault.storage !== 'keychain') return null;
  const account = replicaKeyAccount(workspaceId);
  const stored = keyFromEntry(await vault.get(account));
  if (stored) return stored;
  const made = randomBytes(32);
  await vault.set(account, made.toString('hex'));
  return made;
}

/** The key a keychain entry holds; null for none, or for an entry that is not a key. */
export function keyFromEntry(entry: string | null): Buffer | null {
  return entry && /^[0-9a-f]{64}$/.test(entry) ? Buffer.from(entry, 'hex') : null;
}
