import { canonicalParams, replicaAnswers } from '../engine/replica/replica-answers';
import { openReplicaDb, type ReplicaDatabase } from '../engine/replica/replica-db';
import { syncStore } from '../engine/replica/sync/sync-store';

type Fields = Record<string, unknown>;

export interface SyntheticLine {
  speaker: string;
  role?: string | null;
  start?: number | null;
  end?: number | null;
  text?: string;
  id?: string;
}

/**
 * A local copy in memory, filled as the sync fills one: each record stored as the answer of the
 * read that gives it, so the workspace model and the transcript index derive from it as they do
 * from the service's answers. For tests of what the engine computes across records.
 */
export function syntheticCopy(): {
  db: ReplicaDatabase;
  members(...members: Fields[]): void;
  deal(id: string, fields?: Fields): void;
  call(id: string, fields?: Fields): void;
  activities(dealId: string, activities: Fields[]): void;
  transcript(callId: string, lines: readonly SyntheticLine[]): void;
  noTranscript(callId: string): void;
  checklist(callId: string, items: Fields[]): void;
  analyses(callId: string, analyses: Fields[]): void;
  /** A sync's walk of the calls list ends, listing the calls held: the copy then knows every call there is. */
  callsListed(): void;
} {
  const db = openReplicaDb({ file: null });
  const answers = replicaAnswers(db);
  let at = 1;
  const calls = new Map<string, Fields & { id: string; created_at: string }>();
  const put = (op: string, params: Record<string, unknown>, body: unknown) =>
    answers.put(op, canonicalParams(params), body, at++);
  return {
    db,
    members: (...members) => put('listMembers', {}, { data: members }),
    deal: (id, fields = {}) =>
      put(
        'getDeal',
        { id },
        { data: { id, title: id, status: 'OPEN', created_at: '2026-01-01T00:00:00.000Z', ...fields } },
      ),
    call: (id, fields = {}) => {
      const call = { id, title: id, status: 'READY', created_at: '2026-11-02T10:00:00.000Z', ...fields };
      calls.set(id, call);
      put('getVideo', { id }, { data: call });
    },
    activities: (dealId, activities) =>
      put('listActivities', { id: dealId }, { data: activities, meta: { has_more: false } }),
    transcript: (callId, lines) =>
      put(
        'getTranscript',
        { id: callId },
        {
          data: lines.map((line, index) => ({
            id: line.id ?? `${callId}-s${index}`,
            text: line.text ?? 'Fine.',
            start: line.start ?? null,
            end: line.end ?? null,
            speaker: line.speaker,
            speaker_role: line.role === undefined ? 'SELLER' : line.role,
          })),
        },
      ),
    noTranscript: (callId) =>
      put('getTranscript', { id: callId }, { error: { code: 'not_found', message: 'No transcript' }, meta: {} }),
    checklist: (callId, items) =>
      put('getChecklist', { id: callId }, { data: { id: `chk-${callId}`, status: 'COMPLETED', items } }),
    analyses: (callId, analyses) =>
      put(
        'listAnalyses',
        { id: callId },
        { data: analyses.map((analysis) => ({ video_id: callId, ...analysis })), meta: { has_more: false } },
      ),
    callsListed: () => {
      const data = [...calls.values()]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((call) => ({ updated_at: call.created_at, ...call }));
      const page = { op: 'listVideos', params: canonicalParams({ limit: 100 }), body: { data }, at: at++ };
      syncStore({ workspaceId: 'synthetic', db, answers, storage: 'memory' }).recordPage('videos', page, null, 1);
    },
  };
}
