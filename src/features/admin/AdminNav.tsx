import { type KeyboardEvent, useId, useRef, useState } from 'react';
import DisclosureButton from '../../components/ui/DisclosureButton.tsx';
import type { SectionId } from './admin-sections.ts';

export interface NavSection {
  id: SectionId;
  label: string;
  path: string;
  /** The labels of the section's tabs the role may open, shown under its name as a hint. */
  tabs: readonly string[];
}

/**
 * The admin's sections: a sidebar on a desk, and on a phone a button that shows and hides the same
 * list, so one landmark serves both widths. Sections are pages of their own, so each entry is a
 * plain link and the browser's back button walks through them.
 */
export default function AdminNav({ sections, current }: { sections: readonly NavSection[]; current: SectionId }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const currentLabel = sections.find((s) => s.id === current)?.label ?? '';

  // Escape closes the phone's list from anywhere inside it, and focus goes back where it opened.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <nav aria-label="Admin sections" onKeyDown={onKeyDown} className="md:sticky md:top-4">
      <DisclosureButton
        open={open}
        onToggle={() => setOpen((o) => !o)}
        controls={listId}
        buttonRef={button}
        className="flex w-full items-center justify-between gap-3 rounded-lg border border-stone-400 bg-white px-4 py-2.5 text-left font-semibold text-ink hover:bg-stone-100 md:hidden"
      >
        <span>
          <span className="font-normal text-muted">Section: </span>
          {currentLabel}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-5 w-5 shrink-0 ${open ? 'rotate-180' : ''}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </DisclosureButton>
      <ul
        id={listId}
        className={`${open ? 'mt-2 flex' : 'hidden'} flex-col gap-1 rounded-lg border border-stone-300 bg-white p-2 md:mt-0 md:flex md:border-0 md:bg-transparent md:p-0`}
      >
        {sections.map((section) => {
          const here = section.id === current;
          const hintId = `${listId}-${section.id}-tabs`;
          return (
            <li
              key={section.id}
              className={`relative rounded-md border-l-4 ${here ? 'border-brand-700 bg-brand-50' : 'border-transparent hover:bg-stone-100'}`}
            >
              {/* The link's ::after is stretched over the whole entry, hint and border included: the
                  entry is one target, and the focus ring goes round all of it. */}
              <a
                href={section.path}
                aria-current={here ? 'page' : undefined}
                aria-describedby={hintId}
                onClick={() => setOpen(false)}
                className={`block px-3 pt-2 font-semibold outline-none after:absolute after:inset-0 after:-left-1 after:rounded-md focus-visible:after:outline-[3px] focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600 focus-visible:after:outline-solid ${here ? 'text-brand-800' : 'text-ink'}`}
              >
                {section.label}
              </a>
              {/* Outside the link, so the link's name stays the section's; read as its description. */}
              <p id={hintId} aria-hidden="true" className="px-3 pb-2 text-xs text-muted">
                {section.tabs.join(' · ')}
              </p>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
