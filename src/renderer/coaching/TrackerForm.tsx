import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { memberName } from '../../shared/api';
import { TRACKER_PHRASES_MAX, type Tracker, TrackerDefinition } from '../../shared/trackers';
import { call } from '../api';
import { Dialog } from '../shared-ui/Dialog';
import { memberQueries } from '../team/queries';

const sideWords = { any: 'Anyone', seller: 'The seller side', buyer: 'The buyer side' } as const;

/**
 * Defines a tracker, or edits one: its name, its phrases (one a line), whose lines count and
 * which calls. The deals offered are the newest hundred; a deal's tracker is easiest begun there.
 */
export function TrackerForm({
  editing,
  onSave,
  onClose,
}: {
  /** The tracker edited; null: a new one. */
  editing: Tracker | null;
  onSave: (definition: TrackerDefinition) => Promise<boolean>;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const [phrases, setPhrases] = useState(editing?.phrases.join('\n') ?? '');
  const [side, setSide] = useState(editing?.side ?? 'any');
  const [scopeKind, setScopeKind] = useState(editing?.scope.kind ?? 'all');
  const [memberId, setMemberId] = useState(editing?.scope.kind === 'rep' ? editing.scope.memberId : '');
  const [dealId, setDealId] = useState(editing?.scope.kind === 'deal' ? editing.scope.dealId : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const members = useQuery({ ...memberQueries.list(), enabled: scopeKind === 'rep' });
  const deals = useQuery({
    queryKey: ['coaching', 'trackers', 'deal-choices'],
    queryFn: ({ signal }) => call('listDeals', { limit: 100 }, signal),
    enabled: scopeKind === 'deal',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const scope =
      scopeKind === 'rep'
        ? { kind: 'rep' as const, memberId }
        : scopeKind === 'deal'
          ? { kind: 'deal' as const, dealId }
          : { kind: 'all' as const };
    const definition = TrackerDefinition.safeParse({
      name,
      phrases: phrases
        .split('\n')
        .map((phrase) => phrase.trim())
        .filter(Boolean),
      side,
      scope,
    });
    if (!definition.success) {
      const issue = definition.error.issues[0]!;
      const field = String(issue.path[0]);
      setProblem(
        field === 'name'
          ? 'Give the tracker a name (80 characters at most).'
          : field === 'phrases'
            ? `Give 1 to ${TRACKER_PHRASES_MAX} phrases, one a line, each with a word in it.`
            : scopeKind === 'rep'
              ? 'Choose the rep whose calls count.'
              : 'Choose the deal whose calls count.',
      );
      return;
    }
    setSaving(true);
    const saved = await onSave(definition.data);
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? `Edit “${editing.name}”` : 'Add a tracker'}
      className="tracker-form"
    >
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} maxLength={80} required />
        </label>
        <label className="field">
          <span>Phrases, one a line</span>
          <textarea
            value={phrases}
            onChange={(event) => setPhrases(event.target.value)}
            rows={5}
            aria-describedby={`${id}-phrases`}
          />
          <span id={`${id}-phrases`} className="muted small">
            Each phrase is found as its words in this order, in any case; quotes and other marks are ignored.
          </span>
        </label>
        <fieldset className="field">
          <legend>Whose lines count</legend>
          {(Object.keys(sideWords) as (keyof typeof sideWords)[]).map((value) => (
            <label key={value} className="inline-choice">
              <input type="radio" name={`${id}-side`} checked={side === value} onChange={() => setSide(value)} />{' '}
              {sideWords[value]}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>Which calls count</span>
          <select value={scopeKind} onChange={(event) => setScopeKind(event.target.value as typeof scopeKind)}>
            <option value="all">All calls</option>
            <option value="rep">One rep’s calls</option>
            <option value="deal">One deal’s calls</option>
          </select>
        </label>
        {scopeKind === 'rep' && (
          <label className="field">
            <span>Rep</span>
            <select value={memberId} onChange={(event) => setMemberId(event.target.value)}>
              <option value="">{members.isPending ? 'Loading the team…' : 'Choose a rep'}</option>
              {members.data?.data.map((member) => (
                <option key={member.id} value={member.id}>
                  {memberName(member)}
                </option>
              ))}
            </select>
          </label>
        )}
        {scopeKind === 'deal' && (
          <label className="field">
            <span>Deal</span>
            <select value={dealId} onChange={(event) => setDealId(event.target.value)}>
              <option value="">{deals.isPending ? 'Loading deals…' : 'Choose a deal (the newest 100)'}</option>
              {editing?.scope.kind === 'deal' && !deals.data?.data.some((deal) => deal.id === dealId) && (
                <option value={editing.scope.dealId}>{editing.scope.dealId}</option>
              )}
              {deals.data?.data.map((deal) => (
                <option key={deal.id} value={deal.id}>
                  {deal.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {problem && (
          <p className="inline-error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={saving}>
            {editing ? 'Save tracker' : 'Add tracker'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
