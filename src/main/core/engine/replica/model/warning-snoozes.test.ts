import { afterEach, describe, expect, it } from 'vitest';
import { openReplicaDb, type ReplicaDatabase } from '../replica-db';
import { warningSnoozes } from './warning-snoozes';

const opened: ReplicaDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function snoozes() {
  const db = openReplicaDb({ file: null });
  opened.push(db);
  return { db, model: warningSnoozes(db) };
}

const at = (iso: string) => Date.parse(iso);
const stale = { dealId: 'deal_1', kind: 'stale' } as const;

describe('snoozed deal warnings', () => {
  it('keeps a snooze until its moment, then lists it no more; the next write clears it', () => {
    const { db, model } = snoozes();
    const change = model.snooze({ ...stale, until: '2026-12-02T00:00:00+01:00' }, at('2026-11-28T10:00:00Z'));
    expect(change).toEqual({
      before: null,
      after: { ...stale, until: '2026-12-01T23:00:00.000Z', snoozedAt: '2026-11-28T10:00:00.000Z' },
    });
    expect(model.list(at('2026-12-01T22:59:59Z'))).toEqual([change.after]);
    expect(model.list(at('2026-12-01T23:00:00Z'))).toEqual([]);

    model.snooze({ dealId: 'deal_2', kind: 'no-pricing', until: '2026-12-10T00:00:00Z' }, at('2026-12-02T00:00:00Z'));
    expect(db.prepare('SELECT deal_id FROM warning_snoozes').pluck().all()).toEqual(['deal_2']);
  });

  it('moves the moment of a warning snoozed again, saying the snooze before, to undo', () => {
    const { model } = snoozes();
    const now = at('2026-11-28T10:00:00Z');
    const first = model.snooze({ ...stale, until: '2026-11-29T00:00:00Z' }, now);
    const second = model.snooze({ ...stale, until: '2026-12-07T00:00:00Z' }, now + 1000);
    expect(second.before).toEqual(first.after);
    expect(model.list(now + 2000).map((snooze) => snooze.until)).toEqual(['2026-12-07T00:00:00.000Z']);
    // The undo: the snooze before written back.
    model.snooze(second.before!, now + 3000);
    expect(model.list(now + 4000).map((snooze) => snooze.until)).toEqual(['2026-11-29T00:00:00.000Z']);
  });

  it('removes a snooze at once, saying what it was; one over or never set is not found', () => {
    const { model } = snoozes();
    const now = at('2026-11-28T10:00:00Z');
    const { after } = model.snooze({ ...stale, until: '2026-11-29T00:00:00Z' }, now);
    expect(model.remove(stale, now + 1)).toEqual({ before: after, after: null });
    expect(model.list(now + 2)).toEqual([]);
    expect(() => model.remove(stale, now + 3)).toThrow(expect.objectContaining({ code: 'not_found' }));

    model.snooze({ ...stale, until: '2026-11-29T00:00:00Z' }, now);
    expect(() => model.remove(stale, at('2026-11-29T00:00:00Z'))).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });

  it('refuses a snooze that would end by now, in the documented shape', () => {
    const { model } = snoozes();
    const now = at('2026-11-28T10:00:00Z');
    expect(() => model.snooze({ ...stale, until: '2026-11-28T10:00:00Z' }, now)).toThrow(
      expect.objectContaining({ code: 'invalid_params', message: 'A snooze ends after now: choose a later moment.' }),
    );
    expect(model.list(now - 1)).toEqual([]);
  });

  it('keeps each warning of a deal apart', () => {
    const { model } = snoozes();
    const now = at('2026-11-28T10:00:00Z');
    model.snooze({ ...stale, until: '2026-11-29T00:00:00Z' }, now);
    model.snooze({ dealId: 'deal_1', kind: 'never-scored', until: '2026-11-30T00:00:00Z' }, now);
    model.remove(stale, now);
    expect(model.list(now).map((snooze) => snooze.kind)).toEqual(['never-scored']);
  });
});
