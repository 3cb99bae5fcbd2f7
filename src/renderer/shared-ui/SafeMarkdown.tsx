import Markdown from 'react-markdown';
import { remarkMarkdownRule } from './markdown-rule';

/**
 * Markdown from the service is untrusted: react-markdown builds elements and never sets
 * innerHTML, and the rule the exports share (markdown-rule.ts) drops raw HTML, shows an image as
 * its description and keeps only web and mail links.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Markdown
      remarkPlugins={[remarkMarkdownRule]}
      components={{
        a: ({ href, children: text }) => (
          <a href={href} target="_blank" rel="noreferrer noopener">
            {text}
          </a>
        ),
      }}
    >
      {children}
    </Markdown>
  );
}
