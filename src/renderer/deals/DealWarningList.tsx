import { formatDate } from '../shared-ui/format';
import type { DealWarning, SnoozedWarning } from './deal-warnings';

/** A deal's warnings, each its reason in words; nothing when it has none or they are still being read. */
export function DealWarningList({ warnings }: { warnings: DealWarning[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <ul className="deal-warnings" aria-label="Warnings">
      {warnings.map((warning) => (
        <li key={warning.kind} className={`deal-warning warning-${warning.kind}`}>
          {warning.text}
        </li>
      ))}
    </ul>
  );
}

/** "1 snoozed until 2 Dec 2026": how many warnings sleep, and when the first comes back. */
export function snoozedWords(snoozed: readonly SnoozedWarning[]): string {
  const first = snoozed.map((warning) => warning.until).sort()[0]!;
  const together = snoozed.every((warning) => warning.until === first);
  return `${snoozed.length} snoozed ${together ? 'until' : 'the first until'} ${formatDate(first)}`;
}
