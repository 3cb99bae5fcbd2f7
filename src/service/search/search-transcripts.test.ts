import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { searchTranscripts } from './search-transcripts';

let dir: string;
let db: Db;

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

function addCall(
  org: string,
  id: string,
  day: number,
  lines: string[],
  options: { deal?: string; status?: string } = {},
) {
  db.prepare(
    `INSERT INTO videos (id, org_id, deal_id, title, status, call_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'DEMO', ?, ?)`,
  ).run(id, org, options.deal ?? null, `Call ${id}`, options.status ?? 'READY', at(day), at(day));
  const insert = db.prepare(
    `INSERT INTO transcript_segments (video_id, org_id, deal_id, video_created_at, start, end, speaker, speaker_role, text)
     VALUES (?, ?, ?, ?, ?, ?, 'Zoë Brontë', 'SELLER', ?)`,
  );
  lines.forEach((text, index) => {
    insert.run(id, org, options.deal ?? null, at(day), index * 10, index * 10 + 5, text);
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callscope-search-'));
  db = openDatabase(dir);
  for (const org of ['org_a', 'org_b']) {
    db.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(org, org, at(1));
  }
  for (const deal of ['deal_1', 'deal_2']) {
    db.prepare(
      `INSERT INTO deals (id, org_id, title, status, created_at, updated_at) VALUES (?, 'org_a', ?, 'OPEN', ?, ?)`,
    ).run(deal, deal, at(1), at(1));
  }
  addCall('org_a', 'vid_old', 2, ['Pricing starts at $79 per seat.', 'We signed last été.'], { deal: 'deal_1' });
  addCall('org_a', 'vid_new', 5, ['The pricing is 50% off', 'Ask about pricing later.', 'ok'], { deal: 'deal_2' });
  addCall('org_a', 'vid_mid', 3, ['Field deal_stage maps to stage', 'Path C:\\Reports\\Calls', 'We call it "Monday"']);
  addCall('org_a', 'vid_deleted', 4, ['Deleted pricing talk'], { deal: 'deal_1', status: 'DELETED' });
  addCall('org_a', 'vid_star', 1, ['A * B and 100%_done', 'Zur ſtraße']);
  addCall('org_b', 'vid_other', 6, ['Pricing for another organisation']);
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const texts = (q: string, options: Record<string, string | number> = {}) =>
  searchTranscripts(db, 'org_a', { q, ...options }).data.map((segment) => segment.text);

describe('searchTranscripts', () => {
  it('finds substrings case-insensitively, newest call first, then by time in the call', () => {
    expect(texts('PRICING')).toEqual([
      'The pricing is 50% off',
      'Ask about pricing later.',
      'Pricing starts at $79 per seat.',
    ]);
  });

  it('folds non-ASCII capitals, so ÉTÉ finds été', () => {
    expect(texts('ÉTÉ')).toEqual(['We signed last été.']);
    expect(texts('ÉT')).toEqual(['We signed last été.']);
  });

  it('finds capitals with lowercase needles on the scanning path too', () => {
    addCall('org_a', 'vid_caps', 8, ['CAFÉ OLÉ', 'Kelvin: 300 \u212A']);
    expect(texts('é o', { video_id: 'vid_caps' })).toEqual(['CAFÉ OLÉ']);
    expect(texts('é', { video_id: 'vid_caps' })).toEqual(['CAFÉ OLÉ']);
    expect(texts('0 k')).toEqual(['Kelvin: 300 \u212A']);
    expect(texts('0 k', { video_id: 'vid_caps' })).toEqual(['Kelvin: 300 \u212A']);
  });

  it('treats %, _, *, ", \\ and $ literally', () => {
    expect(texts('50%')).toEqual(['The pricing is 50% off']);
    expect(texts('%_')).toEqual(['A * B and 100%_done']);
    expect(texts('l_s')).toEqual(['Field deal_stage maps to stage']);
    expect(texts('_')).toEqual(['Field deal_stage maps to stage', 'A * B and 100%_done']);
    expect(texts('* B')).toEqual(['A * B and 100%_done']);
    expect(texts('"Monday"')).toEqual(['We call it "Monday"']);
    expect(texts('\\Reports\\')).toEqual(['Path C:\\Reports\\Calls']);
    expect(texts('$79')).toEqual(['Pricing starts at $79 per seat.']);
    expect(texts('%')).toEqual(['The pricing is 50% off', 'A * B and 100%_done']);
  });

  it('answers one- and two-character queries', () => {
    expect(texts('OK')).toEqual(['ok']);
    expect(texts('$')).toEqual(['Pricing starts at $79 per seat.']);
  });

  it('folds the long s as the index does, on both paths', () => {
    expect(texts('STRA')).toEqual(['Zur ſtraße']);
    expect(texts('st', { video_id: 'vid_star' })).toEqual(['Zur ſtraße']);
  });

  it('takes a NUL character literally instead of stopping at it', () => {
    expect(searchTranscripts(db, 'org_a', { q: 'ok\u0000' })).toEqual({ data: [], total_matches: 0, truncated: false });
  });

  it('combines video_id and deal_id filters with AND', () => {
    expect(texts('pricing', { video_id: 'vid_old' })).toEqual(['Pricing starts at $79 per seat.']);
    expect(texts('pricing', { deal_id: 'deal_2' })).toEqual(['The pricing is 50% off', 'Ask about pricing later.']);
    expect(texts('pricing', { video_id: 'vid_old', deal_id: 'deal_2' })).toEqual([]);
  });

  it('counts every match and says when the page is truncated', () => {
    const page = searchTranscripts(db, 'org_a', { q: 'pricing', limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({ total_matches: 3, truncated: true });
    expect(searchTranscripts(db, 'org_a', { q: 'pricing' })).toMatchObject({ total_matches: 3, truncated: false });
    expect(searchTranscripts(db, 'org_a', { q: 'absent words' })).toEqual({
      data: [],
      total_matches: 0,
      truncated: false,
    });
  });

  it('leaves out deleted calls and other organisations', () => {
    expect(texts('talk')).toEqual([]);
    expect(texts('another organisation')).toEqual([]);
    expect(searchTranscripts(db, 'org_b', { q: 'pricing' }).total_matches).toBe(1);
  });

  it('drops a call from the results when it is deleted and brings it back when restored', () => {
    const setStatus = db.prepare("UPDATE videos SET status = ? WHERE id = 'vid_old'");
    setStatus.run('DELETED');
    expect(texts('per seat')).toEqual([]);
    setStatus.run('READY');
    expect(texts('per seat')).toEqual(['Pricing starts at $79 per seat.']);
  });

  it('forgets a segment that is removed or rewritten', () => {
    addCall('org_a', 'vid_edit', 9, ['Temporary zebra line', 'Another zebra line']);
    db.prepare("DELETE FROM transcript_segments WHERE text = 'Temporary zebra line'").run();
    db.prepare("UPDATE transcript_segments SET text = 'Another giraffe line' WHERE text = 'Another zebra line'").run();
    expect(texts('zebra')).toEqual([]);
    expect(texts('giraffe')).toEqual(['Another giraffe line']);
  });

  it('returns each segment with its call, deal and public id', () => {
    const [first] = searchTranscripts(db, 'org_a', { q: '50%' }).data;
    const rowid = db
      .prepare("SELECT rowid FROM transcript_segments WHERE text = 'The pricing is 50% off'")
      .pluck()
      .get();
    expect(first).toEqual({
      id: `seg_${rowid}`,
      text: 'The pricing is 50% off',
      start: 0,
      end: 5,
      video_id: 'vid_new',
      speaker: 'Zoë Brontë',
      speaker_role: 'SELLER',
      video_title: 'Call vid_new',
      deal_id: 'deal_2',
    });
  });

  it('finds segments written after the index was built', () => {
    addCall('org_a', 'vid_later', 7, ['Brand new Überraschung']);
    expect(texts('überRASCHUNG')).toEqual(['Brand new Überraschung']);
  });
});
