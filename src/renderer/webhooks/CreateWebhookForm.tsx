import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  type CreatedWebhookEndpoint,
  deliveredEventTypes,
  type EventType,
  EventType as EventTypes,
} from '../../shared/api';
import { bridgeErrorOf, call, newIdempotencyKey } from '../api';
import { useOfflineReason } from '../replica/queries';
import { InlineError } from '../shared-ui/InlineError';
import { RefusedNote } from '../shared-ui/RefusedNote';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { noteIfRefused, useRefusal } from '../state/refused-actions';
import { webhookKeys } from './queries';

const ALLOWLIST_EXPLANATION =
  'This host is not on your organisation’s allowlist — ask your administrator. The address must also use https://.';

/** A new webhook endpoint. The secret comes back only here, so it is handed up to be shown once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (endpoint: CreatedWebhookEndpoint) => void }) {
  const queryClient = useQueryClient();
  const offlineReason = useOfflineReason();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ReadonlySet<EventType>>(new Set());
  const ids = { url: useId(), hint: useId(), events: useId() };
  const create = useMutation({
    mutationFn: () =>
      call('createWebhook', { url: url.trim(), events: [...events], idempotencyKey: newIdempotencyKey() }),
    onError: (error) => noteIfRefused('createWebhook', error),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      setUrl('');
      setEvents(new Set());
      if (created.data) onCreated(created.data);
    },
  });
  const toggle = (event: EventType) =>
    setEvents((current) => {
      const next = new Set(current);
      if (next.has(event)) next.delete(event);
      else next.add(event);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const refusal = useRefusal('createWebhook');
  const code = create.isError ? bridgeErrorOf(create.error).code : null;
  return (
    <form className="form" onSubmit={submit} aria-label="Add a webhook endpoint">
      <label htmlFor={ids.url}>Endpoint address</label>
      <input
        id={ids.url}
        type="url"
        required
        placeholder="https://hooks.example.com/callscope"
        aria-describedby={ids.hint}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <p id={ids.hint} className="hint">
        Must start with https:// and its host must be on your organisation’s allowlist.
      </p>
      <fieldset aria-labelledby={ids.events} className="event-choices">
        <legend id={ids.events}>Events (none checked means every event)</legend>
        {EventTypes.options.map((type) => (
          <label key={type} className="check">
            <input type="checkbox" checked={events.has(type)} onChange={() => toggle(type)} />
            <code>{type}</code>
            {!(deliveredEventTypes as readonly string[]).includes(type) && (
              <span className="muted small"> (not delivered yet)</span>
            )}
          </label>
        ))}
      </fieldset>
      {create.data && create.data.data === null && (
        <div className="inline-error" role="status">
          <p>
            The endpoint was added, but the service’s answer could not be read, so its signing secret cannot be shown.
            If you need the secret, delete the endpoint and add it again.
          </p>
          <UnreadableNotice answers={[create.data]} />
        </div>
      )}
      {create.isError && (
        <InlineError
          error={create.error}
          explanation={code === 'invalid_webhook_url' ? ALLOWLIST_EXPLANATION : undefined}
        />
      )}
      {offlineReason && <p className="muted small">{offlineReason}</p>}
      <button
        type="submit"
        className="button primary"
        disabled={create.isPending || offlineReason !== null || refusal !== null}
        title={offlineReason ?? undefined}
        aria-describedby={refusal ? 'create-webhook-refused' : undefined}
      >
        {create.isPending ? 'Adding…' : 'Add endpoint'}
      </button>
      <RefusedNote id="create-webhook-refused" action="Adding endpoints" reason={refusal} />
    </form>
  );
}
