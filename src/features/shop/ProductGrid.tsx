import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { EAGER_IMAGE_COUNT, type GridSelection, liveQuery, selectLive } from '../catalog/card.ts';
import { catalogApi } from '../catalog/catalog.api.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { keepUnchanged } from '../catalog/live.ts';
import ProductCard from './ProductCard.tsx';

interface CardsProps {
  products: readonly ApiProduct[];
  headingLevel?: 2 | 3;
  /** How many of the first cards load their image eagerly; 0 below the fold. */
  eagerCount?: number;
  /** 'narrow' when the grid shares the row with a sidebar (the filter panel). */
  width?: 'full' | 'narrow';
}

const COLUMNS = {
  full: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
  narrow: 'sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4',
} as const;

/** The quick-view dialog: its code comes when a shopper first opens one, not with the page. */
const QuickView = lazy(() => import('./QuickView.tsx'));

/**
 * The responsive card grid (1 column on phones, up to 4 on desktop) and its one quick view. The quick
 * view stays mounted (closed) once it has opened, for the next.
 */
export function ProductCards({ products, headingLevel = 3, eagerCount = EAGER_IMAGE_COUNT, width = 'full' }: CardsProps) {
  // The id, not the object, so the dialog shows the latest (live) data of the product.
  const [quickId, setQuickId] = useState<number | null>(null);
  // One function for every render, so the memoized cards are not drawn again for a new one.
  const openQuickView = useCallback((chosen: ApiProduct) => setQuickId(chosen.id), []);
  const quick = products.find((p) => p.id === quickId) ?? null;
  const [quickWanted, setQuickWanted] = useState(false);
  if (quickId != null && !quickWanted) setQuickWanted(true);
  return (
    <>
      <ul className={`grid grid-cols-1 gap-6 ${COLUMNS[width]}`}>
        {products.map((p, i) => (
          // Cards off screen are not laid out or painted until scrolled near (content-visibility):
          // on a phone, laying out a page of cards is most of a category page's main-thread time.
          <li key={p.id} className="[contain-intrinsic-size:auto_640px] [content-visibility:auto]">
            <ProductCard
              product={p}
              eager={i < eagerCount}
              priority={i === 0 && eagerCount > 0}
              headingLevel={headingLevel}
              onQuickView={openQuickView}
            />
          </li>
        ))}
      </ul>
      {quickWanted && (
        <Suspense fallback={null}>
          <QuickView product={quick} onClose={() => setQuickId(null)} />
        </Suspense>
      )}
    </>
  );
}

interface GridProps extends Omit<CardsProps, 'products'> {
  /** The build-time products. */
  products: readonly ApiProduct[];
  /** How the build-time list is refreshed from the live catalogue (see selectLive). */
  selection?: GridSelection;
}

/**
 * A grid island. The page passes the build-time products, so the HTML is complete for crawlers and
 * for the first paint; on mount the list is refreshed from the API so price, deal and stock are
 * live (D2, D6). The cards keep their size, so the swap does not move the page.
 */
export default function ProductGrid({ products: initial, selection = 'same', ...rest }: GridProps) {
  const [products, setProducts] = useState<readonly ApiProduct[]>(initial);

  useEffect(() => {
    if (selection === 'same' && initial.length === 0) return;
    const abort = new AbortController();
    catalogApi
      .query(liveQuery(selection, initial), { signal: abort.signal })
      // A transition: redrawing every card with live data may be split into short tasks, so it
      // does not block a shopper's first taps (Total Blocking Time).
      .then((live) => startTransition(() => setProducts((shown) => keepUnchanged(shown, selectLive(selection, initial, live)))))
      .catch(() => {
        // Offline or API down: the build-time list stays; the server reprices at checkout (D2).
      });
    return () => abort.abort();
  }, [initial, selection]);

  return <ProductCards products={products} {...rest} />;
}
