import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { analyzeCall } from './analyze-call';
import { replaceCallOutputs } from './replace-call-outputs';
import type { AnalyzerSegment } from './types';

const segments: AnalyzerSegment[] = [
  {
    id: 'seg_1',
    start: 0,
    end: 4,
    speaker: 'Élodie Fèvre',
    speaker_role: 'SELLER',
    text: 'The list price is $79 per seat.',
  },
  {
    id: 'seg_2',
    start: 5,
    end: 9,
    speaker: 'Ana Müller',
    speaker_role: 'BUYER',
    text: 'Our budget is approved, send over the quote.',
  },
];
const outputs = analyzeCall({ segments, checklist: [] });

describe('replaceCallOutputs', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'callscope-outputs-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'Acme', '2026-01-01T00:00:00.000Z')",
    ).run();
    db.prepare(
      `INSERT INTO videos (id, org_id, title, status, call_type, created_at, updated_at)
       VALUES ('vid_1', 'org_1', 'Call', 'READY', 'DEMO', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    ).run();
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const current = (table: string) =>
    db.prepare(`SELECT analysis_id FROM ${table} WHERE video_id = 'vid_1' AND is_current = 1`).pluck().all();

  it('stores the summary, checklist and events of an analysis as the call’s current outputs', () => {
    const stored = replaceCallOutputs(db, {
      orgId: 'org_1',
      videoId: 'vid_1',
      analysisId: 'ana_a',
      outputs,
      now: new Date('2026-01-02T00:00:00.000Z'),
    });
    expect(stored).toEqual({
      summaryId: 'sum_a',
      checklistEvaluationId: 'cev_a',
      salesEventCount: outputs.events.length,
    });
    expect(outputs.events.length).toBeGreaterThan(0);
    const summary = db.prepare("SELECT sections, notes_markdown FROM summaries WHERE id = 'sum_a'").get() as {
      sections: string;
      notes_markdown: string;
    };
    expect(JSON.parse(summary.sections)).toEqual(outputs.summary.sections);
    expect(current('sales_events')).toHaveLength(outputs.events.length);
  });

  it('retires the previous outputs when a newer analysis replaces them', () => {
    const now = new Date('2026-01-02T00:00:00.000Z');
    replaceCallOutputs(db, { orgId: 'org_1', videoId: 'vid_1', analysisId: 'ana_a', outputs, now });
    replaceCallOutputs(db, { orgId: 'org_1', videoId: 'vid_1', analysisId: 'ana_b', outputs, now });
    expect(current('summaries')).toEqual(['ana_b']);
    expect(current('checklist_evaluations')).toEqual(['ana_b']);
    expect(new Set(current('sales_events'))).toEqual(new Set(['ana_b']));
    expect(db.prepare('SELECT count(*) FROM summaries').pluck().get()).toBe(2);
  });

  it('changes nothing when the replacement fails part-way', () => {
    const now = new Date('2026-01-02T00:00:00.000Z');
    replaceCallOutputs(db, { orgId: 'org_1', videoId: 'vid_1', analysisId: 'ana_a', outputs, now });
    const attempt = () =>
      replaceCallOutputs(db, { orgId: 'org_1', videoId: 'vid_1', analysisId: 'ana_a', outputs, now });
    expect(attempt).toThrow(/UNIQUE/);
    expect(current('summaries')).toEqual(['ana_a']);
    expect(current('sales_events')).toHaveLength(outputs.events.length);
  });
});
