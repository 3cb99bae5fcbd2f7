import type { UnreadableRecord } from '../../shared/bridge';
import { CopyButton } from './CopyButton';

/** An answer of the bridge as far as this notice cares: what it left out, and the request that brought it. */
export interface AnswerWithUnreadable {
  unreadable: UnreadableRecord[];
  meta: { request_id: string };
}

/**
 * Said beside a list or panel that shows what could be read: which records were left out, why,
 * and the request id to give support. One odd record never hides the others.
 */
export function UnreadableNotice({ answers }: { answers: readonly (AnswerWithUnreadable | null | undefined)[] }) {
  const records = answers.flatMap((answer) =>
    answer ? answer.unreadable.map((record) => ({ ...record, requestId: answer.meta.request_id })) : [],
  );
  if (records.length === 0) return null;
  return (
    <details className="unreadable-notice">
      <summary>
        {records.length === 1 ? '1 record could not be read' : `${records.length} records could not be read`}
      </summary>
      <ul className="plain-list">
        {records.map((record) => (
          <li key={`${record.requestId}-${record.path}`}>
            <code>{record.id ?? record.path}</code> — {record.problem}
            {record.requestId && (
              <span className="request-id">
                <span className="muted small">Request id</span> <code>{record.requestId}</code>
                <CopyButton value={record.requestId} label="Copy request id" />
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
