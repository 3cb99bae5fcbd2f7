import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the tab
 * order, then its panel. The panel scrolls when its content is taller than the page allows, so it
 * takes focus itself (labelled by its tab), as the pattern has it: a keyboard reaches and scrolls a
 * panel of plain text too.
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (event: KeyboardEvent, index: number) => {
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  };
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        className="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable panel must be reachable by keyboard (APG tabs)
        tabIndex={0}
      >
        {current.content}
      </div>
    </div>
  );
}
