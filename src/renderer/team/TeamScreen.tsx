import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { humanize } from '../shared-ui/format';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { Avatar } from './Avatar';
import { memberQueries } from './queries';

export function TeamScreen() {
  const members = useQuery(memberQueries.list());
  const me = useQuery(memberQueries.me());
  return (
    <div className="screen">
      <h1>Team</h1>
      {members.isPending ? (
        <SkeletonRows rows={6} height={56} label="Loading members" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : members.data.data.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : (
        <ul className="member-list" aria-label="Members">
          {members.data.data.map((member) => {
            const isMe = member.id === me.data?.data.id;
            return (
              <li key={member.id} className="member-row">
                <Avatar member={member} />
                <span className="member-main">
                  <span className="member-display">
                    {member.display_name}
                    {isMe && <span className="badge accent">you</span>}
                  </span>
                  <span className="muted">{member.email}</span>
                </span>
                <span className={`badge status-${member.status.toLowerCase()}`}>{humanize(member.status)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
