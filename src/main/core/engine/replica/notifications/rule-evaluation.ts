import type {
  NotificationRule,
  RuleHitTarget,
  TrackerHit,
  TrackerSide,
} from '../../../../../shared/notification-rules';
import type { DealChange } from '../../../../../shared/what-changed';

/** A rule met by one change: what its notification says and where it leads. */
export interface RuleMatch {
  ruleId: string;
  /** The change's key (What changed's, or a tracker hit's): a rule tells each change once. */
  changeKey: string;
  title: string;
  body: string;
  target: RuleHitTarget;
}

export interface RuleFacts {
  /** A deal's forecast amount as the copy holds it now. */
  dealAmount(dealId: string): number | null;
  /** A member's name, for the notification's words. */
  memberName(memberId: string | null): string | null;
}

const amountWords = (amount: number) => Math.round(amount).toLocaleString('en-US');
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};
const dealWords = (change: { dealTitle: string | null }) => change.dealTitle ?? 'Untitled deal';
const whose = (facts: RuleFacts, ownerId: string | null) => {
  const name = facts.memberName(ownerId);
  return name ? ` (${name})` : '';
};

function onTeam(rule: NotificationRule, ownerId: string | null): boolean {
  return rule.team.kind === 'all' || (ownerId !== null && rule.team.memberIds.includes(ownerId));
}

/** The local service says BUYER and SELLER; another service's roles match by the same words in any case. */
function saidBy(side: TrackerSide, role: string | null): boolean {
  if (side === 'anyone') return true;
  const words = role?.toLowerCase() ?? '';
  return side === 'buyer' ? /buyer|customer|prospect|client/.test(words) : /seller|rep|sales/.test(words);
}

const pushedOut = (change: DealChange) =>
  change.kind === 'close-date' &&
  change.before !== null &&
  change.after !== null &&
  Date.parse(change.after) > Date.parse(change.before);

/**
 * Which push of its deal each close date pushed out is: `pushes` counts every push the copy saw,
 * so in changes listed newest first the deal's i-th push back is its `pushes - i`-th.
 */
function pushOrdinalsOf(changes: readonly DealChange[]): Map<string, number> {
  const later = new Map<string, number>();
  const ordinals = new Map<string, number>();
  for (const change of changes) {
    if (change.kind !== 'close-date' || !pushedOut(change) || !change.dealId) continue;
    const after = later.get(change.dealId) ?? 0;
    ordinals.set(change.key, change.pushes - after);
    later.set(change.dealId, after + 1);
  }
  return ordinals;
}

function matchChange(
  rule: NotificationRule,
  change: DealChange,
  facts: RuleFacts,
  pushOrdinals: ReadonlyMap<string, number>,
): RuleMatch | null {
  if (!onTeam(rule, change.ownerId)) return null;
  const base = { ruleId: rule.id, changeKey: change.key };
  const deal = dealWords(change);
  switch (rule.kind) {
    case 'probability-drop': {
      if (change.kind !== 'probability' || change.before === null || change.after === null) return null;
      const lost = change.before - change.after;
      if (lost < rule.points || !change.dealId) return null;
      return {
        ...base,
        title: `Win probability down ${Math.round(lost)} points`,
        body: `${deal}${whose(facts, change.ownerId)}: ${Math.round(change.before)}% → ${Math.round(change.after)}%`,
        target: { screen: 'deal', id: change.dealId },
      };
    }
    case 'close-date-pushed': {
      const nth = pushOrdinals.get(change.key);
      if (change.kind !== 'close-date' || !change.dealId || nth === undefined || nth < rule.count) return null;
      return {
        ...base,
        title: nth === 1 ? 'Close date pushed out' : `Close date pushed out a ${ordinal(nth)} time`,
        body: `${deal}${whose(facts, change.ownerId)}: ${change.before!.slice(0, 10)} → ${change.after!.slice(0, 10)}`,
        target: { screen: 'deal', id: change.dealId },
      };
    }
    case 'new-call-on-large-deal': {
      if (change.kind !== 'call' || !change.dealId) return null;
      const amount = facts.dealAmount(change.dealId);
      if (amount === null || amount <= rule.amount) return null;
      return {
        ...base,
        title: `New call on a deal of ${amountWords(amount)}`,
        body: `${change.callTitle ?? 'Untitled call'} · ${deal}${whose(facts, change.ownerId)}`,
        target: { screen: 'call', id: change.callId },
      };
    }
    case 'tracker-said':
      return null;
  }
}

function matchTrackerHit(rule: NotificationRule, hit: TrackerHit, facts: RuleFacts): RuleMatch | null {
  if (rule.kind !== 'tracker-said' || !onTeam(rule, hit.ownerId)) return null;
  if ((rule.trackerId !== null && rule.trackerId !== hit.trackerId) || !saidBy(rule.side, hit.speakerRole)) return null;
  return {
    ruleId: rule.id,
    changeKey: `tracker-${hit.key}`,
    title: `“${hit.trackerName}” said${rule.side === 'anyone' ? '' : ` by the ${rule.side}`}`,
    body: `${hit.callTitle ?? 'Untitled call'}${whose(facts, hit.ownerId)}: “${hit.text}”`,
    target: { screen: 'call', id: hit.callId },
  };
}

/**
 * Which rules the changes since the last evaluation meet, each rule and change once. Pure: the
 * caller reads the changes (What changed over the window, newest first) and the tracker hits from the copy.
 */
export function evaluateRules(
  rules: readonly NotificationRule[],
  changes: readonly DealChange[],
  trackerHits: readonly TrackerHit[],
  facts: RuleFacts,
): RuleMatch[] {
  const matches: RuleMatch[] = [];
  const pushOrdinals = pushOrdinalsOf(changes);
  for (const rule of rules) {
    for (const change of changes) {
      const match = matchChange(rule, change, facts, pushOrdinals);
      if (match) matches.push(match);
    }
    for (const hit of trackerHits) {
      const match = matchTrackerHit(rule, hit, facts);
      if (match) matches.push(match);
    }
  }
  return matches;
}
