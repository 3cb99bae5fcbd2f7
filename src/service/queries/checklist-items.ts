import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** One item of an organisation's sales checklist, as the analyzer evaluates it. */
export interface ChecklistItemRow {
  id: string;
  item_text: string;
  item_description: string;
  keywords: string[];
}

/** The organisation's checklist, in its order. */
export function checklistItemsOf(db: Db, orgId: string): ChecklistItemRow[] {
  const rows = prepared(
    db,
    'SELECT id, item_text, item_description, keywords FROM checklist_items WHERE org_id = ? ORDER BY position',
  ).all(orgId) as (Omit<ChecklistItemRow, 'keywords'> & { keywords: string })[];
  return rows.map((row) => ({ ...row, keywords: JSON.parse(row.keywords) as string[] }));
}
