import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import type {
  NotificationRule,
  NotificationSettings,
  QuietHours,
  RuleHit,
  TimeOfDay,
} from '../../shared/notification-rules';
import { bridgeErrorOf } from '../api';
import { listItem } from '../navigation/list-items';
import { Link } from '../navigation/router';
import { paths, pathTo } from '../navigation/routes';
import { EmptyState } from '../shared-ui/EmptyState';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatAmount, formatDateTime } from '../shared-ui/format';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { SkeletonRows } from '../shared-ui/Skeleton';
import { useMemberNames } from '../team/queries';
import { notificationQueries, useSaveNotificationSettings } from './queries';
import { RuleEditor } from './RuleEditor';
import { deliveryWords, ruleWords, teamWords } from './rule-words';
import { useTrackerChoices } from './tracker-choices';
import './notifications.css';

const DEFAULT_DIGEST_AT: TimeOfDay = '08:30';
const DEFAULT_QUIET: QuietHours = { from: '20:00', to: '07:30' };

/**
 * The manager's notification rules, the digest's time and quiet hours (`G N`): kept in the
 * workspace's local copy, each edit saved at once and undoable from the toast (Ctrl Z).
 */
export function NotificationsScreen() {
  const view = useQuery(notificationQueries.view());
  const save = useSaveNotificationSettings();
  const [editing, setEditing] = useState<NotificationRule | 'new' | null>(null);
  useKeyShortcut('a', () => setEditing('new'));

  if (view.isPending)
    return (
      <Frame onAdd={() => setEditing('new')} body={<SkeletonRows rows={4} height={44} label="Reading your rules" />} />
    );
  if (view.isError) {
    const error = bridgeErrorOf(view.error);
    const body =
      error.code === 'not_available' ? (
        <EmptyState title="Rules are kept in this workspace’s local copy">
          <p>{error.message}</p>
          <Link to={paths.settings()}>Open Workspace and key</Link>
        </EmptyState>
      ) : (
        <ErrorState error={view.error} onRetry={() => view.refetch()} />
      );
    return <Frame onAdd={() => setEditing('new')} body={body} />;
  }
  const { settings, recent, held, inNextDigest } = view.data;
  const change = (next: Partial<NotificationSettings>, words: string) => save({ ...settings, ...next }, words);
  const saveRule = (rule: NotificationRule) => {
    const exists = settings.rules.some((kept) => kept.id === rule.id);
    setEditing(null);
    void change(
      { rules: exists ? settings.rules.map((kept) => (kept.id === rule.id ? rule : kept)) : [...settings.rules, rule] },
      exists ? 'Rule changed.' : 'Rule added.',
    );
  };
  const removeRule = (rule: NotificationRule) =>
    void change({ rules: settings.rules.filter((kept) => kept.id !== rule.id) }, 'Rule removed.');

  return (
    <Frame
      onAdd={() => setEditing('new')}
      body={
        <>
          {(held > 0 || inNextDigest > 0) && (
            <p className="notice">
              {[
                held > 0 && `${held} held by quiet hours, shown when they end`,
                inNextDigest > 0 && `${inNextDigest} waiting for the next digest`,
              ]
                .filter(Boolean)
                .join(' · ')}
              .
            </p>
          )}
          <Rules rules={settings.rules} edit={setEditing} remove={removeRule} />
          <Timing settings={settings} change={change} />
          <Recent hits={recent} />
          {editing && (
            <RuleEditor rule={editing === 'new' ? null : editing} onSave={saveRule} onClose={() => setEditing(null)} />
          )}
        </>
      }
    />
  );
}

function Frame({ onAdd, body }: { onAdd: () => void; body: React.ReactNode }) {
  return (
    <div className="screen notifications">
      <div className="screen-header">
        <h1>Notifications</h1>
        <div className="header-actions">
          <Link to={pathTo({ screen: 'digest' })} className="button">
            Open the digest
          </Link>
          <button type="button" className="button primary" onClick={onAdd} aria-keyshortcuts="a">
            Write a rule…
          </button>
        </div>
      </div>
      <p className="muted screen-intro">
        Your rules watch the deals after each sync, here on this computer; nothing is sent to the service.
      </p>
      {body}
    </div>
  );
}

