import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type DealStatus, memberName, pipelineStatuses } from '../../shared/api';
import { humanize } from '../../shared/humanize';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { memberQueries } from '../team/queries';
import { DealGroup } from './DealGroup';
import './deals.css';

const allStatuses: readonly DealStatus[] = [...pipelineStatuses, 'DELETED'];

/**
 * The interface offers one filter (status) and one order (newest first), so
 * the pipeline is a column per status, each its own cursor list; DELETED only on request.
 */
export function PipelineScreen() {
  const [shown, setShown] = useState<ReadonlySet<DealStatus>>(() => new Set(pipelineStatuses));
  const legendId = useId();
  const [atRiskOnly, setAtRiskOnly] = useState(false);
  useKeyShortcut('a', () => setAtRiskOnly((on) => !on));
  const members = useQuery(memberQueries.list()).data?.data ?? [];
  const myId = useQuery(memberQueries.me()).data?.data.id ?? null;
  const [ownerId, setOwnerId] = useState('');
  useKeyShortcut('m', () => setOwnerId((current) => (myId && current !== myId ? myId : '')));
  const ownerSelectId = useId();
  const toggle = (status: DealStatus) =>
    setShown((current) => {
      const next = new Set(current);
      if (next.has(status)) next.delete(status);
      else next.add(status);
      return next;
    });
  return (
    <div className="screen wide">
      <div className="screen-header">
        <h1>Pipeline</h1>
        <fieldset className="chips" aria-labelledby={legendId}>
          <span id={legendId} className="muted">
            Show
          </span>
          {allStatuses.map((status) => (
            <label key={status} className="chip">
              <input type="checkbox" checked={shown.has(status)} onChange={() => toggle(status)} />
              {humanize(status)}
            </label>
          ))}
          <label className="chip at-risk">
            <input
              type="checkbox"
              checked={atRiskOnly}
              onChange={() => setAtRiskOnly((on) => !on)}
              aria-keyshortcuts="a"
            />
            At risk
          </label>
        </fieldset>
        <div className="field inline-field">
          <label htmlFor={ownerSelectId}>Owner</label>
          <select
            id={ownerSelectId}
            value={ownerId}
            onChange={(event) => setOwnerId(event.target.value)}
            aria-keyshortcuts="m"
          >
            <option value="">Anyone</option>
            {myId && <option value={myId}>My deals</option>}
            {members
              .filter((member) => member.id !== myId)
              .map((member) => (
                <option key={member.id} value={member.id}>
                  {memberName(member)}
                </option>
              ))}
          </select>
        </div>
      </div>
      <div className="pipeline">
        {allStatuses
          .filter((status) => shown.has(status))
          .map((status) => (
            <DealGroup key={status} status={status} atRiskOnly={atRiskOnly} ownerId={ownerId || null} />
          ))}
      </div>
    </div>
  );
}
