import type { UseQueryResult } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import type { SummarySection, VideoSummary } from '../../shared/api';
import { ErrorState } from '../shared-ui/ErrorState';
import { humanize } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';

function groupByType(sections: SummarySection[]): [string, SummarySection[]][] {
  const groups = new Map<string, SummarySection[]>();
  for (const section of sections) groups.set(section.type, [...(groups.get(section.type) ?? []), section]);
  return [...groups.entries()];
}

/**
 * Sections grouped by type, then the notes. API text is untrusted: react-markdown builds
 * elements (never innerHTML), `skipHtml` drops raw HTML, and images are left out so a note
 * cannot load remote content.
 */
export function SummaryPanel({
  summary,
  notAnalysed,
}: {
  summary: UseQueryResult<{ data: VideoSummary } | null>;
  notAnalysed: React.ReactNode;
}) {
  if (summary.isPending) return <SkeletonRows rows={4} height={60} label="Loading summary" />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => summary.refetch()} />;
  if (summary.data === null) return notAnalysed;
  const { sections, notes_markdown } = summary.data.data;
  return (
    <div className="summary">
      {groupByType(sections).map(([type, group]) => (
        <section key={type} aria-label={humanize(type)}>
          <h3>{humanize(type)}</h3>
          {group.map((section) => (
            <div key={section.id} className="summary-section">
              {/* A title that only repeats its group's heading is left out. */}
              {section.title && section.title.toLowerCase() !== humanize(type).toLowerCase() && (
                <h4>{section.title}</h4>
              )}
              <p className="pre-line">{section.contents}</p>
            </div>
          ))}
        </section>
      ))}
      {notes_markdown.trim() && (
        <section aria-label="Notes" className="markdown">
          <h3>Notes</h3>
          <Markdown
            skipHtml
            disallowedElements={['img']}
            unwrapDisallowed
            components={{
              a: ({ href, children }) => (
                <a href={href} target="_blank" rel="noreferrer noopener">
                  {children}
                </a>
              ),
            }}
          >
            {notes_markdown}
          </Markdown>
        </section>
      )}
    </div>
  );
}
