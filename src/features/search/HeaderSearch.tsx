import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { IconDisclosure } from '../../components/ui/DisclosureButton.tsx';
import type { SuggestionsReport } from './HeaderSuggestions.tsx';
import { normalizeTerm, SEARCH_MAX_LENGTH, searchUrl } from './search.ts';

/** The suggestions (lookup, cache and options): fetched when the combobox first opens. */
const Suggestions = lazy(() => import('./HeaderSuggestions.tsx'));

/** The magnifier, drawn on the toggle and in the field. */
const SEARCH_ICON = 'M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm10 2-4.35-4.35';

const NO_SUGGESTIONS: SuggestionsReport = { searching: false, hrefs: [], alert: null, summary: '' };

/**
 * The header's live search (§2, D10): an ARIA 1.2 combobox over a listbox of suggestions. Focus stays
 * in the input; the arrow keys move the active option. Without JS it is a plain GET form to /search.
 * Below the lg breakpoint the form is revealed by a button so the header fits a 375 px screen.
 */
export default function HeaderSearch() {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [revealed, setRevealed] = useState(false);
  const [report, setReport] = useState<SuggestionsReport>(NO_SUGGESTIONS);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const uid = useId();
  const inputId = `${uid}-input`;
  const formId = `${uid}-form`;
  const listId = `${uid}-list`;
  const optionId = (i: number) => `${uid}-option-${i}`;

  const term = normalizeTerm(value);
  // Focus (or typing, or the arrow keys) opens the combobox: from then on the suggestions are needed.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  // A pointer press anywhere else closes the suggestions.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (revealed) input.current?.focus();
  }, [revealed]);

  const options = report.hrefs;
  const panelVisible = open && report.searching;
  const expanded = panelVisible && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;
  const announcement = report.alert ?? (panelVisible ? report.summary : '');

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        if (count > 0) setActive(activeIndex < 0 || activeIndex >= count - 1 ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        if (count > 0) setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        break;
      case 'Enter': {
        const href = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (href) {
          e.preventDefault();
          window.location.assign(href);
        }
        // With no active option the form submits to the search page (onSubmit).
        break;
      }
      case 'Escape':
        if (panelVisible) {
          e.preventDefault();
          close();
        } else if (revealed) {
          e.preventDefault();
          setRevealed(false);
          toggle.current?.focus();
        }
        break;
    }
  }

  return (
    <div ref={root} className="flex items-center">
      <IconDisclosure
        buttonRef={toggle}
        open={revealed}
        onToggle={() => setRevealed((r) => !r)}
        controls={formId}
        className="rounded-md p-2 text-brand-900 hover:bg-brand-50 lg:hidden"
        label={{ closed: 'Search', open: 'Close search' }}
        iconPath={SEARCH_ICON}
      />
      <search
        id={formId}
        className={`${revealed ? 'block' : 'hidden'} absolute inset-x-0 top-full border-b border-stone-200 bg-white p-3 shadow-md lg:relative lg:inset-auto lg:block lg:w-72 lg:border-0 lg:p-0 lg:shadow-none`}
      >
        <form
          action="/search"
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            window.location.assign(searchUrl(term));
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Search products
          </label>
          <div className="relative">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d={SEARCH_ICON} />
            </svg>
            <input
              ref={input}
              id={inputId}
              name="q"
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search products…"
              className="h-10 w-full rounded-full border border-stone-300 bg-white pl-9 pr-3 text-sm placeholder:text-muted focus:border-brand-600"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onBlur={(e) => {
                // Tabbing out closes; a click on an option keeps focus inside and follows the link.
                if (!root.current?.contains(e.relatedTarget as Node | null)) close();
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <div
            hidden={!panelVisible}
            className="absolute inset-x-3 top-full z-50 mt-1 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg lg:inset-x-auto lg:right-0 lg:mt-2 lg:w-96"
          >
            {wanted ? (
              <Suspense fallback={<EmptyList id={listId} />}>
                <Suggestions
                  term={term}
                  activeIndex={activeIndex}
                  listId={listId}
                  optionId={optionId}
                  onActive={setActive}
                  onReport={setReport}
                />
              </Suspense>
            ) : (
              <EmptyList id={listId} />
            )}
          </div>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </form>
      </search>
    </div>
  );
}

/** The (empty) listbox the combobox controls, until the suggestions arrive. */
function EmptyList({ id }: { id: string }) {
  return <div id={id} role="listbox" aria-label="Suggestions" className="max-h-[70vh] overflow-y-auto" />;
}
