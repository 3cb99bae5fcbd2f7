import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { markdownRuling } from '../../shared-ui/markdown-rule';
import { escapeMarkdown } from './transcript-export';

/**
 * Passes over the notes before they are given up on as Markdown: taking a piece out can join what
 * was around it into a new one (`<<b>script>` is `<script>` once `<b>` is dropped), so the text is
 * read again until the rule finds nothing left to change. Each pass takes out markup; a few suffice
 * for anything but nesting made to defeat it.
 */
const MAX_PASSES = 8;

/** The notes with what the rule changes changed, and every other character as the service wrote it. */
function onePass(markdown: string): string {
  const tree = fromMarkdown(markdown);
  const ruling = markdownRuling(tree);
  const start = (node: Nodes) => node.position?.start.offset ?? 0;
  const end = (node: Nodes) => node.position?.end.offset ?? 0;
  // The source from the first child's start to the last one's end, each child written by the rule.
  const children = (node: Nodes): string => {
    if (!('children' in node) || node.children.length === 0) return '';
    const list: Nodes[] = node.children;
    return list
      .map((child, index) => (index === 0 ? '' : markdown.slice(end(list[index - 1]!), start(child))) + write(child))
      .join('');
  };
  const write = (node: Nodes): string => {
    const verdict = ruling(node);
    if (verdict === 'drop') return '';
    if (typeof verdict === 'object') return escapeMarkdown(verdict.text);
    if (verdict === 'unwrap') return children(node);
    if (!('children' in node) || node.children.length === 0) return markdown.slice(start(node), end(node));
    const list: Nodes[] = node.children;
    return markdown.slice(start(node), start(list[0]!)) + children(node) + markdown.slice(end(list.at(-1)!), end(node));
  };
  return markdown.slice(0, start(tree)) + write(tree) + markdown.slice(end(tree));
}

/**
 * A summary's notes as the export writes them: by the rule the screen shows them by (no raw HTML,
 * images as their description, links only to the web or an address), so a file opened in any
 * Markdown reader holds no more than the call page did.
 */
export function exportedNotes(markdown: string): string {
  let current = markdown;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = onePass(current);
    if (next === current) return current;
    current = next;
  }
  // Still changing: written as plain text, where no markup can remain.
  return escapeMarkdown(current);
}
