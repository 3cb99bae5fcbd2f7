import type { UseQueryResult } from '@tanstack/react-query';
import type { SummarySection, VideoSummary } from '../../shared/api';
import { ErrorState } from '../shared-ui/ErrorState';
import { humanize } from '../shared-ui/format';
import { SafeMarkdown } from '../shared-ui/SafeMarkdown';
import { SkeletonRows } from '../shared-ui/Skeleton';

function groupByType(sections: SummarySection[]): [string, SummarySection[]][] {
  const groups = new Map<string, SummarySection[]>();
  for (const section of sections) groups.set(section.type, [...(groups.get(section.type) ?? []), section]);
  return [...groups.entries()];
}

/** Sections grouped by type, then the notes (untrusted markdown, see SafeMarkdown). */
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
          <SafeMarkdown>{notes_markdown}</SafeMarkdown>
        </section>
      )}
    </div>
  );
}
