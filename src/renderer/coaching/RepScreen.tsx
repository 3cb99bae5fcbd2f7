import { useQuery } from '@tanstack/react-query';
import { memberName } from '../../shared/api';
import { Link, navigate } from '../navigation/router';
import { paths } from '../navigation/routes';
import { PlaceNotes, useNoteKey } from '../notes/PlaceNotes';
import { ErrorState } from '../shared-ui/ErrorState';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { useScreenActions } from '../shared-ui/screen-actions';
import { Avatar } from '../team/Avatar';
import { memberStatusTones } from '../team/member-status';
import { memberQueries } from '../team/queries';
import { ATTRIBUTION_RULE } from './attribution';
import { RepCalls } from './RepCalls';
import { RepDeals } from './RepDeals';
import { REP_WEEKS } from './weeks';
import './coaching.css';

/**
 * A rep's page (Team, Enter on a member): their open deals with warnings and probability trends,
 * and their calls of the last eight weeks with each figure against the team's; all from the local
 * copy, so it reads the same offline.
 */
export function RepScreen({ memberId }: { memberId: string }) {
  const members = useQuery(memberQueries.list());
  const member = members.data?.data.find((candidate) => candidate.id === memberId);
  const name = member ? memberName(member) : members.isPending ? 'Loading rep…' : 'Unknown member';
  useNoteKey(() => ({ kind: 'rep', id: memberId }));
  const openBrief = () => navigate(paths.oneOnOne(memberId));
  useKeyShortcut('p', openBrief);
  useScreenActions([
    { id: 'rep.one-on-one', title: 'Open their 1:1 brief', key: 'P', keywords: 'one on one meeting', run: openBrief },
  ]);
  return (
    <div className="screen rep-screen">
      <Link to={paths.team()} className="back-link">
        ← Team
      </Link>
      <div className="screen-header">
        <div className="rep-title">
          {member && <Avatar member={member} size={40} />}
          <h1>{name}</h1>
          {member && <StatusBadge value={member.status} tones={memberStatusTones} />}
        </div>
        {member?.email && <span className="muted">{member.email}</span>}
        <Link to={paths.oneOnOne(memberId)} className="button small" aria-keyshortcuts="p">
          1:1 brief <kbd>P</kbd>
        </Link>
      </div>
      {members.isError && (
        <ErrorState error={members.error} onRetry={() => members.refetch()} title="The team could not be read" />
      )}
      <PlaceNotes place={{ kind: 'rep', id: memberId }} kinds={REP_NOTE_KINDS} headingId="rep-notes-heading" />
      <section className="card" aria-labelledby="rep-deals-heading">
        <h2 id="rep-deals-heading">Open deals</h2>
        <RepDeals memberId={memberId} />
      </section>
      <section className="card" aria-labelledby="rep-calls-heading">
        <h2 id="rep-calls-heading">Calls of the last {REP_WEEKS} weeks</h2>
        <p className="muted small">{ATTRIBUTION_RULE}</p>
        <RepCalls memberId={memberId} name={member ? memberName(member) : 'This rep'} />
      </section>
    </div>
  );
}

const REP_NOTE_KINDS = ['rep'] as const;
