import type { Plant } from '../../shared/api/plants';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';

/** Oldest first by id: integer ids are the listing's only order the interface shows. */
export function listPlants(db: Db, orgId: string, limit: number | undefined): Plant[] {
  return prepared(db, `SELECT id, name, tag FROM plants WHERE org_id = ? ORDER BY id LIMIT ?`).all(
    orgId,
    limit ?? -1,
  ) as Plant[];
}

export function createPlant(db: Db, plant: { orgId: string; name: string; tag: string; now: string }): Plant {
  const { lastInsertRowid } = prepared(
    db,
    'INSERT INTO plants (org_id, name, tag, created_at) VALUES (?, ?, ?, ?)',
  ).run(plant.orgId, plant.name, plant.tag, plant.now);
  return { id: Number(lastInsertRowid), name: plant.name, tag: plant.tag };
}

export function deletePlant(db: Db, orgId: string, id: number): boolean {
  return prepared(db, 'DELETE FROM plants WHERE id = ? AND org_id = ?').run(id, orgId).changes === 1;
}
