import { describe, expect, it } from 'vitest';
import { apiKeyProblem } from './api-key-text';

describe('what can be an API key', () => {
  it('accepts any printable key without spaces, whatever its prefix', () => {
    for (const key of ['sci_abc_def', 'sk-live-9f8e7d', 'pk.1234', 'x']) expect(apiKeyProblem(key), key).toBeNull();
  });

  it('refuses control characters, spaces and characters a header cannot carry, each with its own sentence', () => {
    expect(apiKeyProblem('sci_abc\n')).toMatch(/control character/);
    expect(apiKeyProblem('sci_\u0000abc')).toMatch(/control character/);
    expect(apiKeyProblem('sci abc')).toMatch(/spaces/);
    expect(apiKeyProblem('sci_clé')).toMatch(/ASCII/);
    expect(apiKeyProblem('')).toMatch(/Enter/);
  });
});
