import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './SafeMarkdown';

const render = (markdown: string) => renderToStaticMarkup(<SafeMarkdown>{markdown}</SafeMarkdown>);

describe('SafeMarkdown', () => {
  it('renders ordinary markdown', () => {
    expect(render('**Next:** send the *order form*\n\n- one\n- two')).toBe(
      '<p><strong>Next:</strong> send the <em>order form</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it('drops raw HTML instead of running or showing it', () => {
    const html = render('Hello <script>alert(1)</script><img src=x onerror=alert(2)> <b onclick="x()">bold</b>');
    expect(html).not.toMatch(/<script|<img|onerror|onclick|<b>/);
    expect(html).toContain('Hello');
  });

  it('leaves out images and removes javascript: links', () => {
    const html = render('![pixel](https://tracker.example/p.gif) [click](javascript:alert(1))');
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('click');
  });

  it('opens ordinary links outside the app', () => {
    expect(render('[docs](https://example.com/docs)')).toBe(
      '<p><a href="https://example.com/docs" target="_blank" rel="noreferrer noopener">docs</a></p>',
    );
  });
});
