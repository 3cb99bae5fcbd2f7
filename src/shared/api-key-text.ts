/** Longer than any key a service issues; a paste of something else. */
export const API_KEY_MAX_LENGTH = 4096;

/**
 * Why this text cannot be an API key, or null when it can. The interface shows only that a key
 * is `<prefix>_…` with a prefix it does not name, so any printable text without spaces is
 * accepted; what cannot travel in an `Authorization` header is refused before any request.
 */
export function apiKeyProblem(key: string): string | null {
  if (key.length === 0) return 'Enter the API key.';
  if (key.length > API_KEY_MAX_LENGTH) return `The key is longer than ${API_KEY_MAX_LENGTH} characters.`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(key)) {
    return 'The key contains a control character (a line break or tab pasted with it). Copy it again without it.';
  }
  if (/\s/.test(key)) return 'The key cannot contain spaces.';
  if (/[^\u0021-\u007e]/.test(key)) return 'The key can contain only letters, digits and ASCII punctuation.';
  return null;
}
