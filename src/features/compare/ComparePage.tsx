import { useEffect, useId, useState } from 'react';
import Price from '../../components/ui/Price.tsx';
import { ADDED_FEEDBACK_MS, toCartItem } from '../cart/cart.ts';
import AddToCartButton from '../catalog/AddToCartButton.tsx';
import { defaultWeight } from '../catalog/card.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import Stars from '../catalog/Stars.tsx';
import { displayPrice } from '../pricing/pricing.ts';
import { searchApi } from '../search/search.api.ts';
import { useAddToCart } from '../shop/use-add-to-cart.ts';
import { compare, useCompareIds } from './compare.store.ts';
import {
  type AddBlock,
  addBlock,
  COMPARE_CATEGORIES,
  COMPARE_LIST_SIZE,
  COMPARE_MAX,
  type CompareRow,
  cellText,
  comparePrice,
  compareRows,
  missingIds,
  ROW_LABELS,
  selectedProducts,
} from './compare.ts';

type Lists = { status: 'loading' } | { status: 'error' } | { status: 'done'; lists: ApiProduct[][] };

const FAILED = 'Failed to fetch products';

/**
 * §2 compare. The lists of the first 8 Flower, Edible and Concentrate products come from the API;
 * the selection (ids in local storage) is read only after hydration, so the pre-rendered HTML and
 * the first render agree; live data for selected products outside the lists comes by id.
 */
export default function ComparePage() {
  const ids = useCompareIds();
  const [lists, setLists] = useState<Lists>({ status: 'loading' });
  const [listAttempt, setListAttempt] = useState(0);
  const [fetched, setFetched] = useState<ReadonlyMap<number, ApiProduct>>(new Map());
  const [selectionError, setSelectionError] = useState(false);
  const [selectionAttempt, setSelectionAttempt] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: listAttempt is the retry.
  useEffect(() => {
    const controller = new AbortController();
    setLists({ status: 'loading' });
    Promise.all(COMPARE_CATEGORIES.map((c) => searchApi.firstInCategory(c, COMPARE_LIST_SIZE, { signal: controller.signal })))
      .then((found) => {
        if (!controller.signal.aborted) setLists({ status: 'done', lists: found });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLists({ status: 'error' });
      });
    return () => controller.abort();
  }, [listAttempt]);

  const known = new Map<number, ApiProduct>(fetched);
  if (lists.status === 'done') for (const list of lists.lists) for (const p of list) known.set(p.id, p);
  const unknown = ids.filter((id) => !known.has(id)).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionAttempt is the retry.
  useEffect(() => {
    if (!unknown) return;
    const wanted = unknown.split(',').map(Number);
    const controller = new AbortController();
    setSelectionError(false);
    searchApi
      .byIds(wanted, { signal: controller.signal })
      .then((found) => {
        if (controller.signal.aborted) return;
        setFetched((cur) => new Map([...cur, ...found.map((p) => [p.id, p] as const)]));
        // Products deleted since they were chosen would hold a place forever.
        compare.forget(missingIds(wanted, found));
      })
      .catch(() => {
        if (!controller.signal.aborted) setSelectionError(true);
      });
    return () => controller.abort();
  }, [unknown, selectionAttempt]);

  const selected = selectedProducts(ids, known);

  function add(p: ApiProduct) {
    compare.add(p.id);
    setAnnouncement(`${p.name} added to the comparison (${Math.min(ids.length + 1, COMPARE_MAX)} of ${COMPARE_MAX}).`);
  }

  function remove(p: ApiProduct) {
    compare.remove(p.id);
    setAnnouncement(`${p.name} removed from the comparison.`);
  }

  return (
    <div className="flex flex-col gap-12">
      <ComparisonTable
        products={selected}
        pending={ids.length > selected.length && !selectionError}
        error={selectionError}
        onRetry={() => setSelectionAttempt((n) => n + 1)}
        onRemove={remove}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="flex flex-col gap-10">
        <div>
          <h2 className="font-bold text-2xl">Choose products to compare</h2>
          <p className="mt-1 text-muted">
            {ids.length >= COMPARE_MAX
              ? `You are comparing ${COMPARE_MAX} products, the most at once. Remove one to add another.`
              : `Pick up to ${COMPARE_MAX} products (${ids.length} selected).`}
          </p>
        </div>
        {lists.status === 'error' && <FetchError onRetry={() => setListAttempt((n) => n + 1)} />}
        {COMPARE_CATEGORIES.map((category, i) => (
          <CategoryList
            key={category}
            category={category}
            products={lists.status === 'done' ? (lists.lists[i] ?? []) : null}
            failed={lists.status === 'error'}
            blockOf={(id) => addBlock(ids, id)}
            onAdd={add}
          />
        ))}
      </div>
    </div>
  );
}

function FetchError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-6 text-center">
      <p className="font-semibold text-red-800">{FAILED}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Retry
      </button>
    </div>
  );
}

