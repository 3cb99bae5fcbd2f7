import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, normalizeAllowlistEntry } from './allowlist';

const allowlist = ['hooks.example.com', '*.acme.test', 'Bücher.example', '*.XN--MNCHEN-3YA.example'];
const rules = { allowlist, ports: new Set([443, 8443]) };

describe('checkWebhookUrl', () => {
  it.each([
    ['an exact entry', 'https://hooks.example.com/in', true],
    ['a different host than the exact entry', 'https://other.example.com/in', false],
    ['a subdomain of an exact entry', 'https://a.hooks.example.com/in', false],
    ['a wildcard, one level deep', 'https://a.acme.test/in', true],
    ['a wildcard, several levels deep', 'https://x.y.z.acme.test/in', true],
    ['the bare domain of a wildcard', 'https://acme.test/in', false],
    ['a look-alike suffix of a wildcard', 'https://evilacme.test/in', false],
    ['a host in another case', 'https://HOOKS.Example.COM/in', true],
    ['a port the operator opened', 'https://hooks.example.com:8443/in', true],
    ['the https port named explicitly', 'https://hooks.example.com:443/in', true],
    ['a port the operator did not open', 'https://hooks.example.com:8080/in', false],
    ['a Unicode host against a Unicode entry', 'https://bücher.example/in', true],
    ['a punycode host against a Unicode entry', 'https://xn--bcher-kva.example/in', true],
    ['a Unicode host against a punycode wildcard', 'https://hooks.münchen.example/in', true],
    ['the http scheme', 'http://hooks.example.com/in', false],
    ['user info', 'https://user:pass@hooks.example.com/in', false],
    ['an IPv4 literal', 'https://127.0.0.1/in', false],
    ['an IPv6 literal', 'https://[::1]/in', false],
    ['a trailing dot', 'https://hooks.example.com./in', true],
    ['an IPv4 literal with a trailing dot', 'https://127.0.0.1./in', false],
  ])('%s: %s allowed=%s', (_case, url, allowed) => {
    expect(checkWebhookUrl(url, rules).allowed).toBe(allowed);
  });

  it('gives the host in the one form delivery connects to', () => {
    expect(checkWebhookUrl('https://HOOKS.EXAMPLE.COM./in', rules)).toEqual({
      allowed: true,
      host: 'hooks.example.com',
    });
    expect(checkWebhookUrl('https://hooks.MÜNCHEN.example/in', rules)).toEqual({
      allowed: true,
      host: 'hooks.xn--mnchen-3ya.example',
    });
  });

  it('names the ports that are open when refusing another', () => {
    expect(checkWebhookUrl('https://hooks.example.com:8080/in', rules)).toEqual({
      allowed: false,
      reason: 'url: port 8080 is not open to webhooks; use 443 or 8443',
    });
  });

  it('refuses every host while the allowlist is empty', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in', { allowlist: [], ports: rules.ports })).toEqual({
      allowed: false,
      reason: "url: the host hooks.example.com is not on the organization's webhook hostname allowlist",
      unlisted: 'hooks.example.com',
    });
  });

  it('names the rule that refused the URL', () => {
    expect(checkWebhookUrl('http://hooks.example.com/', rules)).toEqual({
      allowed: false,
      reason: 'url: the scheme must be https',
    });
  });
});

describe('normalizeAllowlistEntry', () => {
  it('stores entries in lower-case punycode and keeps the wildcard', () => {
    expect(normalizeAllowlistEntry('*.Bücher.Example')).toBe('*.xn--bcher-kva.example');
    expect(normalizeAllowlistEntry('HOOKS.example.com')).toBe('hooks.example.com');
    expect(normalizeAllowlistEntry('*.Hooks.Example.com.')).toBe('*.hooks.example.com');
  });

  it('rejects what is not a hostname', () => {
    expect(normalizeAllowlistEntry('a b')).toBeNull();
    expect(normalizeAllowlistEntry('foo.*.com')).toBeNull();
  });
});
