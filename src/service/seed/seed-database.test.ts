import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DealStatus } from '../../shared/api/deals';
import { allScopes } from '../../shared/api/scopes';
import { knownVideoStatuses } from '../../shared/api/videos';
import { type Db, openDatabase } from '../db/database';
import { type IssueKey, seedDatabase } from './index';

describe('seedDatabase', () => {
  const opened: { db: Db; dir: string }[] = [];
  const freshDb = () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-seed-'));
    const db = openDatabase(dir);
    opened.push({ db, dir });
    return db;
  };
  afterEach(() => {
    for (const { db, dir } of opened.splice(0)) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  let issued = 0;
  const issueKey: IssueKey = () => `sci_test_${++issued}`;

  const contentOf = (db: Db) =>
    [
      'organizations',
      'members',
      'deals',
      'videos',
      'transcript_segments',
      'deal_activities',
      'checklist_items',
      'analyses',
      'summaries',
      'checklist_evaluations',
      'sales_events',
      'scorings',
    ].map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all());

  it('produces the same data for the same profile', () => {
    const first = freshDb();
    const second = freshDb();
    seedDatabase(first, { profile: 'test', issueKey });
    seedDatabase(second, { profile: 'test', issueKey });
    expect(contentOf(second)).toEqual(contentOf(first));
  });

  it('shifts every time by now and changes nothing else', () => {
    const base = freshDb();
    const shifted = freshDb();
    seedDatabase(base, { profile: 'test', issueKey, now: new Date('2026-11-16T09:00:00.000Z') });
    seedDatabase(shifted, { profile: 'test', issueKey, now: new Date('2026-11-17T09:00:00.000Z') });
    const newest = (db: Db) =>
      db.prepare('SELECT id, created_at FROM videos ORDER BY created_at DESC LIMIT 1').get() as {
        id: string;
        created_at: string;
      };
    const [a, b] = [newest(base), newest(shifted)];
    expect(b.id).toBe(a.id);
    expect(Date.parse(b.created_at) - Date.parse(a.created_at)).toBe(86_400_000);
  });

  it('returns a manifest with two active organisations, one inactive, and a full-scope key in each', () => {
    const db = freshDb();
    const manifest = seedDatabase(db, { profile: 'test', issueKey });
    expect(manifest.orgs.filter((org) => org.active)).toHaveLength(2);
    expect(manifest.orgs.filter((org) => !org.active)).toHaveLength(1);
    for (const org of manifest.orgs) {
      expect(org.keys.some((key) => allScopes.every((scope) => key.scopes.includes(scope)))).toBe(true);
      const memberIds = org.members.map((member) => member.id);
      for (const key of org.keys) expect(memberIds).toContain(key.member_id);
      const stored = db.prepare('SELECT active FROM organizations WHERE id = ?').pluck().get(org.id);
      expect(stored).toBe(org.active ? 1 : 0);
    }
    const firstActive = manifest.orgs.find((org) => org.active)!;
    expect(firstActive.keys.some((key) => key.rate_limited)).toBe(true);
    expect(firstActive.keys.some((key) => key.scopes.length < allScopes.length && !key.rate_limited)).toBe(true);
  });

  it('covers every deal status and every call status in each active organisation', () => {
    const db = freshDb();
    const manifest = seedDatabase(db, { profile: 'test', issueKey });
    for (const org of manifest.orgs.filter((o) => o.active)) {
      const dealStatuses = db.prepare('SELECT DISTINCT status FROM deals WHERE org_id = ?').pluck().all(org.id);
      expect(new Set(dealStatuses)).toEqual(new Set(DealStatus.options));
      const callStatuses = db.prepare('SELECT DISTINCT status FROM videos WHERE org_id = ?').pluck().all(org.id);
      expect(new Set(callStatuses)).toEqual(new Set(knownVideoStatuses));
      const unlinked = db
        .prepare('SELECT count(*) FROM videos WHERE org_id = ? AND deal_id IS NULL')
        .pluck()
        .get(org.id);
      expect(unlinked).toBeGreaterThan(0);
    }
  });

  it('writes multi-speaker transcripts with seller and buyer roles, accents and increasing times', () => {
    const db = freshDb();
    seedDatabase(db, { profile: 'test', issueKey });
    const videoIds = db
      .prepare("SELECT id FROM videos WHERE status = 'READY' AND duration_seconds > 60")
      .pluck()
      .all() as string[];
    expect(videoIds.length).toBeGreaterThan(3);
    for (const videoId of videoIds) {
      const segments = db
        .prepare('SELECT start, end, speaker, speaker_role FROM transcript_segments WHERE video_id = ? ORDER BY start')
        .all(videoId) as { start: number; end: number; speaker: string; speaker_role: string }[];
      expect(new Set(segments.map((s) => s.speaker_role))).toEqual(new Set(['SELLER', 'BUYER']));
      expect(new Set(segments.map((s) => s.speaker)).size).toBeGreaterThanOrEqual(2);
      for (const [index, segment] of segments.entries()) {
        expect(segment.end).toBeGreaterThan(segment.start);
        if (index > 0) expect(segment.start).toBeGreaterThan(segments[index - 1]!.end);
      }
    }
    const names = db.prepare('SELECT display_name FROM members').pluck().all();
    expect(names).toEqual(expect.arrayContaining(['Élodie Fèvre', 'José Núñez', 'Zoë Brontë']));
  });

  it('leaves a READY call with an empty transcript and copies the video fields onto its segments', () => {
    const db = freshDb();
    seedDatabase(db, { profile: 'test', issueKey });
    const empty = db
      .prepare(
        "SELECT count(*) FROM videos v WHERE status = 'READY' AND NOT EXISTS (SELECT 1 FROM transcript_segments s WHERE s.video_id = v.id)",
      )
      .pluck()
      .get();
    expect(empty).toBeGreaterThanOrEqual(1);
    const mismatched = db
      .prepare(
        `SELECT count(*) FROM transcript_segments s JOIN videos v ON v.id = s.video_id
         WHERE s.org_id != v.org_id OR s.video_created_at != v.created_at OR s.deal_id IS NOT v.deal_id`,
      )
      .pluck()
      .get();
    expect(mismatched).toBe(0);
  });

  it('stores analysed calls with current outputs whose evidence and events quote their segments', () => {
    const db = freshDb();
    seedDatabase(db, { profile: 'test', issueKey });
    const analysed = db
      .prepare("SELECT DISTINCT video_id FROM analyses WHERE status = 'completed'")
      .pluck()
      .all() as string[];
    expect(analysed.length).toBeGreaterThan(3);
    const segmentText = db.prepare("SELECT text FROM transcript_segments WHERE 'seg_' || rowid = ?").pluck();
    for (const videoId of analysed) {
      const evaluation = db
        .prepare('SELECT items FROM checklist_evaluations WHERE video_id = ? AND is_current = 1')
        .pluck()
        .get(videoId) as string;
      for (const item of JSON.parse(evaluation) as { evidence: { id: string; text: string }[] }[]) {
        for (const evidence of item.evidence) expect(segmentText.get(evidence.id)).toBe(evidence.text);
      }
      const events = db
        .prepare('SELECT text, segment_id FROM sales_events WHERE video_id = ? AND is_current = 1')
        .all(videoId) as { text: string; segment_id: string }[];
      for (const event of events) expect(segmentText.get(event.segment_id)).toBe(event.text);
      expect(
        db.prepare('SELECT count(*) FROM summaries WHERE video_id = ? AND is_current = 1').pluck().get(videoId),
      ).toBe(1);
    }
  });

  it('leaves some READY calls never analysed, and fails the analysis of the one without a transcript', () => {
    const db = freshDb();
    seedDatabase(db, { profile: 'test', issueKey });
    const neverAnalysed = db
      .prepare(
        "SELECT count(*) FROM videos v WHERE status = 'READY' AND NOT EXISTS (SELECT 1 FROM analyses a WHERE a.video_id = v.id)",
      )
      .pluck()
      .get();
    expect(neverAnalysed).toBeGreaterThan(0);
    const failures = db.prepare("SELECT error FROM analyses WHERE status = 'failed'").pluck().all() as string[];
    expect(failures.map((error) => JSON.parse(error).code)).toContain('transcript_unavailable');
  });

  it('records completed scorings with a probability and factors', () => {
    const db = freshDb();
    seedDatabase(db, { profile: 'test', issueKey });
    const results = db.prepare("SELECT result FROM scorings WHERE status = 'completed'").pluck().all() as string[];
    expect(results.length).toBeGreaterThan(3);
    for (const result of results.map((text) => JSON.parse(text))) {
      expect(result.probability).toBeGreaterThanOrEqual(0);
      expect(result.probability).toBeLessThanOrEqual(100);
      expect(result.factors.length).toBeGreaterThan(0);
    }
  });
});
