import { useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney } from '../../lib/money.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import { Field, inputClass, LoadError, Loading, secondaryButton, smallButton, TableBox, td, th } from './AdminKit.tsx';
import { AdminGate, sessionEnded, useAdminData } from './AdminSession.tsx';
import { adminApi } from './admin.api.ts';
import type { AdminProduct } from './admin.ts';
import {
  DEFAULT_PRODUCT_QUERY,
  errorMessage,
  listPrice,
  listProducts,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductListQuery,
  type ProductSort,
  type ProductType,
  stockLabel,
} from './admin-ui.ts';
import ProductEditDialog from './ProductEditDialog.tsx';

/** /product-manager (admin.md §2): the product table behind the session check. */
export default function ProductManager() {
  return (
    <div className="flex flex-col gap-6">
      <p>
        <a href="/admin" className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Admin
        </a>
      </p>
      <AdminGate>
        <Manager />
      </AdminGate>
    </div>
  );
}

function Manager() {
  const { state, reload, update } = useAdminData(() => adminApi.products(), 'Failed to fetch products');
  const [query, setQuery] = useState<ProductListQuery>(DEFAULT_PRODUCT_QUERY);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const tableTop = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.status === 'error') showToast({ title: 'Failed to fetch products', description: state.message, variant: 'destructive' });
  }, [state]);

  // Any change of search, filter or sort starts again at page 1.
  const refine = (change: Partial<Omit<ProductListQuery, 'page'>>) => setQuery((q) => ({ ...q, ...change, page: 1 }));
  const goTo = (page: number) => {
    setQuery((q) => ({ ...q, page }));
    tableTop.current?.scrollIntoView({ block: 'start' });
  };

  const replace = (product: AdminProduct) => update((list) => list.map((p) => (p.id === product.id ? product : p)));

  const setAvailable = async (product: AdminProduct, available: boolean) => {
    setSwitching((s) => new Set(s).add(product.id));
    replace({ ...product, available });
    try {
      replace(await adminApi.setInventory(product.id, available));
    } catch (err) {
      replace(product);
      sessionEnded(err);
      showToast({ title: 'Failed to update inventory', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSwitching((s) => {
        const next = new Set(s);
        next.delete(product.id);
        return next;
      });
    }
  };

  const list = state.status === 'ready' ? listProducts(state.data, query) : null;

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <h1 id={`${baseId}-title`} className="text-3xl font-bold">
        Product Manager
      </h1>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_11rem_13rem]">
        <Field id={`${baseId}-search`} label="Search products">
          <input
            id={`${baseId}-search`}
            type="search"
            value={query.search}
            onChange={(e) => refine({ search: e.target.value })}
            placeholder="Name or description"
            className={inputClass()}
          />
        </Field>
        <Field id={`${baseId}-category`} label="Category">
          <select
            id={`${baseId}-category`}
            value={query.category}
            onChange={(e) => refine({ category: e.target.value })}
            className={inputClass()}
          >
            <option value="">All categories</option>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${baseId}-type`} label="Type">
          <select
            id={`${baseId}-type`}
            value={query.type}
            onChange={(e) => refine({ type: e.target.value as ProductType | '' })}
            className={inputClass()}
          >
            <option value="">All types</option>
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${baseId}-sort`} label="Sort by">
          <select
            id={`${baseId}-sort`}
            value={query.sort}
            onChange={(e) => refine({ sort: e.target.value as ProductSort })}
            className={inputClass()}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {state.status === 'loading' && <Loading label="Loading products…" />}
      {state.status === 'error' && <LoadError title="Failed to fetch products" message={state.message} onRetry={reload} />}
      {list && (
        <>
          <h2 ref={tableTop} className="sr-only">
            Products
          </h2>
          <p className="text-sm text-muted" aria-live="polite">
            {list.total === 1 ? '1 product' : `${list.total} products`}
            {list.pageCount > 1 && `, ${list.pageSize} per page`}
          </p>
          {list.total === 0 ? (
            <p className="rounded-2xl border border-stone-200 bg-white p-6 text-center text-muted">No products match your search.</p>
          ) : (
            <TableBox>
              <table className="w-full min-w-[52rem] text-sm">
                <caption className="sr-only">
                  Products, page {list.page} of {list.pageCount}
                </caption>
                <thead className="border-b border-stone-200 bg-stone-50">
                  <tr>
                    <th scope="col" className={th}>
                      <span className="sr-only">Image</span>
                    </th>
                    <th scope="col" className={th}>
                      Name
                    </th>
                    <th scope="col" className={th}>
                      Category
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Price
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Stock
                    </th>
                    <th scope="col" className={th}>
                      In stock
                    </th>
                    <th scope="col" className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {list.items.map((p) => (
                    <tr key={p.id}>
                      <td className={td}>
                        <ProductImage
                          src={p.image}
                          name={p.name}
                          width={48}
                          height={48}
                          className="h-12 w-12 rounded-md object-cover text-[0.5rem]"
                        />
                      </td>
                      <th scope="row" className={`${td} text-left font-semibold`}>
                        {p.name}
                        {p.isDeal && (
                          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Deal</span>
                        )}
                      </th>
                      <td className={td}>{p.category}</td>
                      <td className={`${td} whitespace-nowrap text-right`}>{formatMoney(listPrice(p))}</td>
                      <td className={`${td} whitespace-nowrap text-right`}>{stockLabel(p)}</td>
                      <td className={td}>
                        <StockSwitch product={p} busy={switching.has(p.id)} onChange={(on) => void setAvailable(p, on)} />
                      </td>
                      <td className={td}>
                        <button type="button" className={smallButton} onClick={() => setEditing(p)}>
                          Edit<span className="sr-only"> {p.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          {list.pageCount > 1 && (
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-3">
              <button type="button" className={secondaryButton} disabled={list.page <= 1} onClick={() => goTo(list.page - 1)}>
                Previous
              </button>
              <span aria-live="polite">
                Page {list.page} of {list.pageCount}
              </span>
              <button type="button" className={secondaryButton} disabled={list.page >= list.pageCount} onClick={() => goTo(list.page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}

      <ProductEditDialog
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          replace(saved);
          setEditing(null);
        }}
      />
    </section>
  );
}

/**
 * The admin's in/out of stock switch (D6). On with no stock left still sells nothing, so the cell
 * says so.
 */
function StockSwitch({ product, busy, onChange }: { product: AdminProduct; busy: boolean; onChange: (on: boolean) => void }) {
  const on = product.available;
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`${product.name} in stock`}
        disabled={busy}
        onClick={() => onChange(!on)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:opacity-60 ${
          on ? 'bg-brand-700' : 'bg-stone-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
      {on && !product.inStock && <span className="text-xs text-red-800">Sold out: no stock left</span>}
    </div>
  );
}
