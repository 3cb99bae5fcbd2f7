import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type Digest,
  type DigestChangeCounts,
  NotificationSettings,
  type NotificationSettingsChange,
  type NotificationsView,
  type RuleHit,
  type RuleHitTarget,
  type RuleKind,
} from '../../../../../shared/notification-rules';
import { whatChangedIn } from '../model/what-changed';
import type { ReplicaDatabase } from '../replica-db';
import { reviewQueueForDigest, trackerHitsSince } from './digest-seams';
import { evaluateRules } from './rule-evaluation';

/** Enough of the notifications shown lately for the manager to find the one they dismissed. */
const RECENT_SHOWN = 20;

interface StateRow {
  doc: string;
  evaluated_until: number;
  last_digest_at: number;
  last_digest_copy_at: number;
}

/**
 * A moment on two clocks: the copy's (its journal dates what it saw by it, so a window of changes
 * is read on it) and the app's (its timers wait for the digest and the end of quiet hours, and a
 * test drives it). In the app they are one clock; a test's fake clock moves the app's alone.
 */
export interface Moment {
  copy: number;
  clock: number;
}

interface HitRow {
  id: number;
  rule_id: string;
  rule_kind: RuleKind;
  delivery: 'now' | 'digest';
  title: string;
  body: string;
  target: string;
  found_at: number;
  sent_at: number | null;
}

