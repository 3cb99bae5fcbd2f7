import type Database from 'better-sqlite3-multiple-ciphers';
import { fillCallFigures } from './coaching/call-figures';
import { NewerReplicaError } from './storage-faults';

/**
 * Adds the columns a table lacks: a file whose version was set back by hand (as tests do to build
 * an older one) keeps its later columns, and SQLite has no ADD COLUMN IF NOT EXISTS.
 */
function addColumns(db: Database.Database, table: string, columns: Record<string, string>): void {
  const held = new Set(
    db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
      .all()
      .map((column) => column.name),
  );
  for (const [name, type] of Object.entries(columns)) {
    if (!held.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN "${name}" ${type}`);
  }
}

/**
 * Append-only: each entry moves the file from version i to i + 1 (`user_version`), so a replica
 * written by an earlier version is upgraded in place rather than thrown away. An entry is SQL, or
 * a step that needs to look at the file first.
 */
const migrations: (string | ((db: Database.Database) => void))[] = [
  // Every answer the app has read, as the client read it (records left out included), keyed by
  // the operation and its canonical params: what makes a seen screen paint without the service.
  `CREATE TABLE answers (
     op TEXT NOT NULL,
     params TEXT NOT NULL,
     body TEXT NOT NULL,
     fetched_at INTEGER NOT NULL,
     PRIMARY KEY (op, params)
   ) WITHOUT ROWID;`,
  // Background sync: the deals and calls the list walks found, which version of each is stored
  // (`synced_updated_at` = `updated_at` when every part is), the parts stored per version, and
  // where an unfinished walk resumes. Each step commits with what it fetched, so a kill loses
  // at most the request in flight.
  `CREATE TABLE sync_items (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     synced_updated_at TEXT,
     PRIMARY KEY (kind, id)
   ) WITHOUT ROWID;
   CREATE INDEX sync_items_pending ON sync_items (kind, created_at DESC, id DESC);
   CREATE TABLE sync_parts (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     part TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (kind, id, part)
   ) WITHOUT ROWID;
   CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  // Local transcript search: the segments of every stored transcript under an FTS5 index (word
  // prefixes of 1 to 3 characters indexed, so a one-letter query is an index lookup), and what
  // the filters and groups need of calls and deals, taken from the answers as they are stored.
  `CREATE TABLE segments (
     rowid INTEGER PRIMARY KEY,
     video_id TEXT NOT NULL,
     position INTEGER NOT NULL,
     segment_id TEXT NOT NULL,
     text TEXT NOT NULL,
     start REAL,
     speaker TEXT,
     speaker_role TEXT,
     UNIQUE (video_id, position)
   );
   CREATE VIRTUAL TABLE segment_fts USING fts5(
     text, content='segments', content_rowid='rowid',
     tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
   );
   CREATE TRIGGER segments_ai AFTER INSERT ON segments BEGIN
     INSERT INTO segment_fts (rowid, text) VALUES (new.rowid, new.text);
   END;
   CREATE TRIGGER segments_ad AFTER DELETE ON segments BEGIN
     INSERT INTO segment_fts (segment_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
   END;
   CREATE TABLE calls (
     id TEXT PRIMARY KEY, title TEXT, deal_id TEXT, created_at TEXT
   ) WITHOUT ROWID;
   CREATE TABLE deals (id TEXT PRIMARY KEY, title TEXT, status TEXT) WITHOUT ROWID;`,
  // Each indexed call's segments are one run of rowids (a transcript is written whole, in one
  // go): its span lets local search assign a hit to its call without reading the segment, and
  // search one call's lines alone (rowid BETWEEN, which FTS5 seeks to).
  `CREATE TABLE segment_spans (
     video_id TEXT PRIMARY KEY,
     first_rowid INTEGER NOT NULL,
     last_rowid INTEGER NOT NULL
   ) WITHOUT ROWID;
   INSERT INTO segment_spans (video_id, first_rowid, last_rowid)
     SELECT video_id, min(rowid), max(rowid) FROM segments GROUP BY video_id;`,
  // Each call and deal as the last list or detail answer gave it, with what a list filters and
  // orders on: offline, a list the app never read (another filter, a further page) is answered
  // from them. Filled as answers are stored; the sync's walk stores every page.
  `ALTER TABLE calls ADD COLUMN status TEXT;
   ALTER TABLE calls ADD COLUMN created_ms INTEGER;
   ALTER TABLE calls ADD COLUMN body TEXT;
   CREATE INDEX calls_newest ON calls (created_ms DESC, id DESC);
   ALTER TABLE deals ADD COLUMN created_at TEXT;
   ALTER TABLE deals ADD COLUMN created_ms INTEGER;
   ALTER TABLE deals ADD COLUMN body TEXT;
   CREATE INDEX deals_newest ON deals (created_ms DESC, id DESC);`,
  // The sync fetches more of each record (a deal's scorings and activity, a call's analyses):
  // every item is pending again, and only the parts it has no mark for are fetched.
  `UPDATE sync_items SET synced_updated_at = NULL;`,
  // Storing pauses when the disk is full; a probe then writes a blob of some size here and
  // deletes it again, and storing resumes once that succeeds (a one-row write could fit a page
  // already free and say there is room when no answer would fit). IF NOT EXISTS: a file whose
  // version was set back by hand, as tests do to build an older one, keeps its later tables.
  `CREATE TABLE IF NOT EXISTS storage_probe (id INTEGER PRIMARY KEY, filler BLOB NOT NULL);`,
  // Honest sync: a part is settled only by an answer (or a 404, or a refusal for good); a failed
  // read leaves its record pending with a failure count and a time before which it is not tried
  // again. Versions before this one marked a part after a 5xx or an unreadable answer with nothing
  // stored: those marks go, so such a part is fetched again. And local search counts a call as
  // searched only when its transcript (or its 404) is held, not when the sync settled it.
  `ALTER TABLE sync_items ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE sync_items ADD COLUMN retry_at INTEGER;
   ALTER TABLE sync_items ADD COLUMN last_error TEXT;
   DELETE FROM sync_parts WHERE NOT EXISTS (
     SELECT 1 FROM answers WHERE answers.op = sync_parts.part AND answers.params = json_array(json_array('id', sync_parts.id))
   );
   UPDATE sync_items SET synced_updated_at = NULL
     WHERE synced_updated_at IS NOT NULL AND (
       SELECT count(*) FROM sync_parts
       WHERE sync_parts.kind = sync_items.kind AND sync_parts.id = sync_items.id
         AND sync_parts.updated_at = sync_items.updated_at
     ) < CASE kind WHEN 'deals' THEN 3 ELSE 6 END;
   CREATE TABLE transcripts_held (video_id TEXT PRIMARY KEY) WITHOUT ROWID;
   INSERT OR IGNORE INTO transcripts_held (video_id)
     SELECT json_extract(params, '$[0][1]') FROM answers
     WHERE op = 'getTranscript'
       AND (json_type(body, '$.data') = 'array' OR json_extract(body, '$.error.code') = 'not_found');`,
  // When the service last answered into the copy, read at every window load: without an index it
  // scanned every answer (0.5-0.7 s on a copy of a million segments).
  `CREATE INDEX IF NOT EXISTS answers_fetched_at ON answers (fetched_at);`,
  // A copy may keep part of the workspace (its scope, chosen in Settings): what decides whether a
  // record lies within it is kept with each record the lists gave, when it was created and updated,
  // a call's deal and a deal's owner. What earlier versions synced gets them from the calls and
  // deals held, so a scope chosen before the next round keeps what it should.
  `ALTER TABLE sync_items ADD COLUMN created_ms INTEGER;
   ALTER TABLE sync_items ADD COLUMN updated_ms INTEGER;
   ALTER TABLE sync_items ADD COLUMN deal_id TEXT;
   ALTER TABLE sync_items ADD COLUMN owner_id TEXT;
   UPDATE sync_items SET
     created_ms = (SELECT created_ms FROM calls WHERE calls.id = sync_items.id),
     deal_id = (SELECT deal_id FROM calls WHERE calls.id = sync_items.id)
   WHERE kind = 'videos';
   UPDATE sync_items SET
     created_ms = (SELECT created_ms FROM deals WHERE deals.id = sync_items.id),
     updated_ms = (
       SELECT CAST(round((julianday(json_extract(body, '$.updated_at')) - 2440587.5) * 86400000) AS INTEGER)
       FROM deals WHERE deals.id = sync_items.id
     ),
     owner_id = (SELECT json_extract(body, '$.owner_id') FROM deals WHERE deals.id = sync_items.id)
   WHERE kind = 'deals';`,
  // The copy as a model of the workspace (model/workspace-model.ts): every deal's list fields,
  // win probability and factors, when it was first seen, last seen present and found gone; the
  // calls likewise; members, scorings, activities (each list's newest first, as its first page
  // ranked them), checklist evaluations and their items, summaries and sales events; and the
  // journal of every change to a deal's list fields and probability. The rows are filled from the
  // answers already held once this migration commits (`model_state` 'fill'), so an upgraded copy
  // needs no new sync; its history starts then.
  (db) => {
    addColumns(db, 'deals', {
      owner_id: 'TEXT',
      forecast_amount: 'REAL',
      close_date: 'TEXT',
      updated_at: 'TEXT',
      probability: 'REAL',
      score_factors: 'TEXT',
      detail_at: 'INTEGER',
      first_seen_at: 'INTEGER',
      present_at: 'INTEGER',
      removed_at: 'INTEGER',
    });
    addColumns(db, 'calls', {
      updated_at: 'TEXT',
      duration_seconds: 'REAL',
      first_seen_at: 'INTEGER',
      present_at: 'INTEGER',
      removed_at: 'INTEGER',
    });
    db.exec(`CREATE INDEX IF NOT EXISTS deals_by_status ON deals (status, created_ms DESC, id DESC);
     CREATE INDEX IF NOT EXISTS deals_by_owner ON deals (owner_id, close_date);
     CREATE INDEX IF NOT EXISTS calls_by_deal ON calls (deal_id, created_ms DESC);
     CREATE TABLE IF NOT EXISTS members (
       id TEXT PRIMARY KEY, email TEXT, display_name TEXT, given_name TEXT, family_name TEXT,
       status TEXT, body TEXT NOT NULL
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS scorings (
       id TEXT PRIMARY KEY, deal_id TEXT NOT NULL, status TEXT, probability REAL,
       created_at TEXT, created_ms INTEGER, finished_at TEXT, rank INTEGER, body TEXT NOT NULL
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS scorings_by_deal ON scorings (deal_id, created_ms DESC, id DESC);
     CREATE INDEX IF NOT EXISTS scorings_ranked ON scorings (deal_id, rank) WHERE rank IS NOT NULL;
     CREATE TABLE IF NOT EXISTS activities (
       id TEXT PRIMARY KEY, deal_id TEXT NOT NULL, action TEXT, video_id TEXT, member_id TEXT,
       created_at TEXT, created_ms INTEGER, rank INTEGER, body TEXT NOT NULL
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS activities_by_deal ON activities (deal_id, created_ms DESC, id DESC);
     CREATE INDEX IF NOT EXISTS activities_ranked ON activities (deal_id, rank) WHERE rank IS NOT NULL;
     CREATE INDEX IF NOT EXISTS activities_by_call ON activities (video_id);
     CREATE TABLE IF NOT EXISTS held_lists (
       op TEXT NOT NULL, parent_id TEXT NOT NULL, ranked INTEGER NOT NULL, more INTEGER NOT NULL,
       PRIMARY KEY (op, parent_id)
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS checklists (
       video_id TEXT PRIMARY KEY, id TEXT, status TEXT, overall_assessment TEXT, body TEXT NOT NULL
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS checklist_items (
       video_id TEXT NOT NULL, position INTEGER NOT NULL, id TEXT, item_text TEXT, status TEXT,
       reasoning TEXT, improvement_suggestion TEXT, evidence TEXT NOT NULL,
       PRIMARY KEY (video_id, position)
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS checklist_items_by_item ON checklist_items (id, status);
     CREATE TABLE IF NOT EXISTS summaries (
       video_id TEXT PRIMARY KEY, id TEXT, notes_markdown TEXT, body TEXT NOT NULL
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS sales_events (
       video_id TEXT NOT NULL, position INTEGER NOT NULL, id TEXT, type TEXT, text TEXT,
       start REAL, "end" REAL, segment_id TEXT, created_at TEXT,
       PRIMARY KEY (video_id, position)
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS sales_events_by_type ON sales_events (type);
     CREATE TABLE IF NOT EXISTS deal_journal (
       seq INTEGER PRIMARY KEY, deal_id TEXT NOT NULL, field TEXT NOT NULL,
       before TEXT, after TEXT, factor TEXT, seen_at INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS deal_journal_by_time ON deal_journal (seen_at);
     CREATE INDEX IF NOT EXISTS deal_journal_by_deal ON deal_journal (deal_id, seq);
     CREATE TABLE IF NOT EXISTS model_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
     INSERT OR IGNORE INTO model_state (key, value) VALUES ('fill', 'pending');`);
  },
  // The manager's own call on a deal (the roll-up's overlay): Commit, Best case or Omit and an
  // amount of their own. Private: it lives only here, encrypted with the copy, is never sent, and
  // goes with the copy. Keyed by the deal's id alone, not tied to its row, so a deal that leaves
  // the copy's scope (its rows forgotten) finds the manager's call again when it comes back.
  `CREATE TABLE IF NOT EXISTS deal_overlays (
     deal_id TEXT PRIMARY KEY,
     call TEXT CHECK (call IN ('commit', 'best-case', 'omit')),
     amount REAL CHECK (amount >= 0),
     set_at INTEGER NOT NULL,
     CHECK (call IS NOT NULL OR amount IS NOT NULL)
   ) WITHOUT ROWID;`,
  // The manager's bookmarks (model/bookmarks.ts): "my last look", moved when a review is marked
  // done, and moments they named; what changed is read since one. The manager's own, kept here
  // and never sent, so they go with the local data.
  `CREATE TABLE IF NOT EXISTS bookmarks (
     id TEXT PRIMARY KEY,
     name TEXT,
     at INTEGER NOT NULL,
     saved_at INTEGER NOT NULL
   ) WITHOUT ROWID;`,
  // The coaching screens weigh how long each side talks and each call's figures: a segment's end
  // beside its start, taken for the transcripts already held from their stored answers (each
  // answer's JSON read once, by json_each), and each call's figures from its lines
  // (coaching/call-figures.ts), so an upgraded copy needs no new sync.
  (db) => {
    addColumns(db, 'segments', { end: 'REAL' });
    db.exec(`WITH ends AS (
       SELECT json_extract(a.params, '$[0][1]') AS video_id, CAST(line.key AS INTEGER) AS position,
         json_extract(line.value, '$.end') AS seconds
       FROM answers a, json_each(a.body, '$.data') line
       WHERE a.op = 'getTranscript' AND json_type(a.body, '$.data') = 'array'
     )
     UPDATE segments SET "end" = ends.seconds FROM ends
     WHERE segments.video_id = ends.video_id AND segments.position = ends.position
       AND typeof(ends.seconds) IN ('integer', 'real');
     CREATE TABLE IF NOT EXISTS call_figures (
       video_id TEXT PRIMARY KEY, latest REAL NOT NULL, talk_share REAL, longest_monologue REAL,
       questions REAL, switches_per_minute REAL
     ) WITHOUT ROWID;`);
    fillCallFigures(db);
  },
  // The manager's trackers (coaching/trackers.ts): phrases followed across the transcripts, with
  // whose lines and which calls count. Private like the bookmarks: kept here, never sent.
  `CREATE TABLE IF NOT EXISTS trackers (
     id TEXT PRIMARY KEY,
     definition TEXT NOT NULL,
     saved_at INTEGER NOT NULL
   ) WITHOUT ROWID;`,
  // The review queue's decisions and the manager's passes (coaching/review-decisions.ts): the
  // manager's own, kept here and never sent. A decision is keyed by the call's id alone, so a call
  // that leaves the copy's scope finds it again when it comes back.
  `CREATE TABLE IF NOT EXISTS review_decisions (
     video_id TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('reviewed', 'one-on-one', 'dismissed', 'snoozed')),
     snooze_until INTEGER,
     decided_at INTEGER NOT NULL,
     CHECK ((kind = 'snoozed') = (snooze_until IS NOT NULL))
   ) WITHOUT ROWID;
   CREATE TABLE IF NOT EXISTS review_passes (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     at INTEGER NOT NULL
   );`,
  // The manager's private notes (model/private-notes.ts) on a call, a line of its transcript, a
  // deal or a rep, and the action items of their 1:1s with reps (coaching/one-on-one-brief.ts).
  // Theirs alone: kept here, encrypted with the copy, never sent, and they go with
  // the local data. Keyed by the record's id, not tied to its row, so a record that leaves the
  // copy's scope finds its notes again when it comes back.
  `CREATE TABLE IF NOT EXISTS private_notes (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('call', 'deal', 'rep', 'line')),
     target_id TEXT NOT NULL,
     segment_id TEXT,
     seconds REAL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX IF NOT EXISTS private_notes_target ON private_notes (target_id, kind);
   CREATE TABLE IF NOT EXISTS one_on_one_items (
     id TEXT PRIMARY KEY,
     member_id TEXT NOT NULL,
     text TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     done_at INTEGER
   ) WITHOUT ROWID;`,
  // Re-scores and analyses started while the service could not be reached (model/queued-jobs.ts),
  // kept here (encrypted, surviving a restart) until main's outbox has sent them once. `known`:
  // the job ids the parent's history held before the first send, to look the job up before a resend.
  `CREATE TABLE IF NOT EXISTS queued_jobs (
     idempotency_key TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('analysis', 'scoring')),
     parent_id TEXT NOT NULL,
     queued_at INTEGER NOT NULL,
     known TEXT,
     refused TEXT,
     UNIQUE (kind, parent_id)
   ) WITHOUT ROWID;`,
  // The manager's notification rules, digest time and quiet hours (notifications/notification-store.ts),
  // one document per copy, with how far the rules were evaluated and when the last digest went (on
  // the copy's clock, its journal's, and on the app's, whose timers wait for the next); each
  // rule's hit on a change once (its key), waiting for its moment or sent; and the digests sent.
  // The manager's own: kept here, never sent, gone with the local data.
  `CREATE TABLE IF NOT EXISTS notification_settings (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     doc TEXT NOT NULL,
     saved_at INTEGER NOT NULL,
     evaluated_until INTEGER NOT NULL,
     last_digest_at INTEGER NOT NULL,
     last_digest_copy_at INTEGER NOT NULL
   );
   CREATE TABLE IF NOT EXISTS notification_hits (
     id INTEGER PRIMARY KEY,
     rule_id TEXT NOT NULL,
     change_key TEXT NOT NULL,
     rule_kind TEXT NOT NULL,
     delivery TEXT NOT NULL CHECK (delivery IN ('now', 'digest')),
     title TEXT NOT NULL,
     body TEXT NOT NULL,
     target TEXT NOT NULL,
     found_at INTEGER NOT NULL,
     sent_at INTEGER,
     digest_id TEXT,
     UNIQUE (rule_id, change_key)
   );
   CREATE INDEX IF NOT EXISTS notification_hits_waiting ON notification_hits (delivery, sent_at);
   CREATE TABLE IF NOT EXISTS digests (
     id TEXT PRIMARY KEY,
     at INTEGER NOT NULL,
     since INTEGER NOT NULL,
     changes TEXT NOT NULL
   ) WITHOUT ROWID;`,
  // The attribution rule's speaker-name step (coaching/call-owners.ts) counts a call's seller-side
  // lines by speaker: this index holds just what it reads, so it reads neither the lines' text nor
  // the buyer's lines. The side is call-owners.ts's SELLER_SIDE word for word: SQLite uses an index
  // on an expression only for a query that says the same expression.
  `CREATE INDEX IF NOT EXISTS segments_by_seller
     ON segments (video_id, upper(trim(coalesce(speaker_role, ''))), speaker, position);`,
  // The manager's snoozes of deal warnings (model/warning-snoozes.ts): one warning of one deal hidden
  // until a moment. The manager's own: kept here, never sent, gone with the local data.
  `CREATE TABLE IF NOT EXISTS warning_snoozes (
     deal_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     until INTEGER NOT NULL,
     snoozed_at INTEGER NOT NULL,
     PRIMARY KEY (deal_id, kind)
   ) WITHOUT ROWID;`,
];

/**
 * Upgrades the file to the newest version (tests stop at an older `version` to build an old file).
 * A file of a later version is refused: this build cannot know what its tables mean.
 */
export function migrateReplica(db: Database.Database, version = migrations.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) throw new NewerReplicaError(current, migrations.length);
  for (let next = current; next < version; next += 1) {
    db.transaction(() => {
      const step = migrations[next]!;
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}

/** The version `migrateReplica` brings a file to: a connection that only reads waits for it. */
export function newestReplicaVersion(): number {
  return migrations.length;
}
