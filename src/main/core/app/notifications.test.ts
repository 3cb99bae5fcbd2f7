import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import type { NotificationRule, NotificationSettings, NotificationsView } from '../../../shared/notification-rules';
import { fakeClock } from '../testing/fake-clock';
import { keychainApp, underKeyring } from '../testing/keychain-restart';
import { recordingNotifier } from '../testing/recording-notifier';
import { succeeded, upToDate } from '../testing/synced-copy';
import { createTempCore } from '../testing/temp-core';
import type { AppCore } from './app-core';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(() => service?.stop());

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

/** A local time on the evening of 27 November, or (past 24) the next morning. */
const evening = (hour: number, minute = 0) => new Date(2026, 10, 27, hour, minute).getTime();

async function syncingApp(start: number) {
  const clock = fakeClock(start);
  const notifier = recordingNotifier();
  const { core, dispose } = createTempCore({
    demo: { baseUrl: service.baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
    replica: { sync: { retry: { firstMs: 200, maxMs: 1000 } } },
    notifier,
    clock,
  });
  disposals.push(dispose);
  await succeeded(core, 'openDemoWorkspace', {});
  await upToDate(core);
  return { core, clock, notifier };
}

/** A sync round, started and waited for to its end: the rules are evaluated as it ends. */
async function syncRound(core: AppCore): Promise<void> {
  await succeeded(core, 'pauseSync', {});
  await succeeded(core, 'resumeSync', {});
  await upToDate(core);
}

/** Waits (a minute at most) for the core's notifications to reach what a test expects. */
async function notifications(core: AppCore, reached: (view: NotificationsView) => boolean): Promise<NotificationsView> {
  for (let waited = 0; waited < 120; waited += 1) {
    const view = await succeeded(core, 'getNotifications', {});
    if (reached(view)) return view;
    await sleep(500);
  }
  throw new Error('the notifications did not reach what was expected');
}

/**
 * Saving the settings as they are returns once the schedule has taken them, after every step
 * queued before (a timer's, a round's end): what those told is then all recorded.
 */
async function settled(core: AppCore, settings: NotificationSettings): Promise<void> {
  await succeeded(core, 'saveNotificationSettings', settings);
}

const pushedRule = (delivery: 'now' | 'digest'): NotificationRule => ({
  id: 'pushed',
  kind: 'close-date-pushed',
  count: 1,
  delivery,
  team: { kind: 'all' },
});

const day = 86_400_000;

/** Pushes each deal's close date a month further on the service, `times` pushes in all. */
async function pushCloseDates(core: AppCore, times: number, round: number): Promise<void> {
  const org = demoKeyOf(service.manifest!).org;
  const deals = (await succeeded(core, 'listDeals', { limit: 100 })).data.filter((deal) => deal.close_date);
  await Promise.all(
    deals.slice(0, times).map((deal) => {
      const later = new Date(Date.parse(deal.close_date!) + 30 * day * round).toISOString();
      return service.cli(['deal', 'set', '--org', org.id, '--deal', deal.id, '--close-date', later]);
    }),
  );
}

// Each test syncs a workspace several times and runs the operator's CLI for each change.
describe('notification rules on the app’s clock', { timeout: 300_000 }, () => {
  it('twenty qualifying events overnight give one digest in the morning and no pop-up', async () => {
    const { core, clock, notifier } = await syncingApp(evening(22));
    const settings: NotificationSettings = { rules: [pushedRule('digest')], digestAt: '08:30', quietHours: null };
    await succeeded(core, 'saveNotificationSettings', settings);

    // Several rounds in the night, each seeing some pushes: twenty in all.
    let found = 0;
    for (let round = 1; found < 20; round += 1) {
      clock.moveTo(evening(22 + round));
      const deals = (await succeeded(core, 'listDeals', { limit: 100 })).data.filter((deal) => deal.close_date).length;
      const now = Math.min(deals, 20 - found);
      await pushCloseDates(core, now, round);
      await syncRound(core);
      found += now;
      await notifications(core, (view) => view.inNextDigest === found);
    }
    expect(notifier.shown).toEqual([]);

    clock.moveTo(evening(24 + 8, 29));
    await settled(core, settings);
    expect(notifier.shown).toEqual([]);
    clock.moveTo(evening(24 + 8, 30));
    await settled(core, settings);
    const view = await succeeded(core, 'getNotifications', {});
    expect(view.digest!.hits).toHaveLength(20);
    expect(view.digest!.changes['close-date']).toBe(20);
    expect(view.inNextDigest).toBe(0);
    expect(notifier.shown.map((note) => note.title)).toEqual(['Your digest']);
    expect(notifier.shown[0]!.body).toMatch(/^20 from your rules · 20 changes in your deals\./);

    // The next morning has nothing new to tell: no second notification.
    clock.moveTo(evening(48 + 8, 30));
    await settled(core, settings);
    expect(notifier.shown).toHaveLength(1);
  });

  it('quiet hours hold a "now" rule until they end, then show it once', async () => {
    const { core, clock, notifier } = await syncingApp(evening(21));
    const settings: NotificationSettings = {
      rules: [pushedRule('now')],
      digestAt: null,
      quietHours: { from: '22:00', to: '07:00' },
    };
    await succeeded(core, 'saveNotificationSettings', settings);
    clock.moveTo(evening(23));
    await pushCloseDates(core, 1, 1);
    await syncRound(core);
    await notifications(core, (view) => view.held === 1);
    expect(notifier.shown).toEqual([]);

    clock.moveTo(evening(24 + 6, 59));
    await settled(core, settings);
    expect(notifier.shown).toEqual([]);
    clock.moveTo(evening(24 + 7));
    await settled(core, settings);
    expect((await succeeded(core, 'getNotifications', {})).held).toBe(0);
    expect(notifier.shown.map((note) => note.title)).toEqual(['Close date pushed out']);

    // A later round finds nothing new: the held note is not shown again.
    clock.moveTo(evening(24 + 9));
    await syncRound(core);
    await settled(core, settings);
    expect(notifier.shown).toHaveLength(1);
    expect((await succeeded(core, 'getNotifications', {})).recent.map((hit) => hit.title)).toEqual([
      'Close date pushed out',
    ]);
  });
});

describe.skipIf(!underKeyring)('notification settings on disk (the copy’s key in a real Secret Service)', () => {
  it('a restart of the app keeps the rules, the digest time and quiet hours', async () => {
    const app = await keychainApp(service);
    disposals.push(app.dispose);
    const first = app.start();
    await succeeded(first, 'addWorkspace', { baseUrl: service.baseUrl, apiKey: app.apiKey, name: 'Kept' });
    const settings: NotificationSettings = {
      rules: [
        pushedRule('now'),
        { id: 'big', kind: 'new-call-on-large-deal', amount: 50_000, delivery: 'digest', team: { kind: 'all' } },
      ],
      digestAt: '07:45',
      quietHours: { from: '21:00', to: '06:30' },
    };
    await succeeded(first, 'saveNotificationSettings', settings);
    await first.close();

    expect((await succeeded(app.start(), 'getNotifications', {})).settings).toEqual(settings);
  });
});
