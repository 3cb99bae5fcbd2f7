/**
 * `j` and `k` step through the rows and cards of the screen on view: each screen marks the one
 * focusable element of a row (its link, or the row itself) with this attribute.
 */
export const LIST_ITEM_ATTRIBUTE = 'data-list-item';
export const listItem = { [LIST_ITEM_ATTRIBUTE]: '' } as const;

/** Focuses the next (+1) or previous (-1) marked item after the focused one; from outside the list, the first. */
export function stepListItem(direction: 1 | -1): void {
  // Not those of a screen out of sight (rendered ahead of a click, or left by one and not yet gone).
  const items = [...document.querySelectorAll<HTMLElement>(`main [${LIST_ITEM_ATTRIBUTE}]`)].filter(
    (item) => !item.closest('[inert]'),
  );
  if (items.length === 0) return;
  const current = items.findIndex((item) => item === document.activeElement || item.contains(document.activeElement));
  const next = current === -1 ? 0 : Math.min(items.length - 1, Math.max(0, current + direction));
  items[next]!.focus();
  items[next]!.scrollIntoView({ block: 'nearest' });
}
