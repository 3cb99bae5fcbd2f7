import { useId } from 'react';

/**
 * The API key input of the add and replace forms. `problem` is apiKeyProblem's sentence for a
 * key that cannot be sent, shown under the field before any request is made.
 */
export function ApiKeyField({
  label,
  value,
  onChange,
  problem,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  hint?: React.ReactNode;
}) {
  const ids = { input: useId(), hint: useId(), problem: useId() };
  return (
    <>
      <label htmlFor={ids.input}>{label}</label>
      <input
        id={ids.input}
        type="password"
        required
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={[hint ? ids.hint : '', problem ? ids.problem : ''].filter(Boolean).join(' ') || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={ids.problem} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {hint && (
        <p id={ids.hint} className="hint">
          {hint}
        </p>
      )}
    </>
  );
}
