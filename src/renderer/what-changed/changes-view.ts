import type { ChangeKind, DealChange } from '../../shared/what-changed';
import { readSince, SINCE_PARAM, type SinceChoice, writeSince } from '../bookmarks/since-choice';

/** The screen's view, all in its address: since when, whose changes, of deals in which status, grouped how. */
export interface ChangesView {
  since: SinceChoice;
  /** A member id, NO_OWNER, or null for anyone. */
  owner: string | null;
  /** The deal's status now, or null for any. */
  status: string | null;
  group: 'owner' | 'kind';
}

/** The owner filter's value for changes that belong to no one (a deal without owner, a call no rule attributes). */
export const NO_OWNER = 'none';

export function readChangesView(search: URLSearchParams): ChangesView {
  return {
    since: readSince(search.get(SINCE_PARAM)),
    owner: search.get('owner') || null,
    status: search.get('status') || null,
    group: search.get('group') === 'kind' ? 'kind' : 'owner',
  };
}

export function writeChangesView(view: ChangesView): string {
  const search = new URLSearchParams();
  const since = writeSince(view.since);
  if (since !== null) search.set(SINCE_PARAM, since);
  if (view.owner) search.set('owner', view.owner);
  if (view.status) search.set('status', view.status);
  if (view.group === 'kind') search.set('group', 'kind');
  return search.toString();
}

export function shownChanges(changes: readonly DealChange[], view: ChangesView): DealChange[] {
  return changes.filter(
    (change) =>
      (view.owner === null || (change.ownerId ?? NO_OWNER) === view.owner) &&
      (view.status === null || change.dealStatus === view.status),
  );
}

/** The kinds in the order a review reads them: the deals' fields first, then what was said on calls. */
export const kindOrder: readonly ChangeKind[] = [
  'status',
  'amount',
  'close-date',
  'probability',
  'owner',
  'new-deal',
  'back',
  'removed',
  'title',
  'call',
  'activity',
  'checklist',
];

/** Each kind's group heading, and its count's words ("3 status moves"). */
export const kindWords: Record<ChangeKind, { title: string; one: string; many: string }> = {
  status: { title: 'Status moves', one: 'status move', many: 'status moves' },
  amount: { title: 'Amounts', one: 'amount', many: 'amounts' },
  'close-date': { title: 'Close dates', one: 'close date', many: 'close dates' },
  probability: { title: 'Win probability', one: 'win probability', many: 'win probabilities' },
  owner: { title: 'Owners', one: 'owner change', many: 'owner changes' },
  'new-deal': { title: 'New deals', one: 'new deal', many: 'new deals' },
  back: { title: 'Deals back', one: 'deal back', many: 'deals back' },
  removed: { title: 'Deals removed', one: 'deal removed', many: 'deals removed' },
  title: { title: 'Renamed', one: 'deal renamed', many: 'deals renamed' },
  call: { title: 'New calls', one: 'new call', many: 'new calls' },
  activity: { title: 'Activity', one: 'activity', many: 'activities' },
  checklist: {
    title: 'Checklist items not met',
    one: 'checklist item not met',
    many: 'checklist items not met',
  },
};

export const countWords = (kind: ChangeKind, count: number) =>
  `${count} ${count === 1 ? kindWords[kind].one : kindWords[kind].many}`;

export interface ChangeGroup {
  key: string;
  title: string;
  changes: DealChange[];
}

/**
 * The changes by owner (names in order, no one last) or by kind (in `kindOrder`), each group
 * newest first as the changes come.
 */
export function groupChanges(
  changes: readonly DealChange[],
  group: ChangesView['group'],
  nameOf: (memberId: string) => string,
): ChangeGroup[] {
  const groups = new Map<string, DealChange[]>();
  for (const change of changes) {
    const key = group === 'kind' ? change.kind : (change.ownerId ?? NO_OWNER);
    const members = groups.get(key);
    if (members) members.push(change);
    else groups.set(key, [change]);
  }
  const titled = [...groups].map(([key, members]) => ({
    key,
    title: group === 'kind' ? kindWords[key as ChangeKind].title : key === NO_OWNER ? 'No owner' : nameOf(key),
    changes: members,
  }));
  return group === 'kind'
    ? titled.sort((a, b) => kindOrder.indexOf(a.key as ChangeKind) - kindOrder.indexOf(b.key as ChangeKind))
    : titled.sort((a, b) => (a.key === NO_OWNER ? 1 : b.key === NO_OWNER ? -1 : a.title.localeCompare(b.title)));
}

/** How many of each kind, in `kindOrder`, kinds with none left out. */
export function kindCounts(changes: readonly DealChange[]): [ChangeKind, number][] {
  return kindOrder
    .map((kind): [ChangeKind, number] => [kind, changes.filter((change) => change.kind === kind).length])
    .filter(([, count]) => count > 0);
}
