import type { SectionContents, SummarySection } from '../../shared/api';
import { humanize } from '../../shared/humanize';

const UNTYPED = 'Summary';

/** Sections under their type as a heading, in the order the service gave them; untyped ones under "Summary". */
export function summaryGroups(sections: readonly SummarySection[]): [heading: string, SummarySection[]][] {
  const groups = new Map<string, SummarySection[]>();
  for (const section of sections) {
    const heading = section.type ? humanize(section.type) : UNTYPED;
    groups.set(heading, [...(groups.get(heading) ?? []), section]);
  }
  return [...groups.entries()];
}

/** A section title that only repeats its group's heading says nothing: it is left out. */
export const ownTitle = (section: SummarySection, heading: string): string | null =>
  section.title && section.title.toLowerCase() !== heading.toLowerCase() ? section.title : null;

/** "contents (strings)": one text with newlines, or one string per paragraph. */
export function sectionText(contents: SectionContents | null | undefined): string {
  return Array.isArray(contents) ? contents.join('\n') : (contents ?? '');
}
