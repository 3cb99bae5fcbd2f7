import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy } from '../../../../../service/testing/fault-proxy';
import { asIs, sparse } from '../../../../../service/testing/service-variants';
import { startTestService, type TestService } from '../../../../../service/testing/test-service';
import { type ServiceVariant, startVariantProxy } from '../../../../../service/testing/variant-proxy';
import { demoKeyOf } from '../../../../../shared/manifest';
import { createApiClient } from '../../../service-client/api-client/api-client';
import { ApiError } from '../../../service-client/api-client/api-error';
import { replicaAnswers } from '../replica-answers';
import { openReplicaDb } from '../replica-db';
import type { Replica } from '../replicas';
import { createRequestBudget } from '../sync/request-budget';
import { createWorkspaceSync } from '../sync/workspace-sync';
import { historyKnownSince, journalSince } from './deal-journal';

let service: TestService;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(async () => {
  for (const close of closing) await close();
  await service?.stop();
});

/** A memory copy synced once from the service at `baseUrl`, its sync, and a client of that service. */
async function syncedCopy(baseUrl: string) {
  const apiKey = demoKeyOf(service.manifest!).key.key;
  const client = createApiClient({ baseUrl, getKey: async () => apiKey });
  const db = openReplicaDb({ file: null });
  const replica: Replica = { workspaceId: 'w', db, answers: replicaAnswers(db), storage: 'memory' };
  const sync = createWorkspaceSync({
    replica,
    request: (op, params, signal) => client.call(op as never, params as never, { signal }),
    budget: createRequestBudget(() => 100),
    onProgress: () => {},
  });
  await sync.start();
  expect(sync.progress().state).toBe('up-to-date');
  return { db, client, sync };
}

async function through(variant: ServiceVariant): Promise<string> {
  const proxy = await startVariantProxy(service.baseUrl, variant);
  closing.push(() => proxy.close());
  return proxy.url;
}

/** The service's answer, or null for its 404. */
async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

