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

  it('shows an image as its description and removes javascript: links', () => {
    const html = render('![pixel](https://tracker.example/p.gif) [click](javascript:alert(1))');
    expect(html).toBe('<p>pixel click</p>');
  });

  it('keeps only web and mail links: any other scheme or a path loses its link and keeps its text', () => {
    expect(
      render(
        '[f](file:///etc/passwd) [d](data:text/html,x) [c](callscope://call/vid_1) [i](irc://x) [p](/settings) [r][x]\n\n[x]: xmpp:a@b',
      ),
    ).toBe('<p>f d c i p r</p>');
    expect(render('[m](mailto:ana@example.com)')).toContain('href="mailto:ana@example.com"');
  });

  it('opens ordinary links outside the app', () => {
    expect(render('[docs](https://example.com/docs)')).toBe(
      '<p><a href="https://example.com/docs" target="_blank" rel="noreferrer noopener">docs</a></p>',
    );
  });
});
