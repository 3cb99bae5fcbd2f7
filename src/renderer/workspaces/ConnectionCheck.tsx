import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionCheck as Check, ServiceProfile, Workspace } from '../../shared/bridge';
import { call } from '../api';
import { CopyButton } from '../shared-ui/CopyButton';
import { formatDateTime } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { workspaceKeys } from './queries';

const outcomeTones = { ok: 'good', failed: 'bad', skipped: 'neutral' } as const;
const outcomeLabels = { ok: 'Works', failed: 'Fails', skipped: 'Not tried' } as const;

function ProfileFacts({ profile }: { profile: ServiceProfile }) {
  return (
    <dl className="facts">
      <dt>Search text parameter</dt>
      <dd>
        <code>{profile.searchTextParam}</code>{' '}
        <span className="muted small">
          {profile.source === 'openapi' ? 'from the service’s OpenAPI description' : 'the default'}
        </span>
      </dd>
      <dt>Transcript times</dt>
      <dd>{profile.segmentTimeScale === 1 ? 'seconds' : 'milliseconds'}</dd>
      <dt>Last read</dt>
      <dd>{profile.readAt ? formatDateTime(profile.readAt) : 'never'}</dd>
    </dl>
  );
}

function ChecksTable({ checks }: { checks: Check[] }) {
  return (
    <table className="table compact">
      <caption className="visually-hidden">One read per screen</caption>
      <thead>
        <tr>
          <th scope="col">Screen</th>
          <th scope="col">Result</th>
          <th scope="col">Found, or why not</th>
          <th scope="col">Request id</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((check) => (
          <tr key={check.operation}>
            <td>{check.screen}</td>
            <td>
              <StatusBadge value={check.outcome} tones={outcomeTones} label={outcomeLabels[check.outcome]} />
            </td>
            <td>
              {check.code && <code>{check.code}</code>} {check.status ? `HTTP ${check.status} · ` : ''}
              {check.detail}
            </td>
            <td>
              {check.requestId && (
                <span className="request-id">
                  <code>{check.requestId}</code>
                  <CopyButton value={check.requestId} label={`Copy the request id of ${check.screen}`} />
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What Callscope knows of this workspace's service where the interface leaves it open, and one
 * read per screen to show what works with it and what does not.
 */
export function ConnectionCheck({ workspace }: { workspace: Workspace }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => call('checkConnection', { workspaceId: workspace.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
  return (
    <section className="card connection-check" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      <ProfileFacts profile={check.data?.profile ?? workspace.profile} />
      <button type="button" className="button" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? 'Checking…' : 'Check connection'}
      </button>
      {check.isError && <InlineError error={check.error} />}
      {check.data && <ChecksTable checks={check.data.checks} />}
    </section>
  );
}
