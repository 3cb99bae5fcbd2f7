import { SEED_BASE_TIME } from '../src/service/seed';
import type {
  ServedChecklistEvaluation,
  ServedDeal,
  ServedMember,
  ServedTranscriptSegment,
  ServedVideo,
} from '../src/shared/api/served';
import { expectAccessible, openScreen, serviceGet, whileServiceStopped } from './screen-helpers';
import { type CallscopeApp, expect, test } from './support/fixtures';
import { syncedApp } from './support/sync';

// The app's background sync fills the copy the coaching screens read; the service is stopped last.
test.use({ backgroundSync: true, outageRehearsal: true, timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

interface Activity {
  action: string;
  video_id: string;
  member_id: string;
}

/**
 * The workspace as the service answers it, and whose each call is by the rule of
 * docs/coaching.md worked out here from those answers alone: the deal's owner, else the deal's
 * LINKED activity for the call, else a seller-side speaker named as a member.
 */
async function workspace(callscope: CallscopeApp) {
  const every = async <T>(path: string) => {
    const records: T[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: T[]; meta: { next_cursor: string | null } } = await serviceGet(
        callscope,
        `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      records.push(...page.data);
      cursor = page.meta.next_cursor;
    } while (cursor);
    return records;
  };
  const members = (await serviceGet<{ data: ServedMember[] }>(callscope, '/v1/members')).data;
  const deals = await every<ServedDeal>('/v1/deals');
  const calls = await every<ServedVideo>('/v1/videos');
  const activities = new Map<string, Activity[]>();
  for (const deal of deals) activities.set(deal.id, await every<Activity>(`/v1/deals/${deal.id}/activities`));
  const transcripts = new Map<string, ServedTranscriptSegment[]>();
  const checklists = new Map<string, ServedChecklistEvaluation>();
  for (const call of calls) {
    const transcript = await serviceGet<{ data?: ServedTranscriptSegment[] }>(
      callscope,
      `/v1/videos/${call.id}/transcript`,
    );
    transcripts.set(call.id, transcript.data ?? []);
    const checklist = await serviceGet<{ data?: ServedChecklistEvaluation }>(
      callscope,
      `/v1/videos/${call.id}/checklist`,
    );
    if (checklist.data && checklist.data.items.length > 0) checklists.set(call.id, checklist.data);
  }
  const ownerOf = (call: ServedVideo): string | null => {
    const deal = deals.find((candidate) => candidate.id === call.deal_id);
    if (deal?.owner_id) return deal.owner_id;
    const linked = (activities.get(call.deal_id ?? '') ?? []).find(
      (activity) => activity.action === 'LINKED' && activity.video_id === call.id,
    );
    if (linked) return linked.member_id;
    const sellers = (transcripts.get(call.id) ?? []).filter((line) => line.speaker_role === 'SELLER');
    return members.find((member) => sellers.some((line) => line.speaker === member.display_name))?.id ?? null;
  };
  const newestFirst = [...calls].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1),
  );
  return { members, calls: newestFirst, transcripts, checklists, ownerOf };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

test('the checklist matrix shows each rep’s share as the service’s answers give it, and Enter lists the calls not met', async ({
  page,
  callscope,
}) => {
  const { members, calls, checklists, ownerOf } = await workspace(callscope);
  await syncedApp(page, callscope.appUrl);

  // Each rep's last ten analysed calls; the cell opened has a call partially met (quoted), and the most not met.
  const cells = members.flatMap((member) => {
    const last = calls.filter((call) => checklists.has(call.id) && ownerOf(call) === member.id).slice(0, 10);
    const items = [...new Set(last.flatMap((call) => checklists.get(call.id)!.items.map((item) => item.item_text)))];
    return items.map((item) => {
      const statuses = last.map((call) => ({
        call,
        status: checklists.get(call.id)!.items.find((candidate) => candidate.item_text === item)?.status,
      }));
      const met = statuses.filter(({ status }) => status === 'MET').length;
      const missed = statuses.filter(({ status }) => status === 'PARTIALLY_MET' || status === 'NOT_MET');
      const quoted = missed.some(({ status }) => status === 'PARTIALLY_MET');
      return { member, item, met, n: met + missed.length, missed: missed.map(({ call }) => call), quoted };
    });
  });
  const cell = cells.sort((a, b) => Number(b.quoted) - Number(a.quoted) || b.missed.length - a.missed.length)[0]!;
  expect(cell.quoted).toBe(true);
  expect(cell.missed.length).toBeGreaterThan(0);

  await page.keyboard.press('g');
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist matrix' })).toBeVisible();
  // j brings the keyboard into the matrix, the arrows move it along.
  const cellsShown = page.locator('table.matrix tbody tr');
  await expect(cellsShown.first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(cellsShown.nth(0).getByRole('button').nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(cellsShown.nth(1).getByRole('button').nth(1)).toBeFocused();
  const button = page.getByRole('button', { name: `${cell.member.display_name}, ${cell.item}:` });
  await expect(button).toHaveAccessibleName(
    new RegExp(`^.*: Met in ${cell.met} of ${cell.n} calls \\(${percent(cell.met / cell.n)}\\)`),
  );
  await expect(button).toContainText(percent(cell.met / cell.n));
  await expect(button).toContainText(`n ${cell.n}`);
  // A rep without analysed calls shows "—" across.
  const idle = members.find((member) => !calls.some((call) => checklists.has(call.id) && ownerOf(call) === member.id));
  if (idle) {
    await expect(page.getByRole('button', { name: `${idle.display_name}, ${cell.item}:` })).toHaveText('—');
  }
  await expectAccessible(page);

  await button.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: new RegExp(`^${cell.item}`) });
  await expect(panel).toBeFocused();
  const listed = panel.locator('.miss-header').getByRole('link');
  await expect(listed).toHaveText(cell.missed.map((call) => call.title));
  await expect(panel.getByText(/^Why /).first()).toBeVisible();
  await expect(panel.getByText(/^Next time /).first()).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // A quote opens the transcript at the line it was said in; Back returns to the open cell.
  const quote = panel.locator('a.quote').first();
  await quote.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calls\/[^?]+\?segment=/);
  await expect(page.locator('[data-segment-id][aria-current="true"]')).toBeVisible();
  await page.goBack();
  await expect(panel).toBeVisible();
  await panel.focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('a rep’s page shows their calls of the last eight weeks with their figures against the team’s', async ({
  page,
  callscope,
}) => {
  const { members, calls, transcripts, ownerOf } = await workspace(callscope);
  // The page weighs the eight weeks to the one it is opened in: here, the seeded data's last week.
  const now = SEED_BASE_TIME.getTime();
  await page.clock.setFixedTime(now);
  const today = new Date(now);
  const weekStart = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() - ((today.getUTCDay() + 6) % 7),
  );
  const [from, to] = [weekStart - 7 * 7 * 86_400_000, weekStart + 7 * 86_400_000];
  const inWindow = calls.filter((call) => Date.parse(call.created_at) >= from && Date.parse(call.created_at) < to);
  // The rep with the most calls of the period that have lines, some without included.
  const lined = (call: ServedVideo) => (transcripts.get(call.id) ?? []).length > 0;
  const count = (memberId: string) => inWindow.filter((call) => ownerOf(call) === memberId && lined(call)).length;
  const rep = [...members].sort((a, b) => count(b.id) - count(a.id))[0]!;
  const theirs = inWindow.filter((call) => ownerOf(call) === rep.id);
  expect(count(rep.id)).toBeGreaterThan(0);
  const shares = theirs.flatMap((call) => {
    const lines = transcripts.get(call.id)!;
    const spoken = (side: boolean) =>
      lines
        .filter((line) => !side || line.speaker_role === 'SELLER')
        .reduce((sum, line) => sum + Math.max(0, line.end - line.start), 0);
    return lined(call) ? [spoken(true) / spoken(false)] : [];
  });
  const sorted = shares.sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;

  await syncedApp(page, callscope.appUrl);
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  const link = page.getByRole('list', { name: 'Members' }).getByRole('link', { name: rep.display_name });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: rep.display_name })).toBeVisible();
  const table = page.locator('table.rep-calls');
  await expect(table.locator('tbody tr')).toHaveCount(theirs.length);
  await expect(table.locator('tbody').getByRole('link')).toHaveText(theirs.map((call) => call.title));
  const without = theirs.length - count(rep.id);
  if (without > 0) await expect(page.getByText(`, ${without} without a transcript`)).toBeVisible();
  const median$ = table.getByRole('row', { name: /^Their median/ });
  await expect(median$.getByRole('cell').first()).toHaveText(percent(median));
  await expect(page.getByRole('row', { name: /^Team median/ })).toBeVisible();
  await expect(page.locator('.figure-chart')).toHaveCount(4);
  await expect(page.getByText('Published reference: about 43 %')).toBeVisible();
  await expect(page.getByText('Published reference: 11–14 a call')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open deals' })).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
});

test('both screens still show what the local copy holds with the service stopped', async ({ page, callscope }) => {
  await page.clock.setFixedTime(SEED_BASE_TIME.getTime());
  await syncedApp(page, callscope.appUrl);
  const rep = callscope.manifest.orgs[0]!.members[0]!;
  await openScreen(page, callscope, '/coaching/checklist');
  const online = (await page.locator('table.matrix').textContent())!;
  await openScreen(page, callscope, `/team/${rep.id}`);
  const onlineCalls = (await page.locator('table.rep-calls').textContent())!;

  await whileServiceStopped(callscope, async () => {
    await openScreen(page, callscope, '/coaching/checklist');
    await expect(page.locator('table.matrix')).toHaveText(online);
    await openScreen(page, callscope, `/team/${rep.id}`);
    await expect(page.locator('table.rep-calls')).toHaveText(onlineCalls);
  });
});
