import { chmodSync, closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';

/**
 * Files holding secrets (API keys, the key-signing secret, settings) are readable by their owner
 * only, and so are the directories holding them. Modes given at creation are narrowed by the
 * umask but never widened; existing files and directories are narrowed here too, so data created
 * by an earlier version is tightened on its next use.
 */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/** Creates the file empty when it is absent, so a library opening it later keeps the mode. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** Narrows a file that may or may not exist (a SQLite journal, say). */
export function narrowIfPresent(path: string): void {
  if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}

export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: PRIVATE_FILE_MODE });
  chmodSync(path, PRIVATE_FILE_MODE);
}
