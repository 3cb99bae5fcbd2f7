import type { NavigationTarget, SyncStatus } from '../../../shared/bridge';
import type { Digest, NotificationSettings, RuleHit } from '../../../shared/notification-rules';
import type { Engine } from '../engine/engine';
import type { Clock } from '../platform/clock';
import type { Notifier } from '../platform/notifier';
import type { BridgeEventListener } from './service-access';
import { inQuietHours, lastTimeOfDay, nextTimeOfDay } from './time-of-day';

/** More "now" notes than this waiting at once (quiet hours just ended) are told as one, not a stream of pop-ups. */
const SHOWN_ONE_BY_ONE = 3;

type NotificationsEngine = Pick<
  Engine,
  'notificationsView' | 'evaluateNotifications' | 'takeNowNotifications' | 'sendDigest'
>;

export interface NotificationScheduleOptions {
  engine: NotificationsEngine;
  notifier: Notifier;
  clock: Clock;
  emit: BridgeEventListener;
  /** The workspace on screen (the one whose copy syncs), or null. */
  activeWorkspaceId(): string | null;
  /** Opens a screen of the workspace, switching to it first when another is on screen. */
  open(workspaceId: string, target: NavigationTarget): Promise<void>;
}

function digestLine(digest: Digest): string {
  const changes = Object.values(digest.changes).reduce<number>((sum, count) => sum + (count ?? 0), 0);
  const parts = [
    digest.hits.length > 0 ? `${digest.hits.length} from your rules` : null,
    changes > 0 ? `${changes} ${changes === 1 ? 'change' : 'changes'} in your deals` : null,
  ];
  return `${parts.filter(Boolean).join(' · ')}. Open it to read them.`;
}

/**
 * When the manager's rules are evaluated and their notifications shown (issue 30 item 5): after
 * each sync round of a workspace, over what changed since the last evaluation; "now" hits at once
 * unless quiet hours hold them, then once when they end; the one digest at the time the manager
 * picked. It runs in the app's core, so notifications come with the window closed; every wait is
 * on the given clock. One step at a time: a round ending while a digest is sent waits for it.
 */
export function startNotificationSchedule(options: NotificationScheduleOptions) {
  const { engine, notifier, clock, emit } = options;
  const syncing = new Map<string, boolean>();
  let timer: unknown = null;
  let steps: Promise<void> = Promise.resolve();
  let closed = false;

  function tell(workspaceId: string, hits: RuleHit[]): void {
    if (hits.length > SHOWN_ONE_BY_ONE) {
      notifier.notify({
        title: `${hits.length} alerts from your rules`,
        body: 'They came while notifications were quiet. Open them to read each.',
        onClick: () => void options.open(workspaceId, { screen: 'notifications' }),
      });
      return;
    }
    for (const hit of hits) {
      const target: NavigationTarget = hit.target;
      notifier.notify({ title: hit.title, body: hit.body, onClick: () => void options.open(workspaceId, target) });
    }
  }

  function wakeAt(workspaceId: string, now: number, settings: NotificationSettings): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const moments = [settings.digestAt, settings.quietHours?.to].flatMap((time) =>
      time ? [nextTimeOfDay(now, time)] : [],
    );
    if (closed || moments.length === 0) return;
    timer = clock.setTimeout(
      () => {
        timer = null;
        void run(options.activeWorkspaceId() ?? workspaceId, false);
      },
      Math.min(...moments) - now,
    );
  }

  async function step(workspaceId: string, evaluate: boolean): Promise<void> {
    if (closed) return;
    const now = clock.now();
    const found = evaluate ? await engine.evaluateNotifications(workspaceId, now) : 0;
    const view = await engine.notificationsView(workspaceId);
    const { digestAt, quietHours } = view.settings;
    let told = false;
    if (!inQuietHours(now, quietHours)) {
      const hits = await engine.takeNowNotifications(workspaceId, now);
      tell(workspaceId, hits);
      const digestDue =
        digestAt !== null && view.lastDigestAt !== null && view.lastDigestAt < lastTimeOfDay(now, digestAt);
      const digest = digestDue ? await engine.sendDigest(workspaceId, now) : null;
      if (digest) {
        notifier.notify({
          title: 'Your digest',
          body: digestLine(digest),
          onClick: () => void options.open(workspaceId, { screen: 'digest' }),
        });
      }
      told = hits.length > 0 || digestDue;
    }
    if (found > 0 || told) emit('notificationsChanged', { workspaceId });
    wakeAt(workspaceId, now, view.settings);
  }

  function run(workspaceId: string, evaluate: boolean): Promise<void> {
    // A copy that cannot be read now is tried again at the next round or wake-up.
    steps = steps.then(() => step(workspaceId, evaluate)).catch(() => {});
    return steps;
  }

  return {
    /** Hears the app's events: a sync round's end evaluates the rules. */
    heard(event: string, payload: unknown): void {
      if (event !== 'syncProgress') return;
      const { workspaceId, state } = payload as SyncStatus;
      const wasSyncing = syncing.get(workspaceId) ?? false;
      syncing.set(workspaceId, state === 'syncing');
      if (wasSyncing && state !== 'syncing') void run(workspaceId, true);
    },
    /** The settings changed or another workspace came on screen: the next wake-up is theirs. */
    rescheduled: (workspaceId: string): Promise<void> => run(workspaceId, false),
    /** Settles once every step started has ended (tests wait on it). */
    settled: (): Promise<void> => steps,
    close(): void {
      closed = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}

export type NotificationSchedule = ReturnType<typeof startNotificationSchedule>;