interface DigestRow {
  id: string;
  at: number;
  since: number;
  changes: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

function hitOf(row: HitRow): RuleHit {
  return {
    id: String(row.id),
    ruleId: row.rule_id,
    ruleKind: row.rule_kind,
    delivery: row.delivery,
    title: row.title,
    body: row.body,
    target: JSON.parse(row.target) as RuleHitTarget,
    foundAt: iso(row.found_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

const HIT_COLUMNS = 'id, rule_id, rule_kind, delivery, title, body, target, found_at, sent_at';

/**
 * The manager's notification rules in a workspace's local copy, what they met and what was sent
 * (issue 30 item 5). Times are the caller's clock (ms), so a test's fake clock drives it whole.
 * Nothing is kept before the manager first saves settings: no rule, nothing to evaluate or send.
 */
export function notificationStore(db: ReplicaDatabase) {
  const state = () =>
    db
      .prepare<[], StateRow>(
        'SELECT doc, evaluated_until, last_digest_at, last_digest_copy_at FROM notification_settings WHERE id = 1',
      )
      .get();

  /** The settings as saved; a document an older or newer build wrote that no longer reads gives the defaults, never a crash. */
  function settings(): NotificationSettings {
    const row = state();
    if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
    const parsed = NotificationSettings.safeParse(JSON.parse(row.doc));
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
  }

  const hits = (where: string, ...args: (string | number)[]) =>
    db.prepare<(string | number)[], HitRow>(`SELECT ${HIT_COLUMNS} FROM notification_hits WHERE ${where}`).all(...args);

  function digestOf(row: DigestRow): Digest {
    return {
      id: row.id,
      at: iso(row.at),
      since: iso(row.since),
      hits: hits('digest_id = ? ORDER BY found_at DESC, id DESC', row.id).map(hitOf),
      changes: JSON.parse(row.changes) as DigestChangeCounts,
      reviewQueue: reviewQueueForDigest(db, row.at),
      trackerHits: trackerHitsSince(db, row.since),
    };
  }

  function changeCounts(since: number, now: number): DigestChangeCounts {
    const counts: DigestChangeCounts = {};
    for (const change of whatChangedIn(db, { kind: 'moment', at: iso(since) }, now).changes) {
      counts[change.kind] = (counts[change.kind] ?? 0) + 1;
    }
    return counts;
  }

  return {
    settings,

    view(): NotificationsView & { lastDigestAt: number | null } {
      const row = state();
      const waitingCount = db
        .prepare<[string], number>('SELECT count(*) FROM notification_hits WHERE delivery = ? AND sent_at IS NULL')
        .pluck();
      const latest = db
        .prepare<[], DigestRow>('SELECT id, at, since, changes FROM digests ORDER BY at DESC LIMIT 1')
        .get();
      return {
        settings: settings(),
        digest: latest ? digestOf(latest) : null,
        recent: hits(
          `delivery = 'now' AND sent_at IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT ${RECENT_SHOWN}`,
        ).map(hitOf),
        held: waitingCount.get('now')!,
        inNextDigest: waitingCount.get('digest')!,
        lastDigestAt: row?.last_digest_at ?? null,
      };
    },

    /**
     * Saves the settings whole and says what they replaced, so the edit is undone by saving that
     * again. The first save starts the rules' watch and the digests' count from `now`: what
     * happened before is not news.
     */
    save(next: NotificationSettings, now: Moment): NotificationSettingsChange {
      return db.transaction(() => {
        const before = settings();
        db.prepare(
          `INSERT INTO notification_settings (id, doc, saved_at, evaluated_until, last_digest_at, last_digest_copy_at)
           VALUES (1, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, saved_at = excluded.saved_at`,
        ).run(JSON.stringify(next), now.clock, now.copy, now.clock, now.copy);
        return { before, after: next };
      })();
    },

    /**
     * Evaluates the rules over what changed since the last evaluation (What changed's changes and
     * the tracker hits of the window), keeping each rule's hit on each change once; then the
     * window closes at `now`. Returns how many hits are new.
     */
    evaluate(now: Moment): number {
      const row = state();
      if (!row) return 0;
      const { rules } = settings();
      return db.transaction(() => {
        let added = 0;
        if (rules.length > 0) {
          const window = whatChangedIn(db, { kind: 'moment', at: iso(row.evaluated_until) }, now.copy);
          const amount = db.prepare<[string], number | null>('SELECT forecast_amount FROM deals WHERE id = ?').pluck();
          const matches = evaluateRules(rules, window.changes, trackerHitsSince(db, row.evaluated_until), {
            dealAmount: (dealId) => amount.get(dealId) ?? null,
            memberName: (memberId) => (memberId ? (window.names[memberId] ?? null) : null),
          });
          const insert = db.prepare(
            `INSERT OR IGNORE INTO notification_hits (rule_id, change_key, rule_kind, delivery, title, body, target, found_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          );
          const byId = new Map(rules.map((rule) => [rule.id, rule]));
          for (const match of matches) {
            const rule = byId.get(match.ruleId)!;
            const target = JSON.stringify(match.target);
            added += insert.run(
              rule.id,
              match.changeKey,
              rule.kind,
              rule.delivery,
              match.title,
              match.body,
              target,
              now.clock,
            ).changes;
          }
        }
        db.prepare('UPDATE notification_settings SET evaluated_until = ? WHERE id = 1').run(now.copy);
        return added;
      })();
    },

    /** The "now" hits waiting (found since, or held by quiet hours), marked sent at `now`: each is shown once. */
    takeNow(now: number): RuleHit[] {
      return db.transaction(() => {
        const waiting = hits(`delivery = 'now' AND sent_at IS NULL ORDER BY found_at, id`);
        const mark = db.prepare('UPDATE notification_hits SET sent_at = ? WHERE id = ?');
        for (const row of waiting) mark.run(now, row.id);
        return waiting.map((row) => hitOf({ ...row, sent_at: now }));
      })();
    },

    /**
     * The digest due at `now`: the "in the digest" hits waiting and What changed since the last
     * digest. Null when there is nothing to tell (no notification for nothing); either way the
     * next digest counts from `now`.
     */
    sendDigest(now: Moment): Digest | null {
      const row = state();
      if (!row) return null;
      return db.transaction(() => {
        const since = row.last_digest_copy_at;
        db.prepare('UPDATE notification_settings SET last_digest_at = ?, last_digest_copy_at = ? WHERE id = 1').run(
          now.clock,
          now.copy,
        );
        const waiting = hits(`delivery = 'digest' AND sent_at IS NULL`);
        const changes = changeCounts(since, now.copy);
        if (waiting.length === 0 && Object.keys(changes).length === 0) return null;
        const id = `dg_${randomUUID()}`;
        db.prepare('INSERT INTO digests (id, at, since, changes) VALUES (?, ?, ?, ?)').run(
          id,
          now.clock,
          since,
          JSON.stringify(changes),
        );
        db.prepare(
          `UPDATE notification_hits SET sent_at = ?, digest_id = ? WHERE delivery = 'digest' AND sent_at IS NULL`,
        ).run(now.clock, id);
        return digestOf({ id, at: now.clock, since, changes: JSON.stringify(changes) });
      })();
    },
  };
}

export type NotificationStore = ReturnType<typeof notificationStore>;
