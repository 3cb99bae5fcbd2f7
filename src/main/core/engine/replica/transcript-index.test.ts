import { describe, expect, it } from 'vitest';
import { openReplicaDb } from './replica-db';
import { searchTablesChanged, searchTablesChangesSince, searchTablesVersion } from './transcript-index';

describe('the search tables’ changes', () => {
  it('are told to every reader from the version it last read, however many follow them', () => {
    const db = openReplicaDb({ file: null });
    const first = searchTablesVersion(db);
    searchTablesChanged(db, { calls: ['video_a'], deals: [] });
    const second = searchTablesVersion(db);
    searchTablesChanged(db, { calls: ['video_b', 'video_a'], deals: ['deal_a'] });

    expect(searchTablesChangesSince(db, first)).toEqual({ calls: ['video_a', 'video_b'], deals: ['deal_a'] });
    // One reader catching up takes nothing from another.
    expect(searchTablesChangesSince(db, second)).toEqual({ calls: ['video_b', 'video_a'], deals: ['deal_a'] });
    expect(searchTablesChangesSince(db, first)).toEqual({ calls: ['video_a', 'video_b'], deals: ['deal_a'] });
    expect(searchTablesChangesSince(db, searchTablesVersion(db))).toEqual({ calls: [], deals: [] });
  });

  it('say nothing of what a reader too far behind missed: it reads everything again', () => {
    const db = openReplicaDb({ file: null });
    const before = searchTablesVersion(db);
    for (let write = 0; write < 600; write++) searchTablesChanged(db, { calls: [`video_${write}`], deals: [] });
    expect(searchTablesChangesSince(db, before)).toBeNull();
    expect(searchTablesChangesSince(db, searchTablesVersion(db) - 3)?.calls).toEqual([
      'video_597',
      'video_598',
      'video_599',
    ]);
  });
});
