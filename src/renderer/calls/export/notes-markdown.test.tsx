import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from '../../shared-ui/SafeMarkdown';
import { exportedNotes } from './notes-markdown';

const onScreen = (markdown: string) => renderToStaticMarkup(<SafeMarkdown>{markdown}</SafeMarkdown>);

describe('the notes as an export writes them', () => {
  it('keep ordinary Markdown exactly as the service wrote it', () => {
    const notes =
      '- a **bold** note\n- `code` and _this_\n\n> a quote with [docs](https://example.com/docs "Docs")\n\n1. one\n2. [mail](mailto:ana@example.com)';
    expect(exportedNotes(notes)).toBe(notes);
  });

  it('drop raw HTML, inline and in blocks', () => {
    expect(exportedNotes('Hello <b onclick="x()">bold</b> <img src=x onerror=alert(2)>')).toBe('Hello bold ');
    expect(exportedNotes('<div style="display:none">\nhidden\n</div>\n\nAfter')).toBe('\n\nAfter');
    expect(exportedNotes('<script>alert(1)</script>\n\nAfter')).not.toMatch(/script|alert/);
  });

  it('give an image as its description, escaped', () => {
    expect(exportedNotes('See ![chart *Q3*](https://tracker.example/p.gif) here')).toBe('See chart Q3 here');
    expect(exportedNotes('![a <b> & c](https://tracker.example/p.gif)')).toBe('a \\<b\\> & c');
    expect(exportedNotes('![](https://tracker.example/p.gif)x')).toBe('x');
    expect(exportedNotes('![logo][l]\n\n[l]: https://tracker.example/p.gif')).toBe(
      'logo\n\n[l]: https://tracker.example/p.gif',
    );
  });

  it('keep a link only to the web or an address; any other loses its target and keeps its text', () => {
    expect(
      exportedNotes(
        '[web](https://a.example) [plain](http://a.example) [mail](MAILTO:a@b.example) [js](javascript:alert(1)) [file](file:///etc/passwd) [data](data:text/html,<b>x</b>) [app](callscope://call/vid_1) [path](/settings) [**bold**](vbscript:x)',
      ),
    ).toBe(
      '[web](https://a.example) [plain](http://a.example) [mail](MAILTO:a@b.example) js file data app path **bold**',
    );
    expect(exportedNotes('<javascript:alert(1)> and <https://a.example>')).toBe(
      'javascript:alert(1) and <https://a.example>',
    );
  });

  it('judge a reference link by its definition, and drop a definition of another scheme', () => {
    expect(exportedNotes('[run][x] and [docs][d]\n\n[x]: javascript:alert(1)\n[d]: https://a.example')).toBe(
      'run and [docs][d]\n\n\n[d]: https://a.example',
    );
  });

  it('read the result again until nothing is left to take out', () => {
    expect(exportedNotes('[[click](javascript:a)](javascript:b)')).toBe('click');
    expect(exportedNotes('x <<b>script>alert(1)<</b>/script>')).not.toMatch(/<script|<\/script/);
    expect(exportedNotes('![a ![b](u)](v)')).not.toMatch(/\]\(/);
  });

  it('show on screen exactly as the service’s notes do', () => {
    for (const notes of [
      'Hello <b>bold</b> and <i>more</i>',
      'See ![chart](https://tracker.example/p.gif) [run](javascript:x) [ok](https://a.example)',
      '[run][x]\n\n[x]: file:///etc/passwd',
      '# Next steps\n\n- [quote](data:text/plain,x)\n- <span>Send</span> the order form',
    ]) {
      expect(onScreen(exportedNotes(notes))).toBe(onScreen(notes));
    }
  });
});
