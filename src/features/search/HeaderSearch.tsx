import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import ProductImage from '../../components/ui/ProductImage.tsx';
import { formatMoney } from '../../lib/money.ts';
import { catalogApi } from '../catalog/catalog.api.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { displayPrice } from '../pricing/pricing.ts';
import {
  createSearchCache,
  isSearchable,
  normalizeTerm,
  productUrl,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  searchUrl,
  splitSuggestions,
} from './search.ts';

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'done'; term: string; products: ApiProduct[] }
  | { status: 'error'; term: string };

/** One cache per page load, shared by every render of the island (§9: fresh for 5 minutes). */
const cache = createSearchCache<ApiProduct[]>();

/**
 * The header's live search (§2, D10): an ARIA 1.2 combobox over a listbox of suggestions. Focus stays
 * in the input; the arrow keys move the active option. Without JS it is a plain GET form to /search.
 * Below the lg breakpoint the form is revealed by a button so the header fits a 375 px screen.
 */
export default function HeaderSearch() {
  const [value, setValue] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [revealed, setRevealed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const uid = useId();
  const inputId = `${uid}-input`;
  const formId = `${uid}-form`;
  const listId = `${uid}-list`;
  const optionId = (i: number) => `${uid}-option-${i}`;

  const term = normalizeTerm(value);

  useEffect(() => {
    if (!isSearchable(term)) {
      setState({ status: 'idle' });
      return;
    }
    const hit = cache.lookup(term);
    if (hit.status !== 'miss') setState({ status: 'done', term, products: hit.value });
    if (hit.status === 'fresh') return;
    if (hit.status === 'miss') setState({ status: 'loading', term });
    // A stale answer stays on screen while the fresh one is fetched.
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const products = await catalogApi.products(term, { signal: controller.signal });
        cache.store(term, products);
        if (!controller.signal.aborted) setState({ status: 'done', term, products });
      } catch {
        // An aborted request was replaced by a newer term: not a failure to show.
        if (!controller.signal.aborted) setState({ status: 'error', term });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

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

  const { shown, more } = state.status === 'done' ? splitSuggestions(state.products) : { shown: [], more: 0 };
  const options = [
    ...shown.map((p) => ({ key: `p${p.id}`, href: productUrl(p.id), product: p })),
    ...(more > 0 ? [{ key: 'more', href: searchUrl(term), product: null }] : []),
  ];
  const panelVisible = open && state.status !== 'idle';
  const expanded = panelVisible && options.length > 0;
  const activeIndex = expanded && active < options.length ? active : -1;

  const message =
    state.status === 'loading'
      ? 'Searching…'
      : state.status === 'error'
        ? 'Search failed'
        : state.status === 'done' && state.products.length === 0
          ? 'No products found'
          : null;
  const announcement =
    state.status === 'error' || (state.status === 'done' && state.products.length === 0)
      ? message
      : state.status === 'done' && panelVisible
        ? `${state.products.length} ${state.products.length === 1 ? 'result' : 'results'}${more > 0 ? `, ${shown.length} shown` : ''}`
        : '';

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
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          e.preventDefault();
          window.location.assign(option.href);
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
      <button
        ref={toggle}
        type="button"
        className="rounded-md p-2 text-brand-900 hover:bg-brand-50 lg:hidden"
        aria-expanded={revealed}
        aria-controls={formId}
        onClick={() => setRevealed((r) => !r)}
      >
        <span className="sr-only">{revealed ? 'Close search' : 'Search'}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          {revealed ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm10 2-4.35-4.35" />}
        </svg>
      </button>
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
              <path d="M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm10 2-4.35-4.35" />
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
            {message && (
              <p aria-hidden="true" className={`px-4 py-3 text-sm ${state.status === 'error' ? 'text-red-700' : 'text-muted'}`}>
                {message}
              </p>
            )}
            <div id={listId} role="listbox" aria-label="Suggestions" className="max-h-[70vh] overflow-y-auto">
              {options.map((o, i) => (
                <a
                  key={o.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  tabIndex={-1}
                  href={o.href}
                  onMouseMove={() => setActive(i)}
                  className={`flex items-center gap-3 px-3 py-2 text-sm ${i === activeIndex ? 'bg-brand-50' : ''} ${
                    o.product ? '' : 'justify-center border-t border-stone-200 font-medium text-brand-700'
                  }`}
                >
                  {o.product ? (
                    <>
                      {/* The option is named by its text; the picture would only repeat the name. */}
                      <span aria-hidden="true" className="shrink-0">
                        <ProductImage
                          src={o.product.image}
                          name={o.product.name}
                          width={40}
                          height={40}
                          className="h-10 w-10 rounded object-cover p-0! text-[0.5rem]!"
                        />
                      </span>
                      <span className="min-w-0 flex-1 truncate font-medium">{o.product.name}</span>
                      <span className="shrink-0 font-semibold">{formatMoney(displayPrice(o.product).price)}</span>
                    </>
                  ) : (
                    `+${more} more results`
                  )}
                </a>
              ))}
            </div>
          </div>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </form>
      </search>
    </div>
  );
}
