import { lazy, type SubmitEvent, Suspense, startTransition, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import DisclosureButton from '../../components/ui/DisclosureButton.tsx';
import LabelledSelect from '../../components/ui/LabelledSelect.tsx';
import type { ApiProduct } from '../catalog/catalog.ts';
import { ProductCards } from '../shop/ProductGrid.tsx';
import type { FirstPage } from './first-page.ts';
import { FetchFailed, LoadMore } from './ListStatus.tsx';
import { appendPage } from './paging.ts';
import { searchApi } from './search.api.ts';
import { SEARCH_MAX_LENGTH } from './search.ts';
import {
  clearFilters,
  clearSearch,
  EMPTY_SEARCH,
  filterChips,
  isSearchSort,
  parseSearchParams,
  resultCountLabel,
  resultsKey,
  SEARCH_PAGE_DEBOUNCE_MS,
  SEARCH_SKELETON_COUNT,
  SEARCH_SORT_OPTIONS,
  type SearchState,
  searchPageUrl,
  searchTitle,
} from './search-page.ts';

/** The filter panel, closed until the shopper opens it: its code comes then, not with the page. */
const SearchFilters = lazy(() => import('./SearchFilters.tsx'));

type Results =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; key: string; products: ApiProduct[]; total: number; page: number; more: 'idle' | 'loading' | 'error' };

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** The API parameters of a result list (its key) for one page. */
function pageParams(key: string, page: number): URLSearchParams {
  const params = new URLSearchParams(key);
  params.set('page', String(page));
  return params;
}

/**
 * §2 search. The page is rendered with its first results (`firstPage`, src/pages/search.astro)
 * and the island starts from the same data. When it was not (the database could not be read), the
 * URL is read after hydration and the first render is the empty form with skeletons. Each change asks the server for the first page
 * (text and price sliders after a pause; stale requests aborted); 'Load more' appends the next.
 * The URL and the title follow the applied search.
 */
