import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { prefetchBoard } from '../deals/queries';
import { LinkAhead } from '../navigation/render-ahead';
import { useRoute } from '../navigation/router';
import { paths, type Route } from '../navigation/routes';
import { type GroupItem, NavGroup } from './NavGroup';

/** Each screen the bar links to, and the first reads its press starts (render-ahead's reads at the press). */
const navItems: { label: string; to: string; matches: Route['name'][]; prepare?: (client: QueryClient) => void }[] = [
  { label: 'Pipeline', to: paths.pipeline(), matches: ['pipeline', 'deal'], prepare: prefetchBoard },
  { label: 'Calls', to: paths.calls(), matches: ['calls', 'call'] },
  { label: 'Search', to: paths.search(), matches: ['search'] },
  { label: 'Team', to: paths.team(), matches: ['team'] },
];

/**
 * The screens of a routine, grouped under a word, so the bar stays short and the status beside it
 * keeps its room: each is two presses from anywhere, or its `G` key.
 */
const navGroups: { name: string; items: GroupItem[] }[] = [
  {
    name: 'Week',
    items: [
      {
        label: 'What changed',
        about: 'Every change since your last look',
        goKey: 'W',
        to: paths.changes(),
        matches: ['changes'],
      },
      {
        label: 'Roll-up',
        about: 'Owners × close months, with your call',
        goKey: 'O',
        to: paths.rollup(),
        matches: ['rollup'],
      },
      { label: 'Digest', about: 'Today’s digest of your rules', goKey: 'D', to: paths.digest(), matches: ['digest'] },
    ],
  },
  {
    name: 'Coaching',
    items: [
      {
        label: 'Review queue',
        about: 'Calls worth a listen first',
        goKey: 'R',
        to: paths.reviewQueue(),
        matches: ['review-queue'],
      },
      {
        label: 'Checklist matrix',
        about: 'Reps × checklist items',
        goKey: 'K',
        to: paths.checklistMatrix(),
        matches: ['checklist-matrix'],
      },
      {
        label: 'Trackers',
        about: 'Words and topics across calls',
        goKey: 'X',
        to: paths.trackers(),
        matches: ['trackers'],
      },
    ],
  },
];

export function MainNav() {
  const route = useRoute();
  const queryClient = useQueryClient();
  return (
    <nav aria-label="Main">
      <ul>
        {navItems.map((item) => (
          <li key={item.to}>
            <LinkAhead
              to={item.to}
              prepare={() => item.prepare?.(queryClient)}
              aria-current={item.matches.includes(route.name) ? 'page' : undefined}
            >
              {item.label}
            </LinkAhead>
          </li>
        ))}
        {navGroups.map((group) => (
          <li key={group.name}>
            <NavGroup name={group.name} items={group.items} routeName={route.name} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
