import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Digest } from '../../shared/notification-rules';
import type { ChangeKind } from '../../shared/what-changed';
import { bridgeErrorOf, call } from '../api';
import { Link } from '../navigation/router';
import { paths, pathTo } from '../navigation/routes';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { countWords, kindOrder } from '../what-changed/changes-view';
import { HitRow } from './NotificationsScreen';
import { notificationKeys, notificationQueries } from './queries';
import './notifications.css';

/**
 * The digest (`G D`): the one notification of the day opens it. What the rules sent "in the
 * digest", What changed in its window, and, once wired, the review queue and tracker hits.
 */
export function DigestScreen() {
  const view = useQuery(notificationQueries.view());
  const queryClient = useQueryClient();
  const sendNow = useMutation({
    mutationFn: () => call('sendDigestNow', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  const digestAt = view.data?.settings.digestAt ?? null;

  return (
    <div className="screen notifications digest">
      <div className="screen-header">
        <h1>Digest</h1>
        <div className="header-actions">
          <Link to={pathTo({ screen: 'notifications' })} className="button">
            Notification rules
          </Link>
          <button
            type="button"
            className="button primary"
            disabled={!view.data || sendNow.isPending}
            onClick={() => sendNow.mutate()}
          >
            Make the digest now
          </button>
        </div>
      </div>
      {sendNow.isError && <InlineError error={sendNow.error} />}
      {sendNow.isSuccess && sendNow.data === null && (
        <output className="notice">Nothing new since the last digest: no digest was made.</output>
      )}
      {view.isPending ? (
        <SkeletonRows rows={5} height={44} label="Reading the digest" />
      ) : view.isError ? (
        bridgeErrorOf(view.error).code === 'not_available' ? (
          <EmptyState title="The digest is kept in this workspace’s local copy">
            <p>{bridgeErrorOf(view.error).message}</p>
          </EmptyState>
        ) : (
          <ErrorState error={view.error} onRetry={() => view.refetch()} />
        )
      ) : view.data.digest === null ? (
        <EmptyState title="No digest yet">
          <p>
            {digestAt ? `One comes at ${digestAt} each day there is something to tell.` : 'The daily digest is off.'}{' '}
            <Link to={pathTo({ screen: 'notifications' })}>Write rules and choose its time</Link>.
          </p>
        </EmptyState>
      ) : (
        <DigestBody digest={view.data.digest} digestAt={digestAt} />
      )}
    </div>
  );
}

function DigestBody({ digest, digestAt }: { digest: Digest; digestAt: string | null }) {
  const ids = { rules: useId(), changes: useId(), queue: useId(), trackers: useId() };
  const counts = kindOrder
    .map((kind): [ChangeKind, number] => [kind, digest.changes[kind] ?? 0])
    .filter(([, count]) => count > 0);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  return (
    <>
      <p className="digest-window">
        Made {formatDateTime(digest.at)}, covering what the copy saw since {formatDateTime(digest.since)}.
        {digestAt && <span className="muted"> The next one comes at {digestAt}.</span>}
      </p>
      <section aria-labelledby={ids.rules}>
        <h2 id={ids.rules}>From your rules · {digest.hits.length}</h2>
        {digest.hits.length === 0 ? (
          <p className="muted">None of your “in the digest” rules met a change in this window.</p>
        ) : (
          <ul className="framed-list">
            {digest.hits.map((hit) => (
              <HitRow key={hit.id} hit={hit} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={ids.changes}>
        <h2 id={ids.changes}>What changed · {total}</h2>
        {total === 0 ? (
          <p className="muted">No change to the deals in this window.</p>
        ) : (
          <ul className="change-counts framed-list">
            {counts.map(([kind, count]) => (
              <li key={kind}>{countWords(kind, count)}</li>
            ))}
          </ul>
        )}
        <Link to={paths.changes()}>Open What changed for every change</Link>
      </section>
      <section aria-labelledby={ids.queue}>
        <h2 id={ids.queue}>Review queue · {digest.reviewQueue.length}</h2>
        {digest.reviewQueue.length === 0 ? (
          <p className="muted">No call was waiting for review.</p>
        ) : (
          <ul className="framed-list">
            {digest.reviewQueue.map((item) => (
              <li key={item.callId} className="hit-row">
                <Link to={paths.call(item.callId)}>
                  <span className="hit-title">{item.callTitle ?? 'Untitled call'}</span>
                  <span className="hit-body">{item.reason}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={ids.trackers}>
        <h2 id={ids.trackers}>Tracker hits · {digest.trackerHits.length}</h2>
        {digest.trackerHits.length === 0 ? (
          <p className="muted">No tracker was said on a call in this window.</p>
        ) : (
          <ul className="framed-list">
            {digest.trackerHits.map((hit) => (
              <li key={hit.key} className="hit-row">
                <Link to={paths.call(hit.callId)}>
                  <span className="hit-title">
                    {hit.trackerName} · {hit.callTitle ?? 'Untitled call'}
                  </span>
                  <span className="hit-body">“{hit.text}”</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
