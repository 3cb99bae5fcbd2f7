import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { memberName } from '../../shared/api';
import type { NotificationRule, RuleKind, TrackerSide } from '../../shared/notification-rules';
import { Dialog } from '../shared-ui/Dialog';
import { type SelectChoice, SelectField } from '../shared-ui/SelectField';
import { memberQueries } from '../team/queries';
import { useTrackerChoices } from './tracker-choices';

const sideChoices: SelectChoice[] = [
  ['buyer', 'The buyer'],
  ['seller', 'The seller'],
  ['anyone', 'Anyone'],
];

const kindChoices: [RuleKind, string][] = [
  ['probability-drop', 'A deal loses points of win probability'],
  ['close-date-pushed', 'A close date is pushed out again'],
  ['new-call-on-large-deal', 'A new call on a large deal'],
  ['tracker-said', 'A tracker is said on a call'],
];

/** What a new rule of each kind starts with: the examples. */
const starting = { points: 15, count: 2, amount: 50_000 };

interface Draft {
  kind: RuleKind;
  points: number;
  count: number;
  amount: number;
  trackerId: string | null;
  side: TrackerSide;
  everyone: boolean;
  memberIds: string[];
  delivery: 'now' | 'digest';
}

function draftOf(rule: NotificationRule | null): Draft {
  const draft: Draft = {
    kind: rule?.kind ?? 'probability-drop',
    ...starting,
    trackerId: null,
    side: 'buyer',
    everyone: rule ? rule.team.kind === 'all' : true,
    memberIds: rule?.team.kind === 'members' ? rule.team.memberIds : [],
    delivery: rule?.delivery ?? 'digest',
  };
  if (rule?.kind === 'probability-drop') draft.points = rule.points;
  if (rule?.kind === 'close-date-pushed') draft.count = rule.count;
  if (rule?.kind === 'new-call-on-large-deal') draft.amount = rule.amount;
  if (rule?.kind === 'tracker-said') Object.assign(draft, { trackerId: rule.trackerId, side: rule.side });
  return draft;
}

function ruleOf(id: string, draft: Draft): NotificationRule {
  const base = {
    id,
    delivery: draft.delivery,
    team: draft.everyone ? { kind: 'all' as const } : { kind: 'members' as const, memberIds: draft.memberIds },
  };
  switch (draft.kind) {
    case 'probability-drop':
      return { ...base, kind: draft.kind, points: draft.points };
    case 'close-date-pushed':
      return { ...base, kind: draft.kind, count: draft.count };
    case 'new-call-on-large-deal':
      return { ...base, kind: draft.kind, amount: draft.amount };
    case 'tracker-said':
      return { ...base, kind: draft.kind, trackerId: draft.trackerId, side: draft.side };
  }
}

/** Writes a new rule or changes one: what it watches, its threshold, whose deals, and when to tell. */
export function RuleEditor({
  rule,
  onSave,
  onClose,
}: {
  /** The rule to change; null writes a new one. */
  rule: NotificationRule | null;
  onSave: (rule: NotificationRule) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [problem, setProblem] = useState<string | null>(null);
  const members = useQuery(memberQueries.list());
  const trackers = useTrackerChoices();
  const ids = {
    number: useId(),
    problem: useId(),
    team: useId(),
    delivery: useId(),
  };
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.everyone && draft.memberIds.length === 0) {
      setProblem('Choose at least one member, or watch every owner’s deals.');
      return;
    }
    onSave(ruleOf(rule?.id ?? `rule_${crypto.randomUUID()}`, draft));
  };

  const number = {
    'probability-drop': { label: 'Points of win probability lost, at least', key: 'points', min: 1, max: 100 },
    'close-date-pushed': { label: 'Times pushed out, at least', key: 'count', min: 1, max: 50 },
    'new-call-on-large-deal': { label: 'Deal amount over', key: 'amount', min: 0, max: 1e12 },
    'tracker-said': null,
  }[draft.kind] as { label: string; key: 'points' | 'count' | 'amount'; min: number; max: number } | null;

  return (
    <Dialog open onClose={onClose} title={rule ? 'Change the rule' : 'Write a rule'} className="rule-editor">
      <form onSubmit={submit} aria-describedby={problem ? ids.problem : undefined}>
        <SelectField
          label="Tell me when"
          value={draft.kind}
          choices={kindChoices}
          onChange={(kind) => update({ kind: kind as RuleKind })}
          autoFocus
        />
        {number && (
          <div className="field">
            <label htmlFor={ids.number}>{number.label}</label>
            <input
              id={ids.number}
              type="number"
              required
              min={number.min}
              max={number.max}
              step={number.key === 'amount' ? 1000 : 1}
              value={draft[number.key]}
              onChange={(event) => update({ [number.key]: event.target.valueAsNumber })}
            />
          </div>
        )}
        {draft.kind === 'tracker-said' && (
          <>
            <SelectField
              label="Tracker"
              value={draft.trackerId ?? ''}
              blank="Any tracker"
              choices={trackers.map((tracker) => [tracker.id, tracker.name])}
              onChange={(trackerId) => update({ trackerId: trackerId || null })}
            />
            <SelectField
              label="Said by"
              value={draft.side}
              choices={sideChoices}
              onChange={(side) => update({ side: side as TrackerSide })}
            />
          </>
        )}
        <fieldset className="choices">
          <legend>Whose deals</legend>
          <label className="choice">
            <input type="radio" name={ids.team} checked={draft.everyone} onChange={() => update({ everyone: true })} />{' '}
            Every owner’s deals
          </label>
          <label className="choice">
            <input
              type="radio"
              name={ids.team}
              checked={!draft.everyone}
              onChange={() => update({ everyone: false })}
            />{' '}
            Chosen members’ deals
          </label>
          {!draft.everyone && (
            <div className="member-choices">
              {(members.data?.data ?? []).map((member) => (
                <label key={member.id} className="choice">
                  <input
                    type="checkbox"
                    checked={draft.memberIds.includes(member.id)}
                    onChange={(event) =>
                      update({
                        memberIds: event.target.checked
                          ? [...draft.memberIds, member.id]
                          : draft.memberIds.filter((id) => id !== member.id),
                      })
                    }
                  />{' '}
                  {memberName(member)}
                </label>
              ))}
              {members.isPending && <p className="muted">Reading the team…</p>}
            </div>
          )}
        </fieldset>
        <fieldset className="choices">
          <legend>Tell me</legend>
          <label className="choice">
            <input
              type="radio"
              name={ids.delivery}
              checked={draft.delivery === 'now'}
              onChange={() => update({ delivery: 'now' })}
            />{' '}
            Now, as a notification (held during quiet hours)
          </label>
          <label className="choice">
            <input
              type="radio"
              name={ids.delivery}
              checked={draft.delivery === 'digest'}
              onChange={() => update({ delivery: 'digest' })}
            />{' '}
            In the digest
          </label>
        </fieldset>
        {problem && (
          <p id={ids.problem} className="inline-error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            {rule ? 'Save the rule' : 'Add the rule'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
