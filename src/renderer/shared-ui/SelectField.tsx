import { useId } from 'react';

/** A choice of a select: its value and its words. */
export type SelectChoice = readonly [value: string, words: string];

/**
 * A labelled select of a few fixed choices, a filter's or a form's. `blank`, when given, is the
 * first choice, worth '' ("Anyone", "Any tracker"); `inline` puts the label beside the select.
 */
export function SelectField({
  label,
  value,
  choices,
  onChange,
  blank,
  inline = false,
  autoFocus = false,
}: {
  label: string;
  value: string;
  choices: readonly SelectChoice[];
  onChange(value: string): void;
  blank?: string;
  inline?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className={inline ? 'field inline-field' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: only where a dialog opens to write this choice first
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      >
        {blank !== undefined && <option value="">{blank}</option>}
        {choices.map(([choice, words]) => (
          <option key={choice} value={choice}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}
