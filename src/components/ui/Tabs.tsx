import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabSpec<Id extends string> {
  readonly id: Id;
  readonly label: string;
}

interface Props<Id extends string> {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly TabSpec<Id>[];
  active: Id;
  onSelect: (id: Id) => void;
  /** A tab's panel content; every panel element stays in the page (hidden when not active). */
  panel: (id: Id) => ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home and End jump; only the
 * active tab is in the tab order. Used by the admin dashboard and the SEO manager.
 */
export default function Tabs<Id extends string>({ label, tabs, active, onSelect, panel }: Props<Id>) {
  const baseId = useId();
  const refs = useRef<Partial<Record<Id, HTMLButtonElement | null>>>({});

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const tab = tabs[(target + tabs.length) % tabs.length]?.id;
    if (tab === undefined) return;
    onSelect(tab);
    refs.current[tab]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="relative flex gap-1 overflow-x-auto border-b border-stone-300">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
            className={`whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${
              active === tab.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={active !== tab.id}
        >
          {panel(tab.id)}
        </div>
      ))}
    </>
  );
}
