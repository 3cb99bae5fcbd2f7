import { bridgeErrorOf } from '../api';
import { keyProblemCodes } from '../state/query-client';
import { isRefusal } from '../state/refused-actions';
import { useUiStore } from '../state/ui-store';
import { ErrorDetails } from './ErrorDetails';
import { describeError } from './error-text';

/**
 * Every failed read: a sentence, what to do next (retry, or re-enter the key), and the details.
 * A refusal (403) gets no Retry: the key cannot read this, and asking again will not change that.
 */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const detail = bridgeErrorOf(error);
  const openKeyPrompt = useUiStore((state) => state.setKeyPromptOpen);
  const keyProblem = keyProblemCodes.has(detail.code);
  const refused = isRefusal(error);
  return (
    <div className="error-state" role="alert">
      <p className="error-title">
        {refused ? 'This workspace’s key cannot read this' : (title ?? 'This could not be loaded')}
      </p>
      <p>{describeError(detail)}</p>
      <ErrorDetails error={detail} />
      <div className="actions">
        {keyProblem && (
          <button type="button" className="button primary" onClick={() => openKeyPrompt(true)}>
            Re-enter key
          </button>
        )}
        {onRetry && !refused && (
          <button type="button" className="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