describe('the workspace model', () => {
  it.each([
    ['the local service', asIs],
    ['a service that gives only what the interface requires', sparse],
  ])(
    'holds what the sync stored from %s: members, scorings, activities, checklists, summaries, events',
    async (_, variant) => {
      const { db, client } = await syncedCopy(await through(variant));
      const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];

      const members = (await client.listMembers({})).data;
      expect(all<{ id: string }>('SELECT id FROM members ORDER BY id').map((row) => row.id)).toEqual(
        members.map((member) => member.id).sort(),
      );

      const deals = (await client.listDeals({ limit: 100 })).data;
      for (const deal of deals.slice(0, 8)) {
        const scorings = (await client.listScorings({ id: deal.id })).data;
        expect(all<{ id: string }>('SELECT id FROM scorings WHERE deal_id = ? ORDER BY rank', deal.id)).toEqual(
          scorings.map((scoring) => ({ id: scoring.id })),
        );
        const activities = (await client.listActivities({ id: deal.id })).data;
        expect(
          all('SELECT id, video_id FROM activities WHERE deal_id = ? AND rank IS NOT NULL ORDER BY rank', deal.id),
        ).toEqual(activities.map((activity) => ({ id: activity.id, video_id: activity.video_id ?? null })));
      }

      const calls = (await client.listVideos({ limit: 100 })).data;
      expect(
        all<{ id: string }>('SELECT id FROM calls WHERE removed_at IS NULL ORDER BY id').map((row) => row.id),
      ).toEqual(calls.map((call) => call.id).sort());
      let analysed = 0;
      for (const call of calls) {
        const checklist = await orNotFound(client.getChecklist({ id: call.id }));
        expect(
          all('SELECT item_text, status FROM checklist_items WHERE video_id = ? ORDER BY position', call.id),
        ).toEqual(
          (checklist?.data.items ?? []).map((item) => ({
            item_text: item.item_text ?? null,
            status: item.status ?? null,
          })),
        );
        const summary = await orNotFound(client.getSummary({ id: call.id }));
        expect(all('SELECT notes_markdown FROM summaries WHERE video_id = ?', call.id)).toEqual(
          summary ? [{ notes_markdown: summary.data.notes_markdown ?? null }] : [],
        );
        const events = await orNotFound(client.getVideoEvents({ id: call.id }));
        expect(all('SELECT type, text FROM sales_events WHERE video_id = ? ORDER BY position', call.id)).toEqual(
          (events?.data ?? []).map((event) => ({ type: event.type ?? null, text: event.text ?? null })),
        );
        if ((checklist?.data.items.length ?? 0) > 0) analysed += 1;
      }
      expect(analysed).toBeGreaterThan(0);

      // The first sync is where the copy's history begins: every deal added once, then.
      const journal = journalSince(db, 0);
      expect(journal.every((entry) => entry.field === 'added')).toBe(true);
      expect(journal.map((entry) => entry.dealId).sort()).toEqual(deals.map((deal) => deal.id).sort());
      expect(historyKnownSince(db)).toBe(journal[0]!.seenAt);
      db.close();
    },
  );

  it('journals what a later round’s walk shows changed and the deals it no longer finds, and their reversal', async () => {
    const faults = await startFaultProxy(service.baseUrl);
    closing.push(() => faults.close());
    const { db, client, sync } = await syncedCopy(faults.url);
    const deals = (await client.listDeals({ limit: 100 })).data;
    const moved = deals.find((deal) => deal.status === 'OPEN');
    const dropped = deals.find((deal) => deal !== moved);
    const since = Date.now();
    // The service, as the sync's walk reads it now: one deal lost with its amount cut, one gone.
    const edit = faults.inject({
      when: (exchange) => exchange.endpoint === 'listDeals',
      fault: {
        kind: 'edit',
        edit: (body) => {
          const deals = body.data as { id: string; status: string; forecast_amount: number | null }[];
          for (const deal of deals.filter((candidate) => candidate.id === moved!.id)) {
            deal.status = 'LOST';
            deal.forecast_amount = 1;
          }
          body.data = deals.filter((deal) => deal.id !== dropped!.id);
        },
      },
    });
    await sync.start();
    expect(edit.injected()).toBeGreaterThan(0);
    const changes = () =>
      journalSince(db, since).map(({ dealId, field, before, after }) => ({ dealId, field, before, after }));
    expect(changes()).toEqual([
      { dealId: moved!.id, field: 'status', before: 'OPEN', after: 'LOST' },
      { dealId: moved!.id, field: 'forecast_amount', before: moved!.forecast_amount ?? null, after: 1 },
      expect.objectContaining({ dealId: dropped!.id, field: 'removed', after: null }),
    ]);

    edit.remove();
    await sync.start();
    const back = changes().slice(3);
    expect(back).toHaveLength(3);
    expect(back).toEqual(
      expect.arrayContaining([
        { dealId: moved!.id, field: 'status', before: 'LOST', after: 'OPEN' },
        { dealId: moved!.id, field: 'forecast_amount', before: 1, after: moved!.forecast_amount ?? null },
        expect.objectContaining({ dealId: dropped!.id, field: 'added', before: null }),
      ]),
    );
    db.close();
  });

  it('journals every field a deal’s CRM changed on the service at the next round, a deal deleted, and both undone', async () => {
    const { db, client, sync } = await syncedCopy(service.baseUrl);
    const org = demoKeyOf(service.manifest!).org;
    const deals = (await client.listDeals({ limit: 100 })).data;
    const moved = deals.find((deal) => deal.status === 'OPEN' && deal.close_date && deal.owner_id)!;
    const deleted = deals.find((deal) => deal !== moved)!;
    const owner = org.members.find((member) => member.id !== moved.owner_id)!.id;
    const set = (id: string, ...fields: string[]) =>
      service.cli(['deal', 'set', '--org', org.id, '--deal', id, ...fields]);
    const changes = (since: number) =>
      journalSince(db, since).map(({ dealId, field, before, after }) => ({ dealId, field, before, after }));

    const changedAt = Date.now();
    await set(moved.id, '--status', 'WON', '--amount', '999', '--close-date', '2027-01-15', '--owner', owner);
    await set(moved.id, '--title', 'Renamed in the CRM');
    await set(deleted.id, '--status', 'DELETED');
    await sync.start();
    expect(changes(changedAt)).toEqual(
      expect.arrayContaining([
        { dealId: moved.id, field: 'status', before: 'OPEN', after: 'WON' },
        { dealId: moved.id, field: 'title', before: moved.title, after: 'Renamed in the CRM' },
        { dealId: moved.id, field: 'forecast_amount', before: moved.forecast_amount ?? null, after: 999 },
        { dealId: moved.id, field: 'close_date', before: moved.close_date, after: '2027-01-15T00:00:00.000Z' },
        { dealId: moved.id, field: 'owner_id', before: moved.owner_id, after: owner },
        expect.objectContaining({ dealId: deleted.id, field: 'removed' }),
      ]),
    );
    expect(changes(changedAt)).toHaveLength(6);

    const undoneAt = Date.now();
    await set(
      moved.id,
      ...['--status', 'OPEN', '--amount', String(moved.forecast_amount ?? 'none'), '--close-date', moved.close_date!],
      ...['--owner', moved.owner_id!, '--title', moved.title!],
    );
    await set(deleted.id, '--status', deleted.status);
    await sync.start();
    expect(changes(undoneAt)).toEqual(
      expect.arrayContaining([
        { dealId: moved.id, field: 'status', before: 'WON', after: 'OPEN' },
        { dealId: moved.id, field: 'title', before: 'Renamed in the CRM', after: moved.title },
        { dealId: moved.id, field: 'forecast_amount', before: 999, after: moved.forecast_amount ?? null },
        { dealId: moved.id, field: 'close_date', before: '2027-01-15T00:00:00.000Z', after: moved.close_date },
        { dealId: moved.id, field: 'owner_id', before: owner, after: moved.owner_id },
        expect.objectContaining({ dealId: deleted.id, field: 'added', before: null }),
      ]),
    );
    expect(changes(undoneAt)).toHaveLength(6);
    db.close();
  });
});
