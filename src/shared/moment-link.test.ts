import { describe, expect, it } from 'vitest';
import { dealLink, momentLink, parseCallscopeLink } from './moment-link';

describe('moment links', () => {
  it('name a call and a second, to the millisecond, and read back to the same screen', () => {
    expect(momentLink('vid_123', 65.5)).toBe('callscope://call/vid_123?t=65.5');
    expect(momentLink('vid_123', 12.34567)).toBe('callscope://call/vid_123?t=12.345');
    expect(momentLink('vid_123', null)).toBe('callscope://call/vid_123');
    expect(parseCallscopeLink('callscope://call/vid_123?t=65.5')).toEqual({
      screen: 'call',
      id: 'vid_123',
      at: { seconds: 65.5 },
    });
    expect(parseCallscopeLink('callscope://call/vid_123')).toEqual({ screen: 'call', id: 'vid_123' });
    expect(parseCallscopeLink(momentLink('a b/c', 3))).toBeNull();
    expect(parseCallscopeLink(momentLink('a b', 3))).toEqual({ screen: 'call', id: 'a b', at: { seconds: 3 } });
  });

  it('name a deal, and read back to its page', () => {
    expect(dealLink('deal_1')).toBe('callscope://deal/deal_1');
    expect(parseCallscopeLink('callscope://deal/deal_1')).toEqual({ screen: 'deal', id: 'deal_1' });
    expect(parseCallscopeLink(dealLink('a b'))).toEqual({ screen: 'deal', id: 'a b' });
    for (const link of [
      'callscope://deal/',
      'callscope://deal/d_1?t=3',
      'callscope://deal/d_1/calls',
      'callscope://deal/..',
      'callscope://deal/a%2Fb',
      'callscope://deals/d_1',
    ]) {
      expect(parseCallscopeLink(link), link).toBeNull();
    }
  });

  it('refuse anything else a link could carry', () => {
    for (const link of [
      'https://call/vid_1',
      'callscope://call/',
      'callscope://call/vid_1/extra',
      'callscope://call/vid_1?t=-1',
      'callscope://call/vid_1?t=1e3',
      'callscope://call/vid_1?t=12&x=1',
      'callscope://call/vid_1#frag',
      'callscope://call/..?t=1',
      'callscope://call/%2e%2e',
      'callscope://call/a%2Fb',
      'callscope://call/a%00b',
      'callscope://call/%E0%A4%A',
      ' callscope://call/vid_1',
      'CALLSCOPE://call/vid_1',
      `callscope://call/${'a'.repeat(3000)}`,
    ]) {
      expect(parseCallscopeLink(link), link).toBeNull();
    }
  });
});
