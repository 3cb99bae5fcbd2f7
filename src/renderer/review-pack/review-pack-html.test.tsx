import { describe, expect, it } from 'vitest';
import { reviewPackHtml } from './review-pack-html';

describe('the review pack as HTML', () => {
  it('is one document that allows no script, no other resource, and keeps only the links to the app', () => {
    const html = reviewPackHtml(
      [
        '# Deal review: <script>alert(1)</script>',
        '',
        '- Quote: <img src=x onerror=alert(2)> ([open](callscope://deal/d_1))',
        '- [a trap](javascript:alert(3)) and [away](https://example.com/x)',
        '- [the line](callscope://call/vid_1?t=65.5)',
      ].join('\n'),
      'Deal review: </title><script>alert(4)</script>',
    );
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|https:\/\/example/);
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>Deal review: &lt;/title&gt;&lt;script&gt;alert(4)&lt;/script&gt;</title>');
    expect(html).toContain('<a href="callscope://deal/d_1">open</a>');
    expect(html).toContain('<a href="callscope://call/vid_1?t=65.5">the line</a>');
    expect(html).toContain('@media print');
  });
});
