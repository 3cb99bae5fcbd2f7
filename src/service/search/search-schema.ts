/**
 * The search index of the service's transcripts, as SQL: the tables and the triggers that keep
 * them in the transaction of every write to a segment or a call's status, so no writer (seed,
 * ingest, the CLI) needs search code. db/migrations.ts applies these in its order, as migrations
 * 4 to 8; like every landed migration they are never edited, only followed by new ones. The
 * reads of these tables are search-index.ts and newest-matches.ts.
 */

/** A migration of the search index; db/migrations.ts gives it its version. */
export interface SearchMigration {
  name: string;
  sql: string;
}

/** Index rowids of both transcript indexes: `slot * KEY_SPAN + segment rowid` (migration 5). */
const KEY_SPAN = 1099511627776;

/**
 * Migration 6: `text` case folded exactly as the FTS5 trigram index folds it: ASCII through
 * `lower`, every other character through `search_case_folds`, which migration 6 reads from FTS5.
 * Helpers of a landed migration are frozen with it, like its SQL.
 */
const foldedText = (
  text: string,
) => `CASE WHEN length(CAST(${text} AS BLOB)) = length(${text}) THEN lower(${text}) ELSE (
      SELECT group_concat(coalesce(fold.folded, lower(substr(${text}, position.i, 1))), '' ORDER BY position.i)
      FROM search_positions position
      LEFT JOIN search_case_folds fold ON fold.original = substr(${text}, position.i, 1)
      WHERE position.i <= length(${text})) END`;

/**
 * Migration 6: FROM items giving every substring of `sizes` characters of the folded segment text
 * `s.text`, as `substring` at `position.i`. json_each folds each text once instead of once per
 * position.
 */
const substringsOfSegment = (sizes: readonly number[]) => `json_each(json_array(${foldedText('s.text')})) folded
      CROSS JOIN json_each('${JSON.stringify(sizes)}') size
      CROSS JOIN search_positions position ON position.i <= length(folded.value) + 1 - size.value`;
const substring = 'substr(folded.value, position.i, size.value)';

/** Migration 6: the searchable segments `s` (of calls that are not DELETED), with their slot `o`. */
const searchableSegments = `transcript_segments s
      JOIN videos v ON v.id = s.video_id AND v.status != 'DELETED'
      JOIN search_org_slots o ON o.org_id = s.org_id`;

/**
 * Migrations 6 and 7: the segments meeting `where` added to (1) or taken from (-1) the counts of
 * their substrings of `sizes` characters, each substring once per segment: where it first occurs.
 */
const countSegments = (where: string, sign: 1 | -1, sizes: CountedSizes) => `
      INSERT INTO search_gram_counts (slot, gram, segments)
        SELECT o.slot, ${substring}, ${sign}
        FROM ${searchableSegments} CROSS JOIN ${substringsOfSegment(sizes)}
        WHERE ${where} AND instr(folded.value, ${substring}) = position.i
        ON CONFLICT (slot, gram) DO UPDATE SET segments = segments + excluded.segments;`;

/**
 * Migration 8: the segments meeting `where` join the index of 5-character substrings, as hex words
 * in text order, so a longer needle is a phrase of them.
 */
const addFiveCharacterWords = (where: string) => `
      INSERT INTO transcript_search_long (rowid, words)
        SELECT o.slot * ${KEY_SPAN} + s.rowid,
          (SELECT group_concat(hex(${substring}), ' ' ORDER BY position.i) FROM ${substringsOfSegment([5])})
        FROM ${searchableSegments} WHERE ${where};`;

/** Migrations 6 to 8: the segments meeting `where` join search: their words (1-2 character substrings in hex), their counts. */
const addSegments = (where: string, kept: SearchKept) => `
      INSERT INTO transcript_search_short (rowid, words)
        SELECT o.slot * ${KEY_SPAN} + s.rowid,
          (SELECT group_concat(hex(${substring}), ' ') FROM ${substringsOfSegment([1, 2])})
        FROM ${searchableSegments} WHERE ${where};
      ${kept.fiveCharacterWords ? addFiveCharacterWords(where) : ''}
      ${countSegments(where, 1, kept.counted)}`;

/** Migrations 6 to 8: the segments meeting `where` leave `table`, an index keyed like migration 5's. */
const removeFrom = (table: string, where: string) => `
      DELETE FROM ${table} WHERE rowid IN (
        SELECT o.slot * ${KEY_SPAN} + s.rowid FROM ${searchableSegments} WHERE ${where});`;

/** Migrations 6 to 8: the segments meeting `where` leave search. */
const removeSegments = (where: string, kept: SearchKept) => `
      ${removeFrom('transcript_search_short', where)}
      ${kept.fiveCharacterWords ? removeFrom('transcript_search_long', where) : ''}
      ${countSegments(where, -1, kept.counted)}`;

