import { describe, expect, it } from 'vitest';
import { isAppUrl } from './sender-check';

const packaged = 'file:///opt/Callscope/resources/app.asar/out/renderer/index.html';

describe('bridge sender check', () => {
  it('accepts the app page itself, whatever screen its hash names', () => {
    expect(isAppUrl('app://callscope/index.html#/deals/deal_1', 'app://callscope/index.html')).toBe(true);
    expect(isAppUrl(`${packaged}#/deals/deal_1`, packaged)).toBe(true);
    expect(isAppUrl('http://localhost:5173/#/calls', 'http://localhost:5173/')).toBe(true);
  });

  it('refuses another local file', () => {
    expect(isAppUrl('file:///tmp/evil.html', packaged)).toBe(false);
  });

  it('refuses another custom-scheme page, though its origin is also "null"', () => {
    expect(isAppUrl('evil://callscope/index.html', 'app://callscope/index.html')).toBe(false);
    expect(isAppUrl('app://other/index.html', 'app://callscope/index.html')).toBe(false);
  });

  it('refuses a remote page', () => {
    expect(isAppUrl('https://evil.example/index.html', packaged)).toBe(false);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
  });

  it('refuses what is not a URL', () => {
    expect(isAppUrl('', packaged)).toBe(false);
    expect(isAppUrl('about:blank', packaged)).toBe(false);
  });
});
