import { bridgeErrorOf } from '../api';
import { ErrorDetails } from './ErrorDetails';
import { describeError } from './error-text';

/** A failed action, shown where the action was taken. */
export function InlineError({ error, explanation }: { error: unknown; explanation?: string }) {
  const detail = bridgeErrorOf(error);
  return (
    <div className="inline-error" role="alert">
      <p>{explanation ?? describeError(detail)}</p>
      <ErrorDetails error={detail} />
    </div>
  );
}
