import { useQuery } from '@tanstack/react-query';
import { memberName } from '../../shared/api';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { UnreadableNotice } from '../shared-ui/UnreadableNotice';
import { Avatar } from './Avatar';
import { memberStatusTones } from './member-status';
import { memberQueries } from './queries';
import './team.css';
import { listItem } from '../navigation/list-items';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';

export function TeamScreen() {
  const members = useQuery(memberQueries.list());
  const me = useQuery(memberQueries.me());
  return (
    <div className="screen">
      <h1>Team</h1>
      <p className="muted small">
        Enter on a member opens their page: open deals, calls and figures against the team’s.
      </p>
      {members.isPending ? (
        <SkeletonRows rows={6} height={56} label="Loading members" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : members.data.data.length === 0 ? (
        <>
          <UnreadableNotice answers={[members.data]} />
          <EmptyState title="No members yet" />
        </>
      ) : (
        <>
          <UnreadableNotice answers={[members.data]} />
          <ul className="member-list" aria-label="Members">
            {members.data.data.map((member) => {
              const isMe = member.id === me.data?.data.id;
              return (
                <li key={member.id} className="member-row">
                  <Avatar member={member} />
                  <span className="member-main">
                    <span className="member-display">
                      <Link to={paths.rep(member.id)} {...listItem}>
                        {memberName(member)}
                      </Link>
                      {isMe && <span className="badge accent">you</span>}
                    </span>
                    {member.email && <span className="muted">{member.email}</span>}
                  </span>
                  <StatusBadge value={member.status} tones={memberStatusTones} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
