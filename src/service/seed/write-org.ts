import type { AnalyzerChecklistItem, AnalyzerSegment } from '../analysis/types';
import type { Db } from '../db/database';
import type { OrgPlan, PlannedCall } from './plan-org';
import { displayName } from './plan-org';
import type { OrgBlueprint } from './world';

const iso = (time: number) => new Date(time).toISOString();

/** Calls per write transaction: large enough to amortise commits, small enough to bound the WAL. */
const CALLS_PER_TRANSACTION = 250;

export function writeOrganisation(
  db: Db,
  org: { id: string; createdAt: number },
  blueprint: OrgBlueprint,
  plan: OrgPlan,
  checklist: AnalyzerChecklistItem[],
  allowlist: readonly string[],
): void {
  db.transaction(() => {
    db.prepare('INSERT INTO organizations (id, name, active, created_at) VALUES (?, ?, ?, ?)').run(
      org.id,
      blueprint.name,
      blueprint.active ? 1 : 0,
      iso(org.createdAt),
    );
    db.prepare('INSERT INTO organization_settings (org_id, webhook_allowed_hostnames) VALUES (?, ?)').run(
      org.id,
      JSON.stringify(allowlist),
    );
    const member = db.prepare(
      `INSERT INTO members (id, org_id, email, status, given_name, family_name, display_name, avatar_url, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    );
    for (const m of plan.members) {
      member.run(
        m.id,
        org.id,
        m.email,
        m.status,
        m.person.given,
        m.person.family,
        displayName(m.person),
        iso(m.createdAt),
      );
    }
    const item = db.prepare(
      'INSERT INTO checklist_items (id, org_id, position, item_text, item_description, keywords) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const [position, c] of checklist.entries()) {
      item.run(c.id, org.id, position + 1, c.item_text, c.item_description, JSON.stringify(c.keywords));
    }
    const deal = db.prepare(
      `INSERT INTO deals (id, org_id, title, status, product_id, owner_id, forecast_amount, close_date, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const d of plan.deals) {
      deal.run(
        d.id,
        org.id,
        d.title,
        d.status,
        d.productId,
        d.ownerId,
        d.forecastAmount,
        d.closeDate === null ? null : iso(d.closeDate),
        iso(d.createdAt),
        iso(d.updatedAt),
      );
    }
  })();
}

/**
 * Writes the calls with their transcripts and LINKED activities, and returns each call's stored
 * segments (with their public `seg_<rowid>` ids) for the analyzer.
 */
export function writeCalls(db: Db, orgId: string, calls: PlannedCall[]): Map<string, AnalyzerSegment[]> {
  const video = db.prepare(
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, duration_seconds, processed_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const segment = db.prepare(
    `INSERT INTO transcript_segments (video_id, org_id, deal_id, video_created_at, start, end, speaker, speaker_role, text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const activity = db.prepare(
    `INSERT INTO deal_activities (id, org_id, deal_id, action, video_id, member_id, created_at)
     VALUES (?, ?, ?, 'LINKED', ?, ?, ?)`,
  );
  const stored = new Map<string, AnalyzerSegment[]>();
  const writeBatch = db.transaction((batch: PlannedCall[]) => {
    for (const call of batch) {
      const createdAt = iso(call.createdAt);
      const dealId = call.deal?.id ?? null;
      video.run(
        call.id,
        orgId,
        dealId,
        call.title,
        call.status,
        call.callType,
        call.durationSeconds,
        call.processedAt === null ? null : iso(call.processedAt),
        createdAt,
        iso(call.processedAt ?? call.createdAt),
      );
      const segments = call.segments.map((s) => {
        const { lastInsertRowid } = segment.run(
          call.id,
          orgId,
          dealId,
          createdAt,
          s.start,
          s.end,
          s.speaker,
          s.speaker_role,
          s.text,
        );
        return { id: `seg_${lastInsertRowid}`, ...s };
      });
      stored.set(call.id, segments);
      if (dealId) {
        activity.run(`act_${call.id.slice(4)}`, orgId, dealId, call.id, call.seller.id, iso(call.createdAt + 120_000));
      }
    }
  });
  for (let index = 0; index < calls.length; index += CALLS_PER_TRANSACTION) {
    writeBatch(calls.slice(index, index + CALLS_PER_TRANSACTION));
  }
  return stored;
}
