import type { ReactNode } from 'react';

/**
 * A group of a combobox's options: a listbox's groups are role=group (a fieldset belongs to forms).
 * `heading`: its label shown above its options too (for sighted people; the group is named anyway).
 */
export function OptionGroup({
  label,
  heading = false,
  children,
}: {
  label: string;
  heading?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: inside a listbox the group role is the one that applies
    <div role="group" aria-label={label}>
      {heading && (
        <div className="option-group-heading muted small" aria-hidden="true">
          {label}
        </div>
      )}
      {children}
    </div>
  );
}
