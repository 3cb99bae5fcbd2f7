import { describe, expect, it } from 'vitest';
import { succeeded as ok, sharedCopyHarness, upToDate } from '../testing/synced-copy';

const copy = sharedCopyHarness();

describe('snoozed deal warnings', () => {
  it('are kept in the local copy, set, moved and removed at once, and never sent to the service', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const deal = (await copy.harness.client.listDeals({ limit: 1 })).data[0]!;
    const until = '2031-03-17T05:43:21.000Z';

    const set = await ok(core, 'snoozeWarning', { dealId: deal.id, kind: 'stale', until });
    expect(set).toMatchObject({ before: null, after: { dealId: deal.id, kind: 'stale', until } });
    const moved = await ok(core, 'snoozeWarning', { dealId: deal.id, kind: 'stale', until: '2031-04-01T00:00:00Z' });
    expect(moved.before).toEqual(set.after);
    await ok(core, 'snoozeWarning', { dealId: deal.id, kind: 'never-scored', until });
    expect(await ok(core, 'removeWarningSnooze', { dealId: deal.id, kind: 'never-scored' })).toMatchObject({
      before: { kind: 'never-scored', until },
      after: null,
    });
    expect((await ok(core, 'listWarningSnoozes', {})).map(({ kind, until }) => ({ kind, until }))).toEqual([
      { kind: 'stale', until: '2031-04-01T00:00:00.000Z' },
    ]);

    await upToDate(core);
    const sent = copy.harness.proxy.wire();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((request) => /snooze|2031-0[34]|never-scored|\bstale\b/i.test(request))).toEqual([]);
  });

  it('refuse an unknown warning, a moment already past and a snooze gone, in the documented shape', async () => {
    const core = await copy.harness.openCore({ sync: false });
    const deal = (await copy.harness.client.listDeals({ limit: 1 })).data[0]!;
    expect(
      await core.invoke('snoozeWarning', { dealId: deal.id, kind: 'too-quiet', until: '2031-01-01T00:00:00Z' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(
      await core.invoke('snoozeWarning', { dealId: deal.id, kind: 'stale', until: '2020-01-01T00:00:00Z' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_params', message: expect.stringContaining('after now') } });
    expect(await core.invoke('removeWarningSnooze', { dealId: deal.id, kind: 'no-pricing' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