/** Sizes of the substrings search_gram_counts counts: 1-3 characters from migration 6, 1-4 from 7. */
type CountedSizes = readonly number[];

/** What the search triggers keep besides the short-substring index and the call spans. */
interface SearchKept {
  counted: CountedSizes;
  /** transcript_search_long, from migration 8. */
  fiveCharacterWords: boolean;
}

/** Migration 6: search_positions numbers every character of `text`. */
const positionsCover = (text: string) => `
      INSERT OR IGNORE INTO search_positions (i)
        SELECT key FROM json_each(CASE WHEN length(${text}) > (SELECT max(i) FROM search_positions)
          THEN '[' || replace(printf('%.*c', length(${text}), 'x'), 'x', '0,') || '0]' ELSE '[]' END)
        WHERE key > 0;`;

/** The names of the triggers `searchTriggers` makes. */
const searchTriggerNames = [
  'search_segment_inserting',
  'search_segment_inserted',
  'search_segment_deleting',
  'search_segment_deleted',
  'search_segment_rewriting',
  'search_segment_rewritten',
  'search_call_deleting',
  'search_call_restored',
];

/**
 * Migrations 6 to 8: the triggers keeping the short-substring index, the call spans and what
 * `kept` names in the transaction that changes a segment or a call's status.
 */
const searchTriggers = (kept: SearchKept) => `
      -- Segments join search in AFTER triggers and leave it in BEFORE triggers, so the statements
      -- read them, and their call's status, from the table. The slot is made before the row is
      -- written, so these triggers and migration 5's find it whichever runs first.
      CREATE TRIGGER search_segment_inserting BEFORE INSERT ON transcript_segments BEGIN
        INSERT OR IGNORE INTO search_org_slots (org_id, slot)
          SELECT new.org_id, coalesce(max(slot), 0) + 1 FROM search_org_slots;
        ${positionsCover('new.text')}
      END;
      CREATE TRIGGER search_segment_inserted AFTER INSERT ON transcript_segments BEGIN
        ${addSegments('s.rowid = new.rowid', kept)}
        INSERT INTO search_call_spans (video_id, lowest_segment) VALUES (new.video_id, new.rowid)
          ON CONFLICT (video_id) DO UPDATE SET lowest_segment = min(lowest_segment, excluded.lowest_segment);
      END;
      CREATE TRIGGER search_segment_deleting BEFORE DELETE ON transcript_segments BEGIN
        ${removeSegments('s.rowid = old.rowid', kept)}
      END;
      CREATE TRIGGER search_segment_deleted AFTER DELETE ON transcript_segments BEGIN
        DELETE FROM search_call_spans WHERE video_id = old.video_id
          AND NOT EXISTS (SELECT 1 FROM transcript_segments WHERE video_id = old.video_id);
        UPDATE search_call_spans
          SET lowest_segment = (SELECT min(rowid) FROM transcript_segments WHERE video_id = old.video_id)
          WHERE video_id = old.video_id AND lowest_segment = old.rowid;
      END;
      CREATE TRIGGER search_segment_rewriting BEFORE UPDATE OF text ON transcript_segments BEGIN
        ${removeSegments('s.rowid = old.rowid', kept)}
        ${positionsCover('new.text')}
      END;
      CREATE TRIGGER search_segment_rewritten AFTER UPDATE OF text ON transcript_segments BEGIN
        ${addSegments('s.rowid = new.rowid', kept)}
      END;
      CREATE TRIGGER search_call_deleting BEFORE UPDATE OF status ON videos
      WHEN new.status = 'DELETED' AND old.status != 'DELETED' BEGIN
        ${removeSegments('s.video_id = new.id', kept)}
      END;
      CREATE TRIGGER search_call_restored AFTER UPDATE OF status ON videos
      WHEN old.status = 'DELETED' AND new.status != 'DELETED' BEGIN
        ${addSegments('s.video_id = new.id', kept)}
      END;
`;

/** Migration 4. */
export const trigramIndex: SearchMigration = {
  name: 'trigram full-text index over transcript segments, for substring search',
  // Case-insensitive substring search through an index. The trigram tokenizer
  // makes a quoted phrase an exact substring match of 3+ characters; an external-content table
  // stores no second copy of the text, and triggers keep it in step with every writer (seed,
  // ingest) without them knowing. Shorter queries are answered by a scan (src/service/search).
  sql: `
      CREATE VIRTUAL TABLE transcript_search USING fts5(
        text,
        content = 'transcript_segments',
        content_rowid = 'rowid',
        tokenize = 'trigram case_sensitive 0'
      );
      CREATE TRIGGER transcript_search_insert AFTER INSERT ON transcript_segments BEGIN
        INSERT INTO transcript_search (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER transcript_search_delete AFTER DELETE ON transcript_segments BEGIN
        INSERT INTO transcript_search (transcript_search, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER transcript_search_update AFTER UPDATE OF text ON transcript_segments BEGIN
        INSERT INTO transcript_search (transcript_search, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO transcript_search (rowid, text) VALUES (new.rowid, new.text);
      END;
      INSERT INTO transcript_search (transcript_search) VALUES ('rebuild');
    `,
};

