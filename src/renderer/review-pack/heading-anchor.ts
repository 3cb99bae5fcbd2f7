/**
 * The anchor of a heading, as GitHub and most Markdown previews make it (lower case, punctuation
 * dropped, spaces as hyphens), so a pack's contents list jumps to its deals in the saved HTML
 * (which gives its headings these ids) and in a preview of the Markdown alike.
 */
export const headingAnchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
