import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { jobOutcome } from '../../shared/api';
import { dealLink } from '../../shared/moment-link';
import type { DealWarningKind } from '../../shared/warning-snoozes';
import { JobProgress } from '../jobs/JobProgress';
import { startAction, useLiveJob } from '../jobs/useLiveJob';
import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import { PlaceNotes, useNoteKey } from '../notes/PlaceNotes';
import { dealReads } from '../records/deal-reads';
import { useOfflineStart } from '../replica/queries';
import { ErrorState } from '../shared-ui/ErrorState';
import { formatAmount, formatDate, formatPercent } from '../shared-ui/format';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { RefusedNote } from '../shared-ui/RefusedNote';
import { SkeletonBlock } from '../shared-ui/Skeleton';
import { StatusBadge } from '../shared-ui/StatusBadge';
import { copyLinkSaying, useScreenActions } from '../shared-ui/screen-actions';
import { isWholeScreenError } from '../shared-ui/whole-screen-error';
import { useRefusal } from '../state/refused-actions';
import { useUndoOffer } from '../state/undo-offer';
import { useMemberNames } from '../team/queries';
import { useWorkspaceCurrency } from '../workspaces/queries';
import { ActivityTimeline } from './ActivityTimeline';
import { DealCalls } from './DealCalls';
import { snoozedWords } from './DealWarningList';
import { DealWarningsPanel } from './DealWarningsPanel';
import { dealStatusTones } from './deal-status';
import type { WarningSet } from './deal-warnings';
import { ProbabilityChart } from './ProbabilityChart';
import { ProbabilityPanel } from './ProbabilityPanel';
import { probabilityTrend } from './probability-trend';
import { scoringJob } from './queries';
import { ScoringHistory } from './ScoringHistory';
import { useWarningSets } from './useDealWarnings';
import { type SnoozeRequest, WarningSnoozeDialog } from './WarningSnoozeDialog';
import './deals.css';
import { recordsOf } from '../state/cursor-pages';

/**
 * A deal: its facts, win probability and factors, activity, scoring history, and Re-score live.
 * `actions` sit beside Re-score: the app composes what this unit cannot import (the review pack).
 */
