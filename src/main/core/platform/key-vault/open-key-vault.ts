import { createRequire } from 'node:module';
import { KEYCHAIN_SERVICE, type KeyVault } from './key-vault';
import { createKeytarKeyVault, type KeytarLike } from './keytar-key-vault';
import { createSessionKeyVault } from './session-key-vault';

const PROBE_ACCOUNT = 'callscope-keychain-probe';
/** libsecret waits on D-Bus; a keychain that does not answer this fast is as good as absent. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Required at run time rather than imported, so bundlers leave the native module in
 * node_modules, where electron-builder rebuilds it for Electron's ABI.
 */
function loadKeytar(): KeytarLike {
  return createRequire(import.meta.url)('keytar') as KeytarLike;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('the keychain did not answer')), ms).unref()),
  ]);
}

function keychainProblem(error: unknown): string {
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `No OS keychain is available (${detail}), so API keys are kept in memory for this session only and must be entered again after a restart.`;
}

/**
 * The OS keychain through keytar when it loads and answers a probe (on Linux that needs a
 * running Secret Service such as gnome-keyring); otherwise a session-only vault that says why.
 */
export async function openKeyVault(service = KEYCHAIN_SERVICE): Promise<KeyVault> {
  try {
    const keytar = loadKeytar();
    await withTimeout(keytar.getPassword(service, PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
    return createKeytarKeyVault(keytar, service);
  } catch (error) {
    return createSessionKeyVault(keychainProblem(error));
  }
}
