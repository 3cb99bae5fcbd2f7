import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { SafeMarkdown } from '../shared-ui/SafeMarkdown';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { callQueries } from './queries';
import { ownTitle, sectionText, summaryGroups } from './summary-text';

/**
 * Sections grouped by type, then the notes (untrusted markdown, see SafeMarkdown). Read once
 * `read` is true (the page reads it after its transcript); loading until then.
 */
export function SummaryPanel({
  callId,
  notAnalysed,
  read,
}: {
  callId: string;
  notAnalysed: React.ReactNode;
  read: boolean;
}) {
  const summary = useQuery({ ...callQueries.summary(callId), enabled: read });
  if (summary.isPending) return <SkeletonRows rows={4} height={60} label="Loading summary" />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => summary.refetch()} />;
  if (summary.data === null) return notAnalysed;
  const { sections, notes_markdown: notes } = summary.data.data;
  // A service may answer a call not summarised yet with an empty summary instead of 404.
  if (sections.length === 0 && !notes?.trim()) {
    return (
      <>
        <UnreadableNotice answers={[summary.data]} />
        <EmptyState title="The summary is empty" />
      </>
    );
  }
  return (
    <div className="summary">
      <UnreadableNotice answers={[summary.data]} />
      {summaryGroups(sections).map(([heading, group]) => (
        <section key={heading} aria-label={heading}>
          <h3>{heading}</h3>
          {group.map((section, index) => (
            <div key={section.id ?? index} className="summary-section">
              {ownTitle(section, heading) && <h4>{ownTitle(section, heading)}</h4>}
              <p className="pre-line">{sectionText(section.contents)}</p>
            </div>
          ))}
        </section>
      ))}
      {notes?.trim() && (
        <section aria-label="Notes" className="markdown">
          <h3>Notes</h3>
          <SafeMarkdown>{notes}</SafeMarkdown>
        </section>
      )}
    </div>
  );
}