/** Migration 5. */
export const trigramIndexByOrganisation: SearchMigration = {
  name: 'transcript search index keyed by organisation, without deleted calls',
  // Replaces migration 4's index (bench/search.bench.ts measured why): that one had to look up
  // every match's row to filter by organisation, so a common term cost one row read per match.
  // Here the FTS rowid is `slot * 2^40 + segment rowid`, slot numbering the organisation, so one
  // organisation's matches are a rowid range FTS5 counts and walks without reading any row, and
  // segments of DELETED calls are kept out of the index (design.md: lists leave DELETED out).
  // Contentless with contentless_delete, so the text is not stored twice and rows can be removed.
  sql: `
      DROP TRIGGER transcript_search_insert;
      DROP TRIGGER transcript_search_delete;
      DROP TRIGGER transcript_search_update;
      DROP TABLE transcript_search;

      CREATE TABLE search_org_slots (
        org_id TEXT PRIMARY KEY,
        slot INTEGER NOT NULL UNIQUE
      );
      INSERT INTO search_org_slots (org_id, slot)
        SELECT id, row_number() OVER (ORDER BY created_at, id) FROM organizations;

      CREATE VIRTUAL TABLE transcript_search USING fts5(
        text,
        content = '',
        contentless_delete = 1,
        tokenize = 'trigram case_sensitive 0'
      );

      CREATE TRIGGER transcript_search_insert AFTER INSERT ON transcript_segments BEGIN
        INSERT OR IGNORE INTO search_org_slots (org_id, slot)
          SELECT new.org_id, coalesce(max(slot), 0) + 1 FROM search_org_slots;
        INSERT INTO transcript_search (rowid, text)
          SELECT slot * 1099511627776 + new.rowid, new.text FROM search_org_slots
          WHERE org_id = new.org_id
            AND NOT EXISTS (SELECT 1 FROM videos WHERE id = new.video_id AND status = 'DELETED');
      END;
      CREATE TRIGGER transcript_search_delete AFTER DELETE ON transcript_segments BEGIN
        DELETE FROM transcript_search
        WHERE rowid = (SELECT slot FROM search_org_slots WHERE org_id = old.org_id) * 1099511627776 + old.rowid;
      END;
      CREATE TRIGGER transcript_search_update AFTER UPDATE OF text ON transcript_segments BEGIN
        DELETE FROM transcript_search
        WHERE rowid = (SELECT slot FROM search_org_slots WHERE org_id = old.org_id) * 1099511627776 + old.rowid;
        INSERT INTO transcript_search (rowid, text)
          SELECT slot * 1099511627776 + new.rowid, new.text FROM search_org_slots
          WHERE org_id = new.org_id
            AND NOT EXISTS (SELECT 1 FROM videos WHERE id = new.video_id AND status = 'DELETED');
      END;
      CREATE TRIGGER transcript_search_video_deleted AFTER UPDATE OF status ON videos
      WHEN new.status = 'DELETED' AND old.status != 'DELETED' BEGIN
        DELETE FROM transcript_search WHERE rowid IN (
          SELECT o.slot * 1099511627776 + s.rowid FROM transcript_segments s
          JOIN search_org_slots o ON o.org_id = s.org_id WHERE s.video_id = new.id);
      END;
      CREATE TRIGGER transcript_search_video_restored AFTER UPDATE OF status ON videos
      WHEN old.status = 'DELETED' AND new.status != 'DELETED' BEGIN
        INSERT INTO transcript_search (rowid, text)
          SELECT o.slot * 1099511627776 + s.rowid, s.text FROM transcript_segments s
          JOIN search_org_slots o ON o.org_id = s.org_id WHERE s.video_id = new.id;
      END;

      INSERT INTO transcript_search (rowid, text)
        SELECT o.slot * 1099511627776 + s.rowid, s.text FROM transcript_segments s
        JOIN search_org_slots o ON o.org_id = s.org_id
        WHERE s.video_id NOT IN (SELECT id FROM videos WHERE status = 'DELETED');
    `,
};