export default function SearchPage({ firstPage }: { firstPage?: FirstPage | undefined }) {
  const [first] = useState(firstPage);
  /** What the controls show. */
  const [state, setState] = useState<SearchState>(() => first?.state ?? EMPTY_SEARCH);
  /** What the results, the URL and the title follow; null until the URL has been read. */
  const [applied, setApplied] = useState<SearchState | null>(() => first?.state ?? null);
  const [results, setResults] = useState<Results>(() =>
    first
      ? { status: 'done', key: resultsKey(first.state), products: first.products, total: first.total, page: 1, more: 'idle' }
      : { status: 'loading' },
  );
  /** The list the server drew: the island does not ask for it again. */
  const drawnKey = useRef(first ? resultsKey(first.state) : null);
  const [attempt, setAttempt] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  /** Whether the filter panel has ever been opened: its code is fetched then, and kept. */
  const [panelWanted, setPanelWanted] = useState(false);
  if (panelOpen && !panelWanted) setPanelWanted(true);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const moreRequest = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  /** After a chip goes, focus moves to its neighbour (or the search box), not to the page. */
  const chipFocus = useRef<number | null>(null);
  /** After 'Load more', focus moves to the first new card. */
  const cardFocus = useRef<number | null>(null);
  const uid = useId();
  const inputId = `${uid}-q`;
  const panelId = `${uid}-filters`;
  const sortId = `${uid}-sort`;

  useEffect(() => {
    if (!first) {
      const initial = parseSearchParams(new URLSearchParams(window.location.search));
      setState(initial);
      setApplied(initial);
    }
    return () => {
      clearTimeout(debounce.current);
      moreRequest.current?.abort();
    };
  }, [first]);

  const update = useCallback((next: SearchState, wait = false) => {
    setState(next);
    clearTimeout(debounce.current);
    if (wait) debounce.current = setTimeout(() => setApplied(next), SEARCH_PAGE_DEBOUNCE_MS);
    else setApplied(next);
  }, []);

  // The URL and the title say what the results are for.
  useEffect(() => {
    if (!applied) return;
    const url = searchPageUrl(applied);
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', url);
    document.title = searchTitle(applied.q);
  }, [applied]);

  const key = applied ? resultsKey(applied) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry.
  useEffect(() => {
    if (key == null) return;
    if (drawnKey.current === key) {
      drawnKey.current = null;
      return;
    }
    moreRequest.current?.abort();
    const controller = new AbortController();
    setResults({ status: 'loading' });
    searchApi
      .search(pageParams(key, 1), { signal: controller.signal })
      .then(({ products, total }) => {
        // A transition: drawing a page of cards may be split into short tasks (Total Blocking Time).
        if (!controller.signal.aborted) startTransition(() => setResults({ status: 'done', key, products, total, page: 1, more: 'idle' }));
      })
      .catch(() => {
        // An aborted request was replaced by a newer search: not a failure to show.
        if (!controller.signal.aborted) setResults({ status: 'error' });
      });
    return () => controller.abort();
  }, [key, attempt]);

  function loadMore() {
    if (results.status !== 'done' || results.more === 'loading') return;
    const { key: listKey, page, products: shown } = results;
    const controller = new AbortController();
    moreRequest.current = controller;
    setResults({ ...results, more: 'loading' });
    searchApi
      .search(pageParams(listKey, page + 1), { signal: controller.signal })
      .then(({ products, total }) => {
        if (controller.signal.aborted) return;
        cardFocus.current = products.length > 0 ? shown.length : null;
        setResults((cur) =>
          cur.status === 'done' && cur.key === listKey
            ? { ...cur, products: appendPage(cur.products, products), total, page: page + 1, more: 'idle' }
            : cur,
        );
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setResults((cur) => (cur.status === 'done' && cur.key === listKey ? { ...cur, more: 'error' } : cur));
      });
  }

  const chips = filterChips(state);
  const shown = results.status === 'done';
  const waiting = results.status === 'loading';

  useLayoutEffect(() => {
    if (chipFocus.current != null) {
      const buttons = chipsRef.current?.querySelectorAll<HTMLButtonElement>('button');
      const target = buttons?.[Math.min(chipFocus.current, buttons.length - 1)] ?? inputRef.current;
      chipFocus.current = null;
      target?.focus();
    }
    if (cardFocus.current != null && results.status === 'done') {
      const links = gridRef.current?.querySelectorAll<HTMLAnchorElement>('article h2 a, article h3 a');
      const link = links?.[cardFocus.current];
      cardFocus.current = null;
      link?.focus();
    }
  });

  function onSubmit(e: SubmitEvent) {
    // Without JS the form goes to /search?q=…; with it, Enter applies the text at once.
    e.preventDefault();
    update(state);
  }

  return (
    <div className="flex flex-col gap-6">
      <search aria-label="Catalogue">
        <form action="/search" method="get" onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="relative">
            <label htmlFor={inputId} className="sr-only">
              Search products
            </label>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 h-5 w-5 text-muted"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="9" cy="9" r="6" />
              <path d="M13.5 13.5L18 18" strokeLinecap="round" />
            </svg>
            <input
              ref={inputRef}
              id={inputId}
              name="q"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search by name, strain, effect or flavor…"
              value={state.q}
              onChange={(e) => update({ ...state, q: e.target.value }, true)}
              className="h-12 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base placeholder:text-muted focus:border-brand-600"
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <DisclosureButton
              open={panelOpen}
              onToggle={() => setPanelOpen((o) => !o)}
              controls={panelId}
              className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-sm hover:bg-stone-50"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M3 5h14M6 10h8M8 15h4" strokeLinecap="round" />
              </svg>
              Filters{chips.length > 0 ? ` (${chips.length})` : ''}
            </DisclosureButton>
            <LabelledSelect
              id={sortId}
              label="Sort by"
              value={state.sort}
              options={SEARCH_SORT_OPTIONS}
              onChange={(v) => {
                if (isSearchSort(v)) update({ ...state, sort: v });
              }}
              inline
            />
          </div>
        </form>
      </search>

      <div id={panelId} hidden={!panelOpen}>
        {panelWanted && (
          <Suspense fallback={<p className="text-muted text-sm">Loading filters…</p>}>
            <SearchFilters
              state={state}
              onChange={(next) => update(next, next.minPrice !== state.minPrice || next.maxPrice !== state.maxPrice)}
            />
          </Suspense>
        )}
      </div>

      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <ul ref={chipsRef} aria-label="Active filters" className="flex flex-wrap gap-2">
            {chips.map((chip, i) => (
              <li key={chip.key}>
                <button
                  type="button"
                  aria-label={`Remove filter: ${chip.label}`}
                  onClick={() => {
                    chipFocus.current = i;
                    update(chip.without(state));
                  }}
                  className="inline-flex items-center gap-1.5 rounded-full border border-brand-600/40 bg-brand-50 py-1 pr-2 pl-3 font-medium text-brand-800 text-sm hover:bg-brand-100"
                >
                  {chip.label}
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                    <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              chipFocus.current = 0;
              update(clearFilters(state));
            }}
            className="rounded-md px-2 py-1 font-medium text-brand-700 text-sm underline hover:text-brand-800"
          >
            Clear all
          </button>
        </div>
      )}

      <p role="status" className="min-h-6 font-medium text-muted">
        {shown ? resultCountLabel(results.total) : waiting ? 'Searching…' : ''}
      </p>

      <h2 className="sr-only">Results</h2>
      {waiting && <Skeletons />}
      {results.status === 'error' && <FetchFailed onRetry={() => setAttempt((n) => n + 1)} />}
      {results.status === 'done' && results.products.length === 0 && (
        <div className="rounded-xl border border-stone-200 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-xl">No products found</p>
          <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
          <button
            type="button"
            onClick={() => {
              update(clearSearch(state));
              inputRef.current?.focus();
            }}
            className="mt-6 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Clear filters
          </button>
        </div>
      )}
      {results.status === 'done' && results.products.length > 0 && (
        <div ref={gridRef} className="flex flex-col gap-8">
          <ProductCards products={results.products} />
          <LoadMore shown={results.products.length} total={results.total} state={results.more} onLoad={loadMore} />
        </div>
      )}
    </div>
  );
}

/**
 * §2: six placeholder cards, the shape of the real ones, while the results load. The list pulses
 * as one: thirty blocks animated apart make every style pass of the loading page cost several
 * times more.
 */
function Skeletons() {
  return (
    <ul aria-hidden="true" className={`${GRID} animate-pulse motion-reduce:animate-none`}>
      {Array.from({ length: SEARCH_SKELETON_COUNT }, (_, i) => `skeleton-${i}`).map((k) => (
        <li key={k} data-skeleton className="overflow-hidden rounded-xl border border-stone-200 bg-white">
          <div className="aspect-square bg-stone-200" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-3 w-full rounded bg-stone-100" />
            <div className="h-3 w-2/3 rounded bg-stone-100" />
            <div className="mt-2 h-9 w-full rounded-lg bg-stone-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
