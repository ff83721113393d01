import { useEffect, useId, useMemo, useState } from 'react';
import {
  activeFilterCount,
  type BrowseFilters,
  browse,
  isSortKey,
  NO_FILTERS,
  SORT_OPTIONS,
  type SortKey,
  STRAIN_SORT_OPTIONS,
} from './browse.ts';
import { productCountLabel } from './card.ts';
import { catalogApi } from './catalog.api.ts';
import type { ApiProduct } from './catalog.ts';
import FilterPanel from './FilterPanel.tsx';
import { ProductCards } from './ProductGrid.tsx';

interface Props {
  /** The build-time products of the category or strain (complete HTML for crawlers). */
  products: ApiProduct[];
  /** Where the live list comes from: a top-level category or a strain (subcategory). */
  source: { kind: 'category' | 'subcategory'; id: number };
  /** The strain page adds 'THC: Highest' (§9). */
  sortOptions?: 'category' | 'strain';
}

/**
 * Count, sort, filter panel and grid of the category and strain pages. Filtering and sorting are
 * browse.ts's rules (D9), the same as search; this island only holds the shopper's choices.
 */
export default function CatalogBrowser({ products: initial, source, sortOptions = 'category' }: Props) {
  const [products, setProducts] = useState<readonly ApiProduct[]>(initial);
  const [filters, setFilters] = useState<BrowseFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortKey>('featured');
  const [panelOpen, setPanelOpen] = useState(false);
  const sortId = useId();
  const panelId = useId();
  const options = sortOptions === 'strain' ? STRAIN_SORT_OPTIONS : SORT_OPTIONS;

  useEffect(() => {
    // Live price, deal and stock (D2, D6); the build-time list stays if the API cannot be reached.
    const request = source.kind === 'category' ? catalogApi.categoryProducts(source.id) : catalogApi.subcategoryProducts(source.id);
    let current = true;
    request
      .then((res) => {
        if (current) setProducts(res.products);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [source.kind, source.id]);

  const shown = useMemo(() => browse(products, filters, sort), [products, filters, sort]);
  const active = activeFilterCount(filters);

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <div>
        <button
          type="button"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((o) => !o)}
          className="mb-4 w-full rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold lg:hidden"
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
        <div id={panelId} className={panelOpen ? 'block' : 'hidden lg:block'}>
          <FilterPanel filters={filters} onChange={setFilters} className="lg:sticky lg:top-20" />
        </div>
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p role="status" className="font-medium text-muted">
            {productCountLabel(shown.length)}
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="font-medium text-sm">
              Sort by
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(e) => {
                if (isSortKey(e.target.value)) setSort(e.target.value);
              }}
              className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
            >
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <h2 className="sr-only">Products</h2>
        {shown.length > 0 ? (
          <ProductCards products={shown} width="narrow" />
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