function ComparisonTable({
  products,
  pending,
  error,
  onRetry,
  onRemove,
}: {
  products: ApiProduct[];
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  onRemove: (p: ApiProduct) => void;
}) {
  const headingId = useId();
  const rows = compareRows(products);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="font-bold text-2xl">
        Side by side
      </h2>
      {error && <FetchError onRetry={onRetry} />}
      {products.length === 0 ? (
        <p className="rounded-xl border border-stone-300 border-dashed bg-white px-6 py-10 text-center text-muted">
          {pending ? 'Loading your selection…' : `No products selected yet. Choose up to ${COMPARE_MAX} products below to compare them.`}
        </p>
      ) : (
        // A wide table scrolls inside its own box on a phone; every column has a link and buttons,
        // and tabbing to them scrolls the column into view. 'relative' keeps the screen-reader-only
        // (absolutely positioned) texts inside the box, or they would widen the page.
        <div className="relative overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full min-w-max border-collapse text-left text-sm">
            <caption className="sr-only">Comparison of the selected products</caption>
            <thead>
              <tr>
                <th scope="col" className="w-36 border-stone-200 border-b p-4">
                  <span className="sr-only">Feature</span>
                </th>
                {products.map((p) => (
                  <th key={p.id} scope="col" className="w-56 min-w-44 border-stone-200 border-b p-4 align-top font-normal">
                    <div className="flex flex-col gap-2">
                      <ProductImage src={p.image} name={p.name} width={160} height={160} className="h-32 w-32 rounded-lg object-cover" />
                      <a href={`/product/${p.id}`} className="font-semibold text-base text-ink hover:text-brand-700">
                        {p.name}
                      </a>
                      <button
                        type="button"
                        onClick={() => onRemove(p)}
                        className="self-start rounded-md px-2 py-1 font-medium text-red-700 text-sm underline hover:text-red-800"
                      >
                        Remove<span className="sr-only"> {p.name}</span>
                      </button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row} className="odd:bg-stone-50">
                  <th scope="row" className="p-4 align-top font-semibold">
                    {ROW_LABELS[row]}
                  </th>
                  {products.map((p) => (
                    <td key={p.id} className="p-4 align-top">
                      <Cell product={p} row={row} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Cell({ product, row }: { product: ApiProduct; row: CompareRow }) {
  switch (row) {
    case 'price': {
      const { price, compareAt, weight } = comparePrice(product);
      return (
        <div className="flex flex-col">
          <Price price={price} compareAt={compareAt} size="base" />
          {weight && <span className="text-muted text-xs">for {weight}</span>}
        </div>
      );
    }
    case 'rating':
      return <Stars rating={product.rating} reviews={product.reviews} />;
    case 'actions':
      return <Actions product={product} />;
    default:
      return <>{cellText(product, row)}</>;
  }
}

/** §2 actions: Add to Cart (quantity 1, the first weight on offer) and View Details. */
function Actions({ product }: { product: ApiProduct }) {
  const item = toCartItem(product, defaultWeight(product), 1);
  const [added, add] = useAddToCart(item, ADDED_FEEDBACK_MS.card);
  return (
    <div className="flex flex-col gap-2">
      <AddToCartButton
        inStock={product.inStock}
        canAdd={item != null}
        added={added}
        productName={product.name}
        className="w-full text-sm"
        onAdd={add}
      />
      <a
        href={`/product/${product.id}`}
        className="rounded-lg border border-brand-700 px-4 py-2 text-center font-semibold text-brand-700 text-sm hover:bg-brand-50"
      >
        View Details<span className="sr-only"> of {product.name}</span>
      </a>
    </div>
  );
}

function CategoryList({
  category,
  products,
  failed,
  blockOf,
  onAdd,
}: {
  category: string;
  /** Null while loading. */
  products: ApiProduct[] | null;
  failed: boolean;
  blockOf: (id: number) => AddBlock;
  onAdd: (p: ApiProduct) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-4 font-semibold text-xl">
        {category}
      </h3>
      {products == null ? (
        failed ? null : (
          <ul aria-hidden="true" className="grid animate-pulse grid-cols-1 gap-4 motion-reduce:animate-none sm:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: COMPARE_LIST_SIZE }, (_, i) => `skeleton-${i}`).map((k) => (
              <li key={k} className="h-24 rounded-xl bg-stone-200" />
            ))}
          </ul>
        )
      ) : products.length === 0 ? (
        <p className="text-muted">No products found</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((p) => {
            const block = blockOf(p.id);
            const shown = displayPrice(p);
            return (
              <li key={p.id} className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3">
                <ProductImage src={p.image} name={p.name} width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <h4 className="truncate font-semibold text-sm">
                    <a href={`/product/${p.id}`} title={p.name} className="hover:text-brand-700">
                      {p.name}
                    </a>
                  </h4>
                  <Price price={shown.price} compareAt={shown.compareAt} size="sm" />
                  <button
                    type="button"
                    disabled={block != null}
                    onClick={() => onAdd(p)}
                    className="self-start rounded-md bg-brand-700 px-3 py-1 font-semibold text-sm text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700"
                  >
                    {block === 'added' ? 'Added' : 'Compare'}
                    <span className="sr-only"> {p.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