export function DealScreen({ dealId, actions }: { dealId: string; actions?: ReactNode }) {
  const deal = useQuery(dealReads.detail(dealId));
  const scorings = useInfiniteQuery(dealReads.scorings(dealId));
  const ownerName = useMemberNames();
  const live = useLiveJob(scoringJob, dealId, scorings.data?.pages[0]?.data);
  const { start, job, running } = live;
  const refusal = useRefusal(startAction('scoring'));
  const jobSlot = useRef<HTMLDivElement>(null);
  const probabilityValue = useRef<HTMLParagraphElement>(null);
  // After Re-score, focus follows the result so keyboard and screen-reader users keep their place:
  // the job line at once (the button is disabled meanwhile), then the new probability once the
  // deal is read again after the scoring succeeded ('job', then the read it waits to be newer than).
  const focusNext = useRef<'job' | number | null>(null);
  const outcome = job.data ? jobOutcome(job.data.data) : undefined;
  useEffect(() => {
    const waiting = focusNext.current;
    if (waiting === 'job' && outcome === 'succeeded') focusNext.current = deal.dataUpdatedAt;
    else if (waiting === 'job' && outcome === 'failed') focusNext.current = null;
    else if (typeof waiting === 'number' && deal.dataUpdatedAt > waiting) {
      focusNext.current = null;
      probabilityValue.current?.focus();
    }
  }, [outcome, deal.dataUpdatedAt]);
  const rescore = () => {
    focusNext.current = 'job';
    jobSlot.current?.focus();
    start.mutate();
  };
  const offline = useOfflineStart('Re-score');
  const offlineWords = offline.reason ?? offline.note;
  const rescoreBlocked =
    running || deal.isPending || offline.reason !== null || live.queued !== null || refusal !== null;
  const warningSet = useWarningSets(deal.data ? [deal.data.data] : []).get(dealId);
  const [snoozing, setSnoozing] = useState<SnoozeRequest | null>(null);
  const openSnooze = (kind?: DealWarningKind) => {
    if (!warningSet || !deal.data) useUndoOffer.getState().tell('The deal’s warnings are still being read.');
    else setSnoozing({ dealId, dealTitle: deal.data.data.title ?? 'Untitled deal', set: warningSet, kind });
  };
  // `H` snoozes the warning that has the focus, else the first.
  useKeyShortcut('h', () => {
    const focused = document.activeElement?.closest('[data-warning-kind]')?.getAttribute('data-warning-kind');
    openSnooze((focused as DealWarningKind | null | undefined) ?? undefined);
  });
  // Before the deal's own actions: a screen's newest offer is listed first, and Re-score leads.
  useNoteKey(() => ({ kind: 'deal', id: dealId }));
  useScreenActions([
    {
      id: 'deal.rescore',
      title: 'Re-score this deal',
      keywords: 'scoring probability',
      enabled: !rescoreBlocked,
      run: rescore,
    },
    {
      id: 'deal.copy-link',
      title: 'Copy a link to this deal',
      keywords: 'callscope share',
      run: () => void copyLinkSaying(dealLink(dealId), 'this deal'),
    },
    {
      id: 'deal.snooze-warning',
      title: 'Snooze a warning…',
      key: 'H',
      keywords: 'risk hide until',
      enabled: (warningSet?.shown.length ?? 0) + (warningSet?.snoozed.length ?? 0) > 0,
      run: () => openSnooze(),
    },
  ]);
  const currency = useWorkspaceCurrency();

  if (deal.isError && isWholeScreenError(deal.error)) {
    return (
      <div className="screen">
        <BackLink />
        <h1>Deal</h1>
        <ErrorState error={deal.error} onRetry={() => deal.refetch()} />
      </div>
    );
  }
  const trend = probabilityTrend(recordsOf(scorings.data?.pages ?? []));
  return (
    <div className="screen">
      <BackLink />
      <div className="screen-header">
        <h1>{deal.data ? (deal.data.data.title ?? 'Untitled deal') : 'Loading deal…'}</h1>
        <button
          type="button"
          className="button primary"
          disabled={rescoreBlocked}
          title={offlineWords ?? undefined}
          aria-describedby={refusal ? 'rescore-refused' : undefined}
          onClick={rescore}
        >
          {running ? 'Scoring…' : 'Re-score'}
        </button>
        {offlineWords && <span className="muted small">{offlineWords}</span>}
        {actions}
      </div>
      <RefusedNote id="rescore-refused" action="Re-score" reason={refusal} />
      {deal.isError ? (
        <ErrorState error={deal.error} onRetry={() => deal.refetch()} title="This deal’s details could not be read" />
      ) : deal.data ? (
        <dl className="facts inline">
          <dt>Status</dt>
          <dd>
            <StatusBadge value={deal.data.data.status} tones={dealStatusTones} />
          </dd>
          <dt>Owner</dt>
          <dd>{ownerName(deal.data.data.owner_id)}</dd>
          <dt>Forecast</dt>
          <dd>{formatAmount(deal.data.data.forecast_amount, undefined, currency)}</dd>
          <dt>Close date</dt>
          <dd>{formatDate(deal.data.data.close_date)}</dd>
          <dt>Risk</dt>
          <dd>
            <RiskSummary set={warningSet} />
          </dd>
        </dl>
      ) : (
        <SkeletonBlock height={24} label="Loading deal" />
      )}
      <div className="job-slot" ref={jobSlot} tabIndex={-1}>
        {start.isError && <InlineError error={start.error} />}
        <JobProgress
          live={live}
          runningLabel="Scoring this deal"
          completed={(scoring) =>
            typeof scoring.result?.probability === 'number'
              ? `Scored: win probability ${formatPercent(scoring.result.probability)}.`
              : 'Scored.'
          }
        />
      </div>
      <PlaceNotes place={{ kind: 'deal', id: dealId }} kinds={DEAL_NOTE_KINDS} headingId="deal-notes-heading" />
      <div className="grid two deal-panels">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a fixed-height panel that scrolls must be reachable by keyboard */}
        <section className="card" aria-labelledby="probability-heading" tabIndex={0}>
          <h2 id="probability-heading">Win probability</h2>
          {deal.data ? (
            <ProbabilityPanel
              deal={deal.data}
              trend={<ProbabilityChart points={trend} />}
              valueRef={probabilityValue}
            />
          ) : deal.isError ? (
            <p className="muted">The win probability comes with the deal’s details, which could not be read.</p>
          ) : (
            <SkeletonBlock height={220} />
          )}
        </section>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a fixed-height panel that scrolls must be reachable by keyboard */}
        <section className="card" aria-labelledby="activity-heading" tabIndex={0}>
          <h2 id="activity-heading">Activity</h2>
          <ActivityTimeline dealId={dealId} />
        </section>
      </div>
      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading">Scoring history</h2>
        <ScoringHistory scorings={scorings} />
      </section>
      <section className="card" aria-labelledby="calls-heading">
        <h2 id="calls-heading">Calls</h2>
        <DealCalls dealId={dealId} />
      </section>
      {/* Last on the page: the reasons come after searching the deal's calls, and arriving here they move nothing. */}
      {warningSet && warningSet.shown.length + warningSet.snoozed.length > 0 && (
        <DealWarningsPanel set={warningSet} onSnooze={openSnooze} />
      )}
      <WarningSnoozeDialog request={snoozing} onClose={() => setSnoozing(null)} />
    </div>
  );
}

const DEAL_NOTE_KINDS = ['deal'] as const;

/** One word-sized line in the deal's facts, so the page does not move when the warnings are known. */
function RiskSummary({ set }: { set: WarningSet | undefined }) {
  if (set === undefined) return <span className="muted">Checking…</span>;
  const warnings = set.shown;
  if (warnings.length === 0)
    return <span className="muted">No warnings{set.snoozed.length > 0 ? ` (${snoozedWords(set.snoozed)})` : ''}</span>;
  return (
    <button
      type="button"
      className="risk-link"
      onClick={() => document.getElementById('deal-warnings')?.scrollIntoView({ block: 'nearest' })}
    >
      At risk: {warnings.length} {warnings.length === 1 ? 'warning' : 'warnings'}
    </button>
  );
}

function BackLink() {
  return (
    <Link to={paths.pipeline()} className="back-link">
      ← Pipeline
    </Link>
  );
}
