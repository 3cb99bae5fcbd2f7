import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '../../shared/api';
import { call } from '../api';
import { listItem } from '../navigation/list-items';
import { useOfflineReason } from '../replica/queries';
import { ConfirmDialog } from '../shared-ui/ConfirmDialog';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { CreateWebhookForm } from './CreateWebhookForm';
import { webhookKeys, webhookQueries } from './queries';
import { SecretOnceDialog } from './SecretOnceDialog';
import './webhooks.css';

export function WebhooksScreen() {
  const webhooks = useQuery(webhookQueries.list());
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const offlineReason = useOfflineReason();
  const remove = useMutation({
    mutationFn: (id: string) => call('deleteWebhook', { id }),
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      // The deleted row and the button that opened the dialog are gone: go on from the list's heading.
      listHeading.current?.focus();
    },
  });
  return (
    <div className="screen">
      <h1>Webhooks</h1>
      <section className="card" aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" ref={listHeading} tabIndex={-1}>
          Endpoints
        </h2>
        {webhooks.isPending ? (
          <SkeletonRows rows={3} height={48} label="Loading endpoints" />
        ) : webhooks.isError ? (
          <ErrorState error={webhooks.error} onRetry={() => webhooks.refetch()} />
        ) : webhooks.data.data.length === 0 ? (
          <>
            <UnreadableNotice answers={[webhooks.data]} />
            <EmptyState title="No endpoints yet">
              <p>Add one below to receive events when calls are ready or analysed.</p>
            </EmptyState>
          </>
        ) : (
          <>
            <UnreadableNotice answers={[webhooks.data]} />
            <ul className="plain-list" aria-label="Webhook endpoints">
              {webhooks.data.data.map((endpoint) => (
                <li key={endpoint.id} className="row" tabIndex={-1} {...listItem}>
                  <span className="webhook-info">
                    <code className="webhook-url">{endpoint.url}</code>
                    <span className="muted small">
                      {endpoint.events.length === 0 ? 'Every event' : endpoint.events.join(', ')}
                      {endpoint.created_at ? ` · added ${formatDateTime(endpoint.created_at)}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button small danger"
                    disabled={offlineReason !== null}
                    title={offlineReason ?? undefined}
                    onClick={() => setDeleting(endpoint)}
                    aria-label={`Delete ${endpoint.url}`}
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            {offlineReason && <p className="muted small">Deleting endpoints is off. {offlineReason}</p>}
          </>
        )}
      </section>
      <section className="card" aria-labelledby="add-endpoint-heading">
        <h2 id="add-endpoint-heading">Add an endpoint</h2>
        <CreateWebhookForm onCreated={setCreated} />
      </section>
      <SecretOnceDialog endpoint={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        <p>
          <code>{deleting?.url}</code> stops receiving events now. Deliveries already on their way still complete.
        </p>
        {remove.isError && <InlineError error={remove.error} />}
      </ConfirmDialog>
    </div>
  );
}
