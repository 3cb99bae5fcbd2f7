import type { ReactNode } from 'react';

/** An option of the combobox's list: the input keeps focus and points here with aria-activedescendant. */
export function PaletteOption({
  id,
  selected,
  onChoose,
  children,
}: {
  id: string;
  selected: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
    <div id={id} role="option" tabIndex={-1} aria-selected={selected} className="palette-option" onClick={onChoose}>
      {children}
    </div>
  );
}
