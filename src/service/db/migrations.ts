import {
  fiveCharacterIndex,
  fourCharacterCounts,
  shortNeedlesAndCounts,
  trigramIndex,
  trigramIndexByOrganisation,
} from '../search/search-schema';

/**
 * Versioned schema migrations, applied in order inside one transaction each; `user_version`
 * records how far a data directory has come. Append new migrations; never edit a landed one.
 *
 * Conventions: ids are prefixed text (`vid_…`); timestamps are ISO 8601 UTC text with
 * milliseconds (`2026-01-02T03:04:05.678Z`), so text order is time order and keyset pagination
 * can compare (created_at, id) directly. JSON columns hold arrays or objects as text.
 *
 * The transcript search index (migrations 4 to 8) is search's own schema, in
 * src/service/search/search-schema.ts.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'organisations, members, keys, deals, calls, transcripts, analysis outputs, jobs',
    sql: `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );

      -- interface, Webhooks rule 1: organization_settings.webhook_allowed_hostnames
      CREATE TABLE organization_settings (
        org_id TEXT PRIMARY KEY REFERENCES organizations(id),
        webhook_allowed_hostnames TEXT NOT NULL DEFAULT '[]'
      );

      CREATE TABLE members (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL,
        status TEXT NOT NULL,
        given_name TEXT NOT NULL,
        family_name TEXT NOT NULL,
        display_name TEXT NOT NULL,
        avatar_url TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX members_org ON members(org_id, created_at);

      -- The key's secret is never stored: only its SHA-256. metadata_present = 0 never happens for
      -- issued keys; unregistered keys simply have no row.
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        member_id TEXT NOT NULL REFERENCES members(id),
        secret_hash TEXT NOT NULL,
        scopes TEXT NOT NULL,
        rate_limit_requests INTEGER,
        rate_limit_seconds INTEGER,
        revoked_at TEXT,
        created_at TEXT NOT NULL
      );

      CREATE TABLE deals (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        title TEXT,
        status TEXT NOT NULL,
        product_id TEXT,
        owner_id TEXT,
        forecast_amount REAL,
        close_date TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX deals_page ON deals(org_id, created_at DESC, id DESC);
      CREATE INDEX deals_status_page ON deals(org_id, status, created_at DESC, id DESC);

      CREATE TABLE videos (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        deal_id TEXT REFERENCES deals(id),
        title TEXT NOT NULL,
        status TEXT NOT NULL,
        call_type TEXT NOT NULL,
        duration_seconds REAL NOT NULL DEFAULT 0,
        processed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX videos_page ON videos(org_id, created_at DESC, id DESC);
      CREATE INDEX videos_status_page ON videos(org_id, status, created_at DESC, id DESC);
      CREATE INDEX videos_deal ON videos(deal_id);

      -- The public segment id is 'seg_' || rowid, so 1,000,000 segments need no second unique index.
      -- org_id and video_created_at are copied from the video so search can filter and order
      -- without a join per match.
      CREATE TABLE transcript_segments (
        rowid INTEGER PRIMARY KEY,
        video_id TEXT NOT NULL REFERENCES videos(id),
        org_id TEXT NOT NULL,
        deal_id TEXT,
        video_created_at TEXT NOT NULL,
        start REAL NOT NULL,
        end REAL NOT NULL,
        speaker TEXT NOT NULL,
        speaker_role TEXT NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX transcript_segments_video ON transcript_segments(video_id, start);

      CREATE TABLE deal_activities (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        deal_id TEXT NOT NULL REFERENCES deals(id),
        action TEXT NOT NULL,
        video_id TEXT NOT NULL REFERENCES videos(id),
        member_id TEXT NOT NULL REFERENCES members(id),
        created_at TEXT NOT NULL
      );
      CREATE INDEX deal_activities_page ON deal_activities(deal_id, created_at DESC, id DESC);

      -- The organisation's checklist that analyses evaluate calls against.
      CREATE TABLE checklist_items (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        position INTEGER NOT NULL,
        item_text TEXT NOT NULL,
        item_description TEXT NOT NULL,
        keywords TEXT NOT NULL DEFAULT '[]'
      );

      -- Analysis outputs. A call's current summary / checklist / events are the rows whose
      -- is_current = 1; an analysis replaces them in one transaction.
      CREATE TABLE summaries (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        video_id TEXT NOT NULL REFERENCES videos(id),
        analysis_id TEXT,
        sections TEXT NOT NULL,
        notes_markdown TEXT NOT NULL,
        is_current INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );
      CREATE INDEX summaries_current ON summaries(video_id, is_current);

      CREATE TABLE checklist_evaluations (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        video_id TEXT NOT NULL REFERENCES videos(id),
        analysis_id TEXT,
        status TEXT NOT NULL,
        items TEXT NOT NULL,
        overall_assessment TEXT NOT NULL,
        is_current INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );
      CREATE INDEX checklist_evaluations_current ON checklist_evaluations(video_id, is_current);

      CREATE TABLE sales_events (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        video_id TEXT NOT NULL REFERENCES videos(id),
        analysis_id TEXT,
        type TEXT NOT NULL,
        text TEXT NOT NULL,
        start REAL NOT NULL,
        end REAL NOT NULL,
        segment_id TEXT NOT NULL,
        is_current INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );
      CREATE INDEX sales_events_current ON sales_events(video_id, is_current, start);

      -- result / error are JSON text or NULL (design.md: result only when completed, error only
      -- when failed).
      CREATE TABLE analyses (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        video_id TEXT NOT NULL REFERENCES videos(id),
        status TEXT NOT NULL,
        result TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX analyses_page ON analyses(video_id, created_at DESC, id DESC);

      CREATE TABLE scorings (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        deal_id TEXT NOT NULL REFERENCES deals(id),
        status TEXT NOT NULL,
        result TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        started_at TEXT,
        finished_at TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX scorings_page ON scorings(deal_id, created_at DESC, id DESC);
      CREATE INDEX scorings_latest ON scorings(deal_id, status, finished_at DESC);

      -- Operator faults (fault set ...): name -> JSON value. Read by the running server.
      CREATE TABLE faults (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'service secret that signs API keys',
    // One row, created once per data directory, so keys can be verified by signature before
    // any key lookup (interface, Authentication 5) and survive restarts.
    sql: `
      CREATE TABLE service_secret (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        key_signing_secret TEXT NOT NULL
      );
      INSERT INTO service_secret (id, key_signing_secret) VALUES (1, lower(hex(randomblob(32))));
    `,
  },
  {
    version: 3,
    name: 'durable jobs, idempotency keys, webhook endpoints and their delivery outbox, plants',
    sql: `
      -- One row per unit of background work (analysis, scoring, ingest). A worker claims a row by
      -- taking its lease; the row turns done in the same transaction that writes the work's
      -- outputs, so a kill between the two leaves the job to be run again, never twice.
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        org_id TEXT NOT NULL,
        state TEXT NOT NULL,
        run_after TEXT NOT NULL,
        lease_owner TEXT,
        lease_until TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        step INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX jobs_ready ON jobs(state, run_after);
      CREATE UNIQUE INDEX jobs_subject ON jobs(kind, subject_id);

      -- design.md: Idempotency keys are scoped to the API key that sent them; kept 24 hours.
      CREATE TABLE idempotency_keys (
        api_key_id TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_fingerprint TEXT NOT NULL,
        response_status INTEGER NOT NULL,
        response_data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (api_key_id, idempotency_key)
      );
      CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);

      -- events: JSON array; [] subscribes to every type. The secret signs deliveries, so it is
      -- kept as issued. deleted_at: no new deliveries, in-flight ones still finish.
      CREATE TABLE webhook_endpoints (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        url TEXT NOT NULL,
        events TEXT NOT NULL,
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX webhook_endpoints_org ON webhook_endpoints(org_id, deleted_at);

      -- The outbox: written in the transaction that causes the event; id is the hook-id, the
      -- same on every attempt; payload is the exact body that is signed and sent.
      CREATE TABLE webhook_deliveries (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id),
        event_type TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        last_status INTEGER,
        last_error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_attempt_at);

      -- The auxiliary listing at alt_base_url: integer ids, as the interface shows.
      CREATE TABLE plants (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        tag TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX plants_org ON plants(org_id, id);
    `,
  },
  { version: 4, ...trigramIndex },
  { version: 5, ...trigramIndexByOrganisation },
  { version: 6, ...shortNeedlesAndCounts },
  { version: 7, ...fourCharacterCounts },
  { version: 8, ...fiveCharacterIndex },
];
