import type { Workspace } from '../../shared/bridge';
import { useRoute } from '../navigation/router';
import { paths } from '../navigation/routes';
import { type GroupItem, NavGroup } from './NavGroup';

/** What the manager sets up rather than reads: kept off the main nav, under their own name. */
const settingsItems: GroupItem[] = [
  {
    label: 'Workspace and key',
    about: 'The service, your key, the local copy',
    goKey: 'S',
    to: paths.settings(),
    matches: ['settings'],
  },
  {
    label: 'Notifications',
    about: 'Your rules, digest time, quiet hours',
    goKey: 'N',
    to: paths.notifications(),
    matches: ['notifications'],
  },
  {
    label: 'Webhooks',
    about: 'Events sent to your other tools',
    goKey: 'H',
    to: paths.webhooks(),
    matches: ['webhooks'],
  },
];

/** The member the key belongs to, by name (the email on hover), opening the workspace's settings. */
export function AccountMenu({ workspace }: { workspace: Workspace }) {
  const route = useRoute();
  const member = workspace.member;
  return (
    <nav aria-label="Settings" title={member?.email ?? undefined}>
      <NavGroup
        name={
          <>
            <span className="member-name">{member ? member.display_name : 'Unknown member'}</span>
            <span className="visually-hidden">: settings</span>
          </>
        }
        items={settingsItems}
        routeName={route.name}
        align="end"
      />
    </nav>
  );
}
