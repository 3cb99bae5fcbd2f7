import { describe, expect, it } from 'vitest';
import { canonicalParams, replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { applyScopeAt } from './applied-scope';
import { syncStore } from './sync-store';

function memoryReplica(): Replica {
  const db = openReplicaDb({ file: null });
  return { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
}

const deal = (id: string, updatedAt: string) => ({ id, created_at: '2026-11-01T00:00:00.000Z', updated_at: updatedAt });

describe('the sync store’s counts', () => {
  it('say every write to the records tracked, and nothing else, as they are read again', () => {
    const replica = memoryReplica();
    const store = syncStore(replica);
    store.openRound(applyScopeAt({ kind: 'everything' }, Date.now()), Date.now());
    expect(store.progress('deals')).toEqual({ known: 0, synced: 0, failing: 0 });

    const listed = [deal('deal_a', '2026-11-02T00:00:00.000Z'), deal('deal_b', '2026-11-02T00:00:00.000Z')];
    const page = { op: 'listDeals', params: canonicalParams({ limit: 100 }), body: { data: listed }, at: Date.now() };
    store.recordPage('deals', page, null, 1);
    expect(store.progress('deals')).toEqual({ known: 2, synced: 0, failing: 0 });
    expect(store.progress('videos')).toEqual({ known: 0, synced: 0, failing: 0 });
    expect([store.known('deals'), store.known('videos')]).toEqual([2, 0]);

    const first = store.nextPending('deals', Date.now())!;
    store.completeItem('deals', first);
    expect(store.progress('deals')).toEqual({ known: 2, synced: 1, failing: 0 });

    const second = store.nextPending('deals', Date.now())!;
    store.failItem('deals', second, 'the service failed', () => Date.now() + 60_000);
    expect(store.progress('deals')).toEqual({ known: 2, synced: 1, failing: 1 });

    // A write the store did not make itself is counted as well.
    replica.db.prepare("UPDATE sync_items SET synced_updated_at = updated_at WHERE kind = 'deals'").run();
    expect(store.progress('deals')).toMatchObject({ known: 2, synced: 2 });
  });

  it('are the caller’s own: changing what one read returned changes nothing kept', () => {
    const store = syncStore(memoryReplica());
    const counts = store.progress('videos');
    counts.known = 99;
    expect(store.progress('videos').known).toBe(0);
  });
});
