import { startTransition, useEffect, useId, useRef, useState } from 'react';
import DisclosureButton from '../../components/ui/DisclosureButton.tsx';
import LabelledSelect from '../../components/ui/LabelledSelect.tsx';
import {
  activeFilterCount,
  type BrowseFilters,
  type BrowseScope,
  browseQuery,
  isSortKey,
  NO_FILTERS,
  SORT_OPTIONS,
  type SortKey,
  STRAIN_SORT_OPTIONS,
} from '../catalog/browse.ts';
import { productCountLabel } from '../catalog/card.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import FilterPanel from '../catalog/FilterPanel.tsx';
import { keepUnchanged } from '../catalog/live.ts';
import { ProductCards } from '../shop/ProductGrid.tsx';
import { FetchFailed, LoadMore } from './ListStatus.tsx';
import { appendPage } from './paging.ts';
import { searchApi } from './search.api.ts';

interface Props {
  /** The first page at build time, in the default order (complete HTML for crawlers). */
  products: ApiProduct[];
  /** How many products the category or strain had at build time. */
  total: number;
  /** Which products: a top-level category (by slug) or a strain (by id). */
  scope: BrowseScope;
  /** The strain page adds 'THC: Highest' (§9). */
  sortOptions?: 'category' | 'strain';
}

interface List {
  key: string;
  products: ApiProduct[];
  total: number;
  page: number;
  status: 'ready' | 'loading' | 'error';
  more: 'idle' | 'loading' | 'error';
}

/**
 * Count, sort, filter panel and grid of the category and strain pages. The server filters, sorts
 * and pages (browse.ts's rules, D9, the same as search), so a category of thousands of products
 * ships one page; this island holds the shopper's choices and asks for the pages.
 */
export default function CatalogBrowser({ products: initial, total: initialTotal, scope, sortOptions = 'category' }: Props) {
  const [filters, setFilters] = useState<BrowseFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortKey>('featured');
  const [attempt, setAttempt] = useState(0);
  const key = browseQuery(scope, filters, sort, 1).toString();
  const [list, setList] = useState<List>(() => ({
    key,
    products: initial,
    total: initialTotal,
    page: 1,
    status: 'ready',
    more: 'idle',
  }));
  const [panelOpen, setPanelOpen] = useState(false);
  const moreRequest = useRef<AbortController | null>(null);
  /** The page shown when 'Load more' was pressed during a page-1 refresh, until that refresh lands. */
  const pressedDuringRefresh = useRef<number | null>(null);
  const sortId = useId();
  const panelId = useId();
  const options = sortOptions === 'strain' ? STRAIN_SORT_OPTIONS : SORT_OPTIONS;
  const sortSelect = useRef<HTMLSelectElement>(null);

  // Astro hands the island to React, which hydrates a moment later (a transition): a sort chosen
  // on the server-drawn select in between is the shopper's choice, taken up rather than undone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    const chosen = sortSelect.current?.value;
    if (chosen && chosen !== sort && isSortKey(chosen)) setSort(chosen);
  }, []);

  // Page 1 for the current choices; on first load it refreshes the built list with live price,
  // deal and stock (D2, D6), keeping the built list if the API cannot be reached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for scope, filters and sort; attempt is the retry.
  useEffect(() => {
    moreRequest.current?.abort();
    pressedDuringRefresh.current = null;
    const controller = new AbortController();
    // Transitions: React may split these redraws into short tasks, so the first load's refresh
    // does not block a shopper's first taps (Total Blocking Time).
    startTransition(() => setList((cur) => ({ ...cur, status: 'loading' })));
    searchApi
      .search(browseQuery(scope, filters, sort, 1), { signal: controller.signal })
      .then(({ products, total }) => {
        if (controller.signal.aborted) return;
        // A 'Load more' pressed as the page hydrated can land before this refresh: keep its pages.
        startTransition(() =>
          setList((cur) =>
            cur.key === key
              ? {
                  ...cur,
                  products: keepUnchanged(cur.products, appendPage(products, cur.products.slice(products.length))),
                  total,
                  status: 'ready',
                }
              : { key, products, total, page: 1, status: 'ready', more: 'idle' },
          ),
        );
        // A 'Load more' pressed while the refresh was on its way waited for it; serve it now.
        const pressedAt = pressedDuringRefresh.current;
        pressedDuringRefresh.current = null;
        if (pressedAt != null) requestPage(key, pressedAt);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        // The API is unreachable: a press that waited for this refresh would fail the same way.
        pressedDuringRefresh.current = null;
        setList((cur) => (cur.key === key ? { ...cur, status: 'ready', more: 'idle' } : { ...cur, key, status: 'error' }));
      });
    return () => controller.abort();
  }, [key, attempt]);

  function loadMore() {
    if (list.more === 'loading') return;
    if (list.status === 'loading') {
      // Page 1 is being refreshed: the press is kept and served when it lands, never dropped.
      pressedDuringRefresh.current = list.page;
      setList((cur) => ({ ...cur, more: 'loading' }));
      return;
    }
    if (list.status === 'ready') requestPage(list.key, list.page);
  }

  /** Loads the page after `page` of the list `listKey` and appends it. */
  function requestPage(listKey: string, page: number) {
    const controller = new AbortController();
    moreRequest.current = controller;
    setList((cur) => ({ ...cur, more: 'loading' }));
    searchApi
      .search(browseQuery(scope, filters, sort, page + 1), { signal: controller.signal })
      .then(({ products, total }) => {
        if (controller.signal.aborted) return;
        setList((cur) =>
          cur.key === listKey ? { ...cur, products: appendPage(cur.products, products), total, page: page + 1, more: 'idle' } : cur,
        );
      })
      .catch(() => {
        if (!controller.signal.aborted) setList((cur) => (cur.key === listKey ? { ...cur, more: 'error' } : cur));
      });
  }

  const active = activeFilterCount(filters);
  const shown = list.products;

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <div>
        <DisclosureButton
          open={panelOpen}
          onToggle={() => setPanelOpen((o) => !o)}
          controls={panelId}
          className="mb-4 w-full rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold lg:hidden"
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </DisclosureButton>
        <div id={panelId} className={panelOpen ? 'block' : 'hidden lg:block'}>
          <FilterPanel filters={filters} onChange={setFilters} className="lg:sticky lg:top-20" />
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p role="status" className="font-medium text-muted">
            {list.status === 'error' ? '' : productCountLabel(list.total)}
          </p>
          <LabelledSelect
            id={sortId}
            label="Sort by"
            value={sort}
            options={options}
            onChange={(v) => {
              if (isSortKey(v)) setSort(v);
            }}
            selectRef={sortSelect}
            inline
          />
        </div>

        <h2 className="sr-only">Products</h2>
        {list.status === 'error' ? (
          <FetchFailed onRetry={() => setAttempt((n) => n + 1)} />
        ) : shown.length > 0 ? (
          <>
            {/* Dimmed while other choices load; the first load's live refresh shows no change. */}
            <div
              aria-busy={list.status === 'loading'}
              className={list.status === 'loading' && list.key !== key ? 'opacity-60 transition-opacity' : undefined}
            >
              <ProductCards products={shown} width="narrow" />
            </div>
            {/* Busy while page 1 is being refreshed: loadMore waits for it rather than racing it. */}
            <LoadMore shown={shown.length} total={list.total} state={list.status === 'loading' ? 'loading' : list.more} onLoad={loadMore} />
          </>
        ) : (
          <div className="rounded-xl border border-stone-200 bg-white px-6 py-12 text-center">
            <p className="font-semibold text-xl">No products found</p>
            <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
            <a href="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              Back to Home
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
