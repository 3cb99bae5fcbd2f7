import type { Nodes, Parent, Root } from 'mdast';

/**
 * What becomes of each piece of Markdown the service writes (a summary's notes), on screen
 * (SafeMarkdown) and in exports (calls/export/notes-markdown.ts) alike: it is untrusted, so raw
 * HTML is dropped, an image is only its description (a note cannot load remote content), and a
 * link is kept only to the web or an address, any other (javascript:, file:, data:, callscope:,
 * a path inside the app) losing its target and keeping its text.
 */
export type Ruling = 'keep' | 'drop' | 'unwrap' | { text: string };

const ALLOWED_LINK = /^(https?|mailto):/i;

export const isAllowedLink = (url: string): boolean => ALLOWED_LINK.test(url.trim());

/** The rule for one document: a reference link is judged by the definition it uses, the first of its name. */
export function markdownRuling(tree: Root): (node: Nodes) => Ruling {
  const definitions = new Map<string, string>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  return (node) => {
    switch (node.type) {
      case 'html':
        return 'drop';
      case 'image':
      case 'imageReference':
        return { text: node.alt ?? '' };
      case 'link':
      case 'definition':
        return isAllowedLink(node.url) ? 'keep' : node.type === 'link' ? 'unwrap' : 'drop';
      case 'linkReference':
        return isAllowedLink(definitions.get(node.identifier) ?? '') ? 'keep' : 'unwrap';
      default:
        return 'keep';
    }
  };
}

/** The rule applied to a parsed document, for the screen: a remark plugin. */
export function remarkMarkdownRule() {
  return (tree: Root) => {
    const ruling = markdownRuling(tree);
    const apply = (parent: Parent) => {
      parent.children = parent.children.flatMap((child): Nodes[] => {
        const verdict = ruling(child);
        if (verdict === 'drop') return [];
        if (typeof verdict === 'object') return verdict.text ? [{ type: 'text', value: verdict.text }] : [];
        if ('children' in child) apply(child);
        return verdict === 'unwrap' && 'children' in child ? child.children : [child];
      }) as Parent['children'];
    };
    apply(tree);
  };
}
