import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components } from 'react-markdown';
import { MOMENT_LINK_SCHEME } from '../../shared/moment-link';
import { headingAnchor } from './heading-anchor';

/**
 * No script, frame, image or connection of any kind: the file is text and its own style, so a
 * quote that escaped escaping still could not run when the file is opened in a browser.
 */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const STYLE = `
body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; max-width: 46rem; margin: 2.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; padding-bottom: .25rem; border-bottom: 1px solid #d8dde6; }
h3 { font-size: 1rem; margin: 1.5rem 0 .4rem; }
ul { padding-left: 1.25rem; } li { margin: .2rem 0; }
a { color: #2457c5; text-decoration: none; } a:hover { text-decoration: underline; }
p, li { overflow-wrap: anywhere; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; color: #000; }
  a { color: inherit; }
  a[href^="callscope:"] { color: #777; font-size: 8.5pt; }
  h2 { break-after: avoid; } li { break-inside: avoid; }
}
`;

/**
 * Only the pack's own links survive: to the app, and to a heading of the page (its letters other
 * than ASCII percent-encoded, as react-markdown writes them); any other address is dropped.
 */
const onlyPackLinks = (url: string) =>
  url.startsWith(`${MOMENT_LINK_SCHEME}://`) || /^#(?:[\p{L}\p{M}\p{N}_-]|%[0-9A-F]{2})*$/iu.test(url) ? url : '';

/** The text a heading shows, whatever markup is inside it. */
const textOf = (node: { type: string; value?: string; children?: unknown[] }): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map((child) => textOf(child as never)).join('');

/** A section's heading carries the id its contents list links to. */
const components: Components = {
  h2: ({ node, children }) => <h2 id={node ? headingAnchor(textOf(node)) : undefined}>{children}</h2>,
};

/**
 * The review pack's Markdown as one self-contained HTML document that prints to PDF: the same text
 * rendered by react-markdown (which escapes every text and never passes raw HTML through), with
 * its style inline and a content policy that allows nothing else.
 */
export function reviewPackHtml(markdown: string, title: string): string {
  const body = renderToStaticMarkup(
    <Markdown urlTransform={onlyPackLinks} components={components}>
      {markdown}
    </Markdown>,
  );
  // The title is the one text of the head that is not ours: rendered, and so escaped, by React too.
  const titleElement = renderToStaticMarkup(<title>{title}</title>);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${titleElement}
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
