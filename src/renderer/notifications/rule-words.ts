import type { NotificationRule, RuleTeam } from '../../shared/notification-rules';

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** Whose deals, in words: any owner's, or the members chosen by name. */
export function teamWords(team: RuleTeam, nameOf: (memberId: string) => string): string {
  if (team.kind === 'all') return 'Any owner’s deals';
  const names = team.memberIds.map(nameOf);
  const who = names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return `Deals of ${who}`;
}

/** What a rule watches, as the manager would say it (whose deals: `teamWords`). */
export function ruleWords(
  rule: NotificationRule,
  context: { trackerName: (trackerId: string) => string; amount: (n: number) => string },
): string {
  switch (rule.kind) {
    case 'probability-drop':
      return `A deal loses ${rule.points} points of win probability or more`;
    case 'tracker-said': {
      const tracker = rule.trackerId === null ? 'Any tracker' : `“${context.trackerName(rule.trackerId)}”`;
      const side = rule.side === 'anyone' ? 'anyone' : `the ${rule.side}`;
      return `${tracker} is said by ${side} on a call`;
    }
    case 'close-date-pushed':
      return rule.count === 1
        ? 'A close date is pushed out'
        : `A close date is pushed out a ${ordinal(rule.count)} time or more`;
    case 'new-call-on-large-deal':
      return `A new call on a deal over ${context.amount(rule.amount)}`;
  }
}

export const deliveryWords = { now: 'Now', digest: 'In the digest' } as const;
