import type { DealWarning } from './deal-warnings';

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
