import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { memberName } from '../../shared/api';
import type { CopyScope, Workspace } from '../../shared/bridge';
import { scopeWords } from '../../shared/copy-scope';
import { ConfirmDialog } from '../shared-ui/ConfirmDialog';
import { InlineError } from '../shared-ui/InlineError';
import { memberQueries, useMemberNames } from '../team/queries';
import { useLocalCopyControl } from './queries';

/** The form as the person left it: every field kept while another kind is chosen. */
interface Draft {
  kind: CopyScope['kind'];
  months: string;
  ownerIds: string[];
}

const MOST_MONTHS = 120;

const draftOf = (scope: CopyScope): Draft => ({
  kind: scope.kind,
  months: scope.kind === 'recent' ? String(scope.months) : '3',
  ownerIds: scope.kind === 'owners' ? scope.ownerIds : [],
});

/** The scope the form asks for, or why it cannot be saved. */
function askedScope(draft: Draft): CopyScope | string {
  if (draft.kind === 'everything') return { kind: 'everything' };
  if (draft.kind === 'recent') {
    const months = Number(draft.months);
    return Number.isInteger(months) && months >= 1 && months <= MOST_MONTHS
      ? { kind: 'recent', months }
      : `Months: a whole number from 1 to ${MOST_MONTHS}.`;
  }
  return draft.ownerIds.length > 0 ? { kind: 'owners', ownerIds: draft.ownerIds } : 'Choose at least one owner.';
}

/**
 * What the local copy keeps: everything, the calls of recent months with their deals, or the
 * deals of chosen owners with their calls. A choice that leaves anything out deletes it from the
 * copy at once, so it is asked first.
 */
export function CopyScopeForm({ workspace, scope }: { workspace: Workspace; scope: CopyScope }) {
  const control = useLocalCopyControl(workspace.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState<CopyScope | null>(null);
  const ids = { legend: useId(), months: useId(), problem: useId() };
  const current = draft ?? draftOf(scope);
  // The team is read only to choose owners: a workspace whose key is refused asks nothing otherwise.
  const members = useQuery({ ...memberQueries.list(), enabled: current.kind === 'owners' });
  const nameOf = useMemberNames(current.kind === 'owners');
  const asked = askedScope(current);
  const problem = typeof asked === 'string' ? asked : null;
  const changed = typeof asked !== 'string' && JSON.stringify(asked) !== JSON.stringify(scope);
  const saving = control.setScope;
  const update = (change: Partial<Draft>) => {
    saving.reset();
    setDraft({ ...current, ...change });
  };
  const save = (next: CopyScope) =>
    saving.mutate(next, {
      onSuccess: () => {
        setDraft(null);
        setConfirming(null);
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof asked === 'string' || !changed) return;
    if (asked.kind === 'everything') save(asked);
    else setConfirming(asked);
  };
  const choice = (kind: CopyScope['kind'], label: string) => (
    <label className="radio-row">
      <input
        type="radio"
        name={`copy-scope-${workspace.id}`}
        value={kind}
        checked={current.kind === kind}
        onChange={() => update({ kind })}
      />
      <span>{label}</span>
    </label>
  );
  const team = [...(members.data?.data ?? [])].sort((a, b) => memberName(a).localeCompare(memberName(b)));
  return (
    <>
      <form className="copy-scope" onSubmit={submit} aria-labelledby={ids.legend}>
        <fieldset>
          <legend id={ids.legend}>What it keeps</legend>
          {choice('everything', 'Everything: every call and deal')}
          {choice('recent', 'Recent calls, with their deals and the deals created or updated since')}
          <div className="copy-scope-detail">
            <label htmlFor={ids.months}>Months</label>
            <input
              id={ids.months}
              type="number"
              min={1}
              max={MOST_MONTHS}
              step={1}
              value={current.months}
              disabled={current.kind !== 'recent'}
              aria-invalid={current.kind === 'recent' && problem !== null}
              aria-describedby={current.kind === 'recent' && problem ? ids.problem : undefined}
              onChange={(event) => update({ months: event.target.value })}
            />
          </div>
          {choice('owners', 'The deals of chosen owners, with their calls')}
          {/* The team is read only once owners are being chosen: until then there is no list to show. */}
          <fieldset
            className="copy-scope-detail copy-scope-owners"
            disabled={current.kind !== 'owners'}
            hidden={current.kind !== 'owners' && team.length === 0}
          >
            <legend>Owners</legend>
            {members.isError && <InlineError error={members.error} />}
            {team.map((member) => (
              <label key={member.id} className="radio-row">
                <input
                  type="checkbox"
                  checked={current.ownerIds.includes(member.id)}
                  onChange={(event) =>
                    update({
                      ownerIds: event.target.checked
                        ? [...current.ownerIds, member.id]
                        : current.ownerIds.filter((id) => id !== member.id),
                    })
                  }
                />
                <span>{memberName(member)}</span>
              </label>
            ))}
          </fieldset>
        </fieldset>
        {problem && current.kind !== 'everything' && (
          <p id={ids.problem} className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={!changed || saving.isPending}>
          Save what it keeps
        </button>
        {saving.isError && confirming === null && <InlineError error={saving.error} />}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Keep only part of this workspace?"
        confirmLabel="Keep only these"
        busy={saving.isPending}
        onCancel={() => {
          saving.reset();
          setConfirming(null);
        }}
        onConfirm={() => confirming && save(confirming)}
      >
        <p>
          The local copy will keep {confirming ? scopeWords(confirming, nameOf) : ''}. Whatever lies outside is deleted
          from this computer now, transcripts included: screens ask the service for it, and cannot show it offline.
        </p>
        <p>What the new choice adds is fetched by the background sync.</p>
        {saving.isError && <InlineError error={saving.error} />}
      </ConfirmDialog>
    </>
  );
}