function Rules({
  rules,
  edit,
  remove,
}: {
  rules: NotificationRule[];
  edit: (rule: NotificationRule) => void;
  remove: (rule: NotificationRule) => void;
}) {
  const nameOf = useMemberNames(rules.some((rule) => rule.team.kind === 'members'));
  const trackers = useTrackerChoices();
  const context = {
    trackerName: (id: string) => trackers.find((tracker) => tracker.id === id)?.name ?? 'A tracker no longer kept',
    amount: (n: number) => formatAmount(n),
  };
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rules">
      <h2 id={headingId}>Rules</h2>
      {rules.length === 0 ? (
        <EmptyState title="No rules yet">
          <p>
            Write one with <kbd>A</kbd>: a deal losing win probability, a close date pushed again, a new call on a large
            deal, a tracker said.
          </p>
        </EmptyState>
      ) : (
        <ul className="framed-list">
          {rules.map((rule) => {
            const whose = teamWords(rule.team, nameOf);
            const words = `${ruleWords(rule, context)}, ${whose.toLocaleLowerCase()}`;
            const onKeyDown = (event: KeyboardEvent) => {
              if (event.target !== event.currentTarget) return;
              if (event.key === 'Enter') edit(rule);
              else if (event.key === 'Delete' || event.key === 'Backspace') remove(rule);
              else return;
              event.preventDefault();
            };
            return (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: j/k step to the row; Enter edits, Delete removes
              <li key={rule.id} className="rule-row" tabIndex={0} onKeyDown={onKeyDown} {...listItem}>
                <span className="rule-words">
                  {ruleWords(rule, context)}
                  <span className="muted rule-team">{whose}</span>
                </span>
                <span className={`delivery delivery-${rule.delivery}`}>{deliveryWords[rule.delivery]}</span>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    onClick={() => edit(rule)}
                    aria-label={`Edit: ${words}`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => remove(rule)}
                    aria-label={`Remove: ${words}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Timing({
  settings,
  change,
}: {
  settings: NotificationSettings;
  change: (next: Partial<NotificationSettings>, words: string) => void;
}) {
  const ids = { digest: useId(), digestAt: useId(), quiet: useId(), from: useId(), to: useId(), heading: useId() };
  const { digestAt, quietHours } = settings;
  const timeOf = (value: string): TimeOfDay | null => (/^\d{2}:\d{2}$/.test(value) ? value : null);
  return (
    <section aria-labelledby={ids.heading} className="timing">
      <h2 id={ids.heading}>Digest and quiet hours</h2>
      <div className="timing-row">
        <input
          id={ids.digest}
          type="checkbox"
          checked={digestAt !== null}
          onChange={(event) =>
            change(
              { digestAt: event.target.checked ? DEFAULT_DIGEST_AT : null },
              event.target.checked ? 'Daily digest on.' : 'Daily digest off.',
            )
          }
        />
        <label htmlFor={ids.digest}>Send one digest a day at</label>
        <input
          id={ids.digestAt}
          type="time"
          aria-label="Digest time"
          disabled={digestAt === null}
          value={digestAt ?? DEFAULT_DIGEST_AT}
          onChange={(event) => {
            const time = timeOf(event.target.value);
            if (time && time !== digestAt) change({ digestAt: time }, `Digest at ${time}.`);
          }}
        />
      </div>
      <div className="timing-row">
        <input
          id={ids.quiet}
          type="checkbox"
          checked={quietHours !== null}
          onChange={(event) =>
            change(
              { quietHours: event.target.checked ? DEFAULT_QUIET : null },
              event.target.checked ? 'Quiet hours on.' : 'Quiet hours off.',
            )
          }
        />
        <label htmlFor={ids.quiet}>Quiet hours, holding every notification, from</label>
        <input
          id={ids.from}
          type="time"
          aria-label="Quiet hours start"
          disabled={quietHours === null}
          value={(quietHours ?? DEFAULT_QUIET).from}
          onChange={(event) => {
            const time = timeOf(event.target.value);
            if (time && quietHours && time !== quietHours.from)
              change({ quietHours: { ...quietHours, from: time } }, `Quiet hours from ${time}.`);
          }}
        />
        <span>to</span>
        <input
          id={ids.to}
          type="time"
          aria-label="Quiet hours end"
          disabled={quietHours === null}
          value={(quietHours ?? DEFAULT_QUIET).to}
          onChange={(event) => {
            const time = timeOf(event.target.value);
            if (time && quietHours && time !== quietHours.to)
              change({ quietHours: { ...quietHours, to: time } }, `Quiet hours to ${time}.`);
          }}
        />
      </div>
      <p className="muted">Times are this computer’s. “Now” rules found in quiet hours are shown once when they end.</p>
    </section>
  );
}

/** What "now" rules told lately: the record of every notification, and browser mode's place for them. */
function Recent({ hits }: { hits: RuleHit[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="recent">
      <h2 id={headingId}>Shown lately</h2>
      {hits.length === 0 ? (
        <p className="muted">No notification from your “now” rules yet.</p>
      ) : (
        <ul className="framed-list">
          {hits.map((hit) => (
            <HitRow key={hit.id} hit={hit} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function HitRow({ hit }: { hit: RuleHit }) {
  return (
    <li className="hit-row">
      <Link to={pathTo(hit.target)} {...listItem}>
        <span className="hit-title">{hit.title}</span>
        <span className="hit-body">{hit.body}</span>
      </Link>
      <span className="muted hit-time">{formatDateTime(hit.sentAt ?? hit.foundAt)}</span>
    </li>
  );
}