/** Migration 6. */
export const shortNeedlesAndCounts: SearchMigration = {
  name: 'search counts per organisation of 1-3 character substrings, and an index of 1-2 character ones',
  // The trigram index cannot find a needle of 1-2 characters, and counting a common
  // trigram through it reads its whole doclist. search_gram_counts holds, per organisation, how
  // many segments of calls that are not DELETED hold each folded substring of 1-3 characters,
  // so total_matches of such a needle is one row. transcript_search_short indexes each such
  // segment's 1-2 character substrings as hex words (detail=none: which segments, not where),
  // keyed like transcript_search, so a short needle's first page is found as a long one's.
  // search_call_spans holds each call's lowest segment rowid, which tells the newest-first walk
  // of an index when it has read every match of the newest calls. Triggers keep all three in
  // the transaction that changes a segment or a call's status, as for the trigram index, so no
  // writer needs search code. search_positions numbers the characters of the longest segment
  // seen; search_case_folds holds FTS5's own folding of each character it changes, so the
  // counts fold as the index does.
  sql: `
      CREATE TABLE search_positions (i INTEGER PRIMARY KEY);
      WITH RECURSIVE n(i) AS (
        SELECT 1 UNION ALL SELECT i + 1 FROM n
        WHERE i < (SELECT max(1024, coalesce(max(length(text)), 0)) FROM transcript_segments))
      INSERT INTO search_positions (i) SELECT i FROM n;

      CREATE TABLE search_case_folds (original TEXT PRIMARY KEY, folded TEXT NOT NULL) WITHOUT ROWID;
      CREATE VIRTUAL TABLE search_fold_probe USING fts5(x, tokenize = 'trigram case_sensitive 0');
      CREATE VIRTUAL TABLE search_fold_probe_terms USING fts5vocab(search_fold_probe, 'instance');
      WITH RECURSIVE code(n) AS (SELECT 128 UNION ALL SELECT n + 1 FROM code WHERE n < 131071)
      INSERT INTO search_fold_probe (rowid, x)
        SELECT n, char(n, n, n) FROM code WHERE n NOT BETWEEN 55296 AND 57343;
      INSERT INTO search_case_folds (original, folded)
        SELECT char(doc), substr(term, 1, 1) FROM search_fold_probe_terms WHERE substr(term, 1, 1) != char(doc);
      DROP TABLE search_fold_probe_terms;
      DROP TABLE search_fold_probe;

      CREATE TABLE search_gram_counts (
        slot INTEGER NOT NULL,
        gram TEXT NOT NULL,
        segments INTEGER NOT NULL,
        PRIMARY KEY (slot, gram)
      ) WITHOUT ROWID;
      CREATE TABLE search_call_spans (
        video_id TEXT PRIMARY KEY,
        lowest_segment INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE VIRTUAL TABLE transcript_search_short USING fts5(
        words,
        content = '',
        contentless_delete = 1,
        detail = none,
        tokenize = 'ascii'
      );

${searchTriggers({ counted: [1, 2, 3], fiveCharacterWords: false })}
      INSERT INTO search_call_spans (video_id, lowest_segment)
        SELECT video_id, min(rowid) FROM transcript_segments GROUP BY video_id;
      ${addSegments('true', { counted: [1, 2, 3], fiveCharacterWords: false })}
    `,
};

/** Migration 7. */
export const fourCharacterCounts: SearchMigration = {
  name: 'search counts of 4 character substrings too',
  // A needle of 4 characters made of the commonest trigrams (" the", "and ") was counted by
  // walking every match in the trigram index, tens of milliseconds at 1,000,000 segments; now
  // it is one row, like a shorter one (docs/decisions/service.md, "Search: counts of substrings,
  // kept by triggers").
  sql: `
      ${searchTriggerNames.map((name) => `DROP TRIGGER ${name};`).join('\n      ')}
      ${searchTriggers({ counted: [1, 2, 3, 4], fiveCharacterWords: false })}
      ${countSegments('true', 1, [4])}
    `,
};

/** Migration 8. */
export const fiveCharacterIndex: SearchMigration = {
  name: 'an index of 5 character substrings, for needles of 5 characters or more',
  // A long needle made of the commonest trigrams ("and the") was counted through the trigram
  // index, whose doclists for " th" and "the" hold most segments: 20 ms at 1,000,000 segments.
  // 5-character substrings are far rarer, so the same needle as a phrase of them reads a
  // fraction of the entries (docs/decisions/service.md, "Search: needles of 5 characters or more are
  // phrases of 5-character substrings"). Hex words with positions (detail=full), kept by the same triggers.
  sql: `
      CREATE VIRTUAL TABLE transcript_search_long USING fts5(
        words,
        content = '',
        contentless_delete = 1,
        tokenize = 'ascii'
      );
      ${searchTriggerNames.map((name) => `DROP TRIGGER ${name};`).join('\n      ')}
      ${searchTriggers({ counted: [1, 2, 3, 4], fiveCharacterWords: true })}
      ${addFiveCharacterWords('true')}
    `,
};
