import { type Deal, jobOutcome, type Scoring } from '../../shared/api';
import type { DealWarningThresholds } from '../../shared/bridge';
import type { DealWarningKind, WarningSnooze } from '../../shared/warning-snoozes';
import { formatDate } from '../shared-ui/format';

/**
 * What a deal's warnings are read from. Each signal is its own read; one the service would not
 * give (a key without search, a failed read) is `undefined`, and the warnings it feeds are not
 * raised rather than guessed.
 */
export interface DealSignals {
  /** When the newest activity happened; null when the deal has none. */
  latestActivityAt: string | null | undefined;
  /** The newest scorings, newest first. */
  scorings: readonly Scoring[] | undefined;
  /** How many transcript segments of the deal's calls mention pricing (at least; 0 only when none does). */
  pricingMentions: number | undefined;
}

export interface DealWarning {
  kind: DealWarningKind;
  /** The reason in words, as the card and the deal page show it. */
  text: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Warnings are about deals still being worked; a won, lost or archived deal has nothing to act on. */
const ACTIVE = new Set(['OPEN', 'ON_HOLD']);

const daysSince = (iso: string, now: number) => Math.floor((now - Date.parse(iso)) / DAY_MS);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The two newest scorings that succeeded with a probability, newest first. */
function lastTwoProbabilities(scorings: readonly Scoring[]): number[] {
  return scorings
    .filter((scoring) => jobOutcome(scoring) === 'succeeded' && typeof scoring.result?.probability === 'number')
    .map((scoring) => scoring.result!.probability!)
    .slice(0, 2);
}

/** Every warning a deal earns, by the rules in docs/decisions/renderer.md ("Deal warnings"). */
export function dealWarnings(
  deal: Pick<Deal, 'status' | 'close_date' | 'created_at'>,
  signals: DealSignals,
  thresholds: DealWarningThresholds,
  now = Date.now(),
): DealWarning[] {
  if (!deal.status || !ACTIVE.has(deal.status)) return [];
  const warnings: DealWarning[] = [];

  const lastActive = signals.latestActivityAt === null ? deal.created_at : signals.latestActivityAt;
  if (lastActive && Number.isFinite(Date.parse(lastActive))) {
    const idle = daysSince(lastActive, now);
    if (idle >= thresholds.staleDays) {
      const text =
        signals.latestActivityAt === null
          ? `No activity since it was created, ${plural(idle, 'day')} ago`
          : `No activity for ${plural(idle, 'day')}`;
      warnings.push({ kind: 'stale', text });
    }
  }

  if (deal.status === 'OPEN' && deal.close_date && Date.parse(deal.close_date) < now) {
    warnings.push({
      kind: 'close-date-passed',
      text: `Close date passed (${formatDate(deal.close_date)}) and still open`,
    });
  }

  // Only a deal with calls can have failed to mention pricing in them.
  if (signals.pricingMentions === 0 && signals.latestActivityAt) {
    warnings.push({ kind: 'no-pricing', text: 'Pricing never mentioned in its calls' });
  }

  if (signals.scorings) {
    const [latest, previous] = lastTwoProbabilities(signals.scorings);
    if (latest === undefined) {
      warnings.push({ kind: 'never-scored', text: 'Never scored' });
    } else if (previous !== undefined && previous - latest >= thresholds.probabilityDrop) {
      warnings.push({
        kind: 'probability-drop',
        text: `Win probability down ${Math.round(previous - latest)} points (${Math.round(previous)}% → ${Math.round(latest)}%)`,
      });
    }
  }
  return warnings;
}

/** A warning the manager snoozed, hidden until `until` (RFC 3339). */
export interface SnoozedWarning extends DealWarning {
  until: string;
}

/** A deal's warnings: those shown and counted, and those snoozed, which count nowhere while they sleep. */
export interface WarningSet {
  shown: DealWarning[];
  snoozed: SnoozedWarning[];
}

/**
 * A deal's warnings, those its snoozes hide apart: a snooze whose end has come hides nothing, though
 * the list that holds it is not read again yet (it is each minute, and at each snooze written).
 */
export function warningSetOf(
  warnings: readonly DealWarning[],
  snoozes: readonly Pick<WarningSnooze, 'kind' | 'until'>[],
  now: number,
): WarningSet {
  const sleeping = new Map(
    snoozes.filter((snooze) => Date.parse(snooze.until) > now).map((snooze) => [snooze.kind, snooze.until]),
  );
  const set: WarningSet = { shown: [], snoozed: [] };
  for (const warning of warnings) {
    const until = sleeping.get(warning.kind);
    if (until) set.snoozed.push({ ...warning, until });
    else set.shown.push(warning);
  }
  return set;
}
