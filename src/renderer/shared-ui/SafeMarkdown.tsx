import Markdown from 'react-markdown';

/**
 * Markdown from the service is untrusted: react-markdown builds elements and
 * never sets innerHTML, `skipHtml` drops raw HTML, its default URL transform drops `javascript:`
 * and other unsafe links, and images are left out so a note cannot load remote content.
 */
export function SafeMarkdown({ children }: { children: string }) {
  return (
    <Markdown
      skipHtml
      disallowedElements={['img']}
      unwrapDisallowed
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
