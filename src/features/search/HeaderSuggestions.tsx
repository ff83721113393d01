import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../lib/money.ts';
import { catalogApi } from '../catalog/catalog.api.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import { displayPrice } from '../pricing/pricing.ts';
import { isSearchable, productUrl, SEARCH_DEBOUNCE_MS, searchUrl, splitSuggestions } from './search.ts';
import { createSearchCache } from './search-cache.ts';

type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'done'; term: string; products: ApiProduct[] }
  | { status: 'error'; term: string };

/** What the combobox in HeaderSearch needs to know of the suggestions. */
export interface SuggestionsReport {
  /** A term is being (or has been) searched for: the panel has something to show. */
  searching: boolean;
  /** Where each option leads, in order (Enter on the active option follows it). */
  hrefs: readonly string[];
  /** Read out whether or not the panel shows: a failure, or no products. */
  alert: string | null;
  /** Read out while the panel shows: how many results, and how many of them are listed. */
  summary: string;
}

/** One cache per page load, shared by every render of the island (§9: fresh for 5 minutes). */
const cache = createSearchCache<ApiProduct[]>();

interface Props {
  /** The normalised term in the search box. */
  term: string;
  /** The index of the active option (aria-activedescendant), or -1. */
  activeIndex: number;
  listId: string;
  optionId: (index: number) => string;
  /** The pointer moved onto an option: it becomes the active one. */
  onActive: (index: number) => void;
  onReport: (report: SuggestionsReport) => void;
}

/**
 * The header search's suggestions (§2, §9, D10): looks the term up (debounced, cached, stale answers
 * shown while a fresh one loads) and renders the status line and the listbox of options. HeaderSearch
 * owns the combobox (input, open state, active option, keys) and fetches this module only once the
 * search box is focused or pointed at, so pages open without it.
 */
export default function HeaderSuggestions({ term, activeIndex, listId, optionId, onActive, onReport }: Props) {
  const [state, setState] = useState<SearchState>({ status: 'idle' });

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

  const { shown, more } = state.status === 'done' ? splitSuggestions(state.products) : { shown: [], more: 0 };
  const options = [
    ...shown.map((p) => ({ key: `p${p.id}`, href: productUrl(p.id), product: p })),
    ...(more > 0 ? [{ key: 'more', href: searchUrl(term), product: null }] : []),
  ];

  const message =
    state.status === 'loading'
      ? 'Searching…'
      : state.status === 'error'
        ? 'Search failed'
        : state.status === 'done' && state.products.length === 0
          ? 'No products found'
          : null;

  const hrefsKey = options.map((o) => o.href).join('\n');
  const total = state.status === 'done' ? state.products.length : 0;
  const report = useMemo<SuggestionsReport>(
    () => ({
      searching: state.status !== 'idle',
      hrefs: hrefsKey ? hrefsKey.split('\n') : [],
      alert: state.status === 'error' || (state.status === 'done' && total === 0) ? message : null,
      summary: state.status === 'done' ? `${total} ${total === 1 ? 'result' : 'results'}${more > 0 ? `, ${shown.length} shown` : ''}` : '',
    }),
    [state.status, hrefsKey, message, total, more, shown.length],
  );
  // Before paint, so the combobox's state (aria-expanded, the panel's visibility) never lags a frame.
  useLayoutEffect(() => onReport(report), [report, onReport]);

  return (
    <>
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
            onMouseMove={() => onActive(i)}
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
    </>
  );
}
