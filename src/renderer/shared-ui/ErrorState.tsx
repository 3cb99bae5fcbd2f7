import { bridgeErrorOf } from '../api';
import { keyProblemCodes } from '../state/query-client';
import { useUiStore } from '../state/ui-store';
import { ErrorDetails } from './ErrorDetails';
import { describeError } from './error-text';

/** Every failed read: a sentence, what to do next (retry, or re-enter the key), and the details. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const detail = bridgeErrorOf(error);
  const openKeyPrompt = useUiStore((state) => state.setKeyPromptOpen);
  const keyProblem = keyProblemCodes.has(detail.code);
  return (
    <div className="error-state" role="alert">
      <p className="error-title">{title ?? 'This could not be loaded'}</p>
      <p>{describeError(detail)}</p>
      <ErrorDetails error={detail} />
      <div className="actions">
        {keyProblem && (
          <button type="button" className="button primary" onClick={() => openKeyPrompt(true)}>
            Re-enter key
          </button>
        )}
        {onRetry && (
          <button type="button" className="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
