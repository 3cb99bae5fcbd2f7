import { RECENT_ROWS } from './palette-items';

/**
 * The rows the person chose last in the palette, kept per workspace on this machine (the
 * window's own storage: a list of ids, nothing of the records themselves).
 */
const storageKey = (workspaceId: string) => `callscope.palette.recent.${workspaceId}`;
/** More than are listed: some may be off offer (another screen's actions) when the palette opens. */
const KEPT = RECENT_ROWS * 3;

export function recentPaletteIds(workspaceId: string): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey(workspaceId)) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Unreadable (written by hand, or cut short): the palette starts its recent rows again.
    return [];
  }
}

export function rememberPaletteId(workspaceId: string, id: string): void {
  const ids = [id, ...recentPaletteIds(workspaceId).filter((kept) => kept !== id)].slice(0, KEPT);
  localStorage.setItem(storageKey(workspaceId), JSON.stringify(ids));
}
