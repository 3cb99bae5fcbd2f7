import { useState } from 'react';
import type { QueuedJob } from '../../shared/bridge';
import { call } from '../api';
import { ErrorDetails } from '../shared-ui/ErrorDetails';
import { formatAgo } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useUndoOffer } from '../state/undo-offer';
import { startWords } from './queued-jobs';

/**
 * A start kept while the service could not take it: waiting to be sent, with Cancel (undone from
 * the toast: queued again with the same key, as nothing was sent); or refused when it was sent,
 * with the service's reason and Dismiss.
 */
export function QueuedJobLine({
  job,
  label,
  cancel,
}: {
  job: QueuedJob;
  label: string;
  cancel: (idempotencyKey: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const action = startWords[job.kind];
  const takeBack = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancel(job.idempotencyKey);
      if (!job.refused) {
        const { kind, parentId, idempotencyKey } = job;
        useUndoOffer.getState().offerUndo(`${action} cancelled: nothing was sent.`, async () => {
          await call('queueJob', { kind, parentId, idempotencyKey });
        });
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  if (job.refused)
    return (
      <div className="job-progress job-failed" role="status" aria-live="polite">
        <p className="error-title">
          {action} was kept while the service could not take it; when it was sent, the service refused it
        </p>
        <ErrorDetails error={job.refused} />
        <div className="job-actions">
          <button type="button" className="button small" onClick={takeBack} disabled={busy}>
            Dismiss
          </button>
        </div>
        {error !== null && <InlineError error={error} />}
      </div>
    );
  return (
    <div className="job-progress job-queued" role="status" aria-live="polite">
      <p>
        <span className="badge tone-fair">Waiting to be sent</span> {label}: the service could not take it{' '}
        {formatAgo(job.queuedAt)}. Callscope sends it once, as soon as the service answers.
      </p>
      <div className="job-actions">
        <button type="button" className="button small" onClick={takeBack} disabled={busy}>
          Cancel {action}
        </button>
      </div>
      {error !== null && <InlineError error={error} />}
    </div>
  );
}
