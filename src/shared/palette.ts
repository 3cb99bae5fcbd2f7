/**
 * What the palette finds besides actions and screens: the records the local copy holds, read in
 * one go when the palette opens (the bridge adds the saved searches). Deals and calls hold their newest `PALETTE_RECORDS_CAP` at most
 * (`capped` says some were left out), so a large copy answers in one small read.
 */
export const PALETTE_RECORDS_CAP = 2000;

export interface PaletteRecords {
  deals: { id: string; title: string | null; status: string | null }[];
  calls: { id: string; title: string | null; createdAt: string | null }[];
  reps: { id: string; name: string }[];
  /** The manager's trackers (a workspace keeps at most TRACKERS_CAP), by name. */
  trackers: { id: string; name: string }[];
  /** Whether the copy holds more deals or calls than were sent. */
  capped: boolean;
  /** `none`: the copy is off or cannot be read, so only saved searches are listed. */
  from: 'copy' | 'none';
}
