import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  CheckField,
  ChoiceField,
  DataTable,
  EmptyNote,
  LoadError,
  Loading,
  primaryButton,
  secondaryButton,
  smallButton,
  TextField,
  TickAllHead,
  TickBox,
  td,
} from '../../components/admin/AdminKit.tsx';
import { AdminGate, sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney } from '../../lib/money.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import { isLowStock } from '../menu/products.ts';
import type { AdminProduct } from './admin.ts';
import BulkActionDialog, { type BulkKind } from './BulkActionDialog.tsx';
import ProductEditDialog, { type ProductEditorTarget } from './ProductEditDialog.tsx';
import ProductHistoryDialog from './ProductHistoryDialog.tsx';
import {
  categoryLabel,
  DEFAULT_PRODUCT_QUERY,
  filterProducts,
  listPrice,
  listProducts,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_TYPES,
  type ProductListQuery,
  type ProductSort,
  type ProductType,
  productStatusLabel,
  STATUS_FILTERS,
  stockLabel,
} from './product-form.ts';

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
  const categories = useAdminData(() => adminApi.categories(), 'Failed to fetch categories');
  const [query, setQuery] = useState<ProductListQuery>(DEFAULT_PRODUCT_QUERY);
  const [editor, setEditor] = useState<ProductEditorTarget | null>(null);
  const [historyId, setHistoryId] = useState<number | null>(null);
  const [bulk, setBulk] = useState<BulkKind | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<number | null>(null);
  const baseId = useId();
  const tableTop = useRef<HTMLHeadingElement>(null);
  const cats = categories.state.status === 'ready' ? categories.state.data : null;

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

  const remove = async (product: AdminProduct) => {
    if (!window.confirm(`Delete ${product.name}? This cannot be undone.`)) return;
    setDeleting(product.id);
    try {
      await adminApi.deleteProduct(product.id);
      update((list) => list.filter((p) => p.id !== product.id));
      setSelected((s) => {
        const next = new Set(s);
        next.delete(product.id);
        return next;
      });
      showToast({ title: 'Product deleted', description: `${product.name} was deleted.` });
    } catch (err) {
      if (!sessionEnded(err)) {
        // A product with orders answers 'This product has orders: archive it instead'.
        showToast({ title: 'Failed to delete product', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setDeleting(null);
    }
  };

  const toggle = (ids: readonly number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const list = state.status === 'ready' ? listProducts(state.data, query) : null;
  // Every product the search and filters match, on any page: what 'Select all matching' selects.
  const matching = useMemo(() => (state.status === 'ready' ? filterProducts(state.data, query).map((p) => p.id) : []), [state, query]);
  const pageIds = list?.items.map((p) => p.id) ?? [];
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const historyProduct = state.status === 'ready' && historyId != null ? (state.data.find((p) => p.id === historyId) ?? null) : null;

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={`${baseId}-title`} className="text-3xl font-bold">
          Product Manager
        </h1>
        <button type="button" className={primaryButton} disabled={!cats} onClick={() => setEditor({ mode: 'create', from: null })}>
          New product
        </button>
      </div>
      {categories.state.status === 'error' && (
        <LoadError title="Failed to fetch categories" message={categories.state.message} onRetry={categories.reload} />
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_9rem_12rem]">
        <TextField
          id={`${baseId}-search`}
          label="Search products"
          type="search"
          value={query.search}
          onChange={(e) => refine({ search: e.target.value })}
          placeholder="Name or description"
        />
        <ChoiceField
          id={`${baseId}-category`}
          label="Category"
          value={query.category}
          onChoose={(category) => refine({ category })}
          first={{ value: '', label: 'All categories' }}
          options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: (cats && categoryLabel(cats, c)) ?? c }))}
        />
        <ChoiceField
          id={`${baseId}-type`}
          label="Type"
          value={query.type}
          onChoose={(type) => refine({ type: type as ProductType | '' })}
          first={{ value: '', label: 'All types' }}
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: t }))}
        />
        <ChoiceField
          id={`${baseId}-status`}
          label="Status"
          value={query.status}
          onChoose={(status) => refine({ status: status as ProductListQuery['status'] })}
          options={STATUS_FILTERS}
        />
        <ChoiceField
          id={`${baseId}-sort`}
          label="Sort by"
          value={query.sort}
          onChoose={(sort) => refine({ sort: sort as ProductSort })}
          options={PRODUCT_SORTS}
        />
      </div>
      <CheckField
        className="flex items-center gap-2 self-start font-semibold"
        checked={query.lowStock}
        onChange={(e) => refine({ lowStock: e.target.checked })}
        label={
          <>
            Low stock
            <span className="font-normal text-muted">(at or under each product's threshold)</span>
          </>
        }
      />

      {selected.size > 0 && (
        <section
          aria-label="Bulk actions"
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-brand-300 bg-brand-50 p-3"
        >
          <p className="mr-2 font-semibold" aria-live="polite">
            {selected.size === 1 ? '1 selected' : `${selected.size} selected`}
          </p>
          <button type="button" className={smallButton} onClick={() => setBulk('activate')}>
            Activate
          </button>
          <button type="button" className={smallButton} onClick={() => setBulk('archive')}>
            Archive
          </button>
          <button type="button" className={smallButton} disabled={!cats} onClick={() => setBulk('setCategory')}>
            Set category
          </button>
          <button type="button" className={smallButton} onClick={() => setBulk('changePrices')}>
            Change prices by %
          </button>
          {matching.some((id) => !selected.has(id)) && (
            <button type="button" className={`${smallButton} ml-auto`} onClick={() => toggle(matching, true)}>
              Select all {matching.length} matching
            </button>
          )}
          <button type="button" className={smallButton} onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </section>
      )}

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
            <EmptyNote>No products match your search.</EmptyNote>
          ) : (
            <DataTable
              caption={
                <>
                  Products, page {list.page} of {list.pageCount}
                </>
              }
              className="w-full min-w-[64rem] text-sm"
              columns={[
                { label: 'Image', srOnly: true },
                'Name',
                'Category',
                'Status',
                { label: 'Price', right: true },
                { label: 'Stock', right: true },
                'In stock',
                { label: 'Actions', srOnly: true },
              ]}
              lead={
                <TickAllHead
                  aria-label="Select every product on this page"
                  checked={pageSelected}
                  onChange={(e) => toggle(pageIds, e.target.checked)}
                />
              }
            >
              {list.items.map((p) => (
                <tr key={p.id} className={selected.has(p.id) ? 'bg-brand-50' : undefined}>
                  <td className={td}>
                    <TickBox
                      aria-label={`Select ${p.name}`}
                      checked={selected.has(p.id)}
                      onChange={(e) => toggle([p.id], e.target.checked)}
                    />
                  </td>
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
                    {p.isDeal && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Deal</span>}
                  </th>
                  <td className={td}>{p.categoryName}</td>
                  <td className={td}>
                    <ProductStatusBadge status={p.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-right`}>{formatMoney(listPrice(p))}</td>
                  <td className={`${td} whitespace-nowrap text-right`}>
                    {stockLabel(p)}
                    {isLowStock(p) && <span className="mt-1 block text-xs font-semibold text-red-800">Low stock</span>}
                  </td>
                  <td className={td}>
                    <StockSwitch product={p} busy={switching.has(p.id)} onChange={(on) => void setAvailable(p, on)} />
                  </td>
                  <td className={td}>
                    <div className="flex flex-wrap gap-1.5">
                      <button type="button" className={smallButton} onClick={() => setEditor({ mode: 'edit', product: p })}>
                        Edit<span className="sr-only"> {p.name}</span>
                      </button>
                      <button type="button" className={smallButton} disabled={!cats} onClick={() => setEditor({ mode: 'create', from: p })}>
                        Duplicate<span className="sr-only"> {p.name}</span>
                      </button>
                      <button type="button" className={smallButton} onClick={() => setHistoryId(p.id)}>
                        Stock & history<span className="sr-only"> of {p.name}</span>
                      </button>
                      <button
                        type="button"
                        className={`${smallButton} text-red-800`}
                        disabled={deleting === p.id}
                        onClick={() => void remove(p)}
                      >
                        {deleting === p.id ? 'Deleting...' : 'Delete'}
                        <span className="sr-only"> {p.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
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
        target={editor}
        categories={cats}
        onClose={() => setEditor(null)}
        onSaved={(saved, created) => {
          if (created) update((all) => [...all, saved]);
          else replace(saved);
          setEditor(null);
        }}
      />
      <ProductHistoryDialog product={historyProduct} categories={cats ?? []} onClose={() => setHistoryId(null)} onChanged={replace} />
      <BulkActionDialog
        kind={bulk}
        ids={[...selected]}
        categories={cats ?? []}
        onClose={() => setBulk(null)}
        onApplied={() => {
          setBulk(null);
          setSelected(new Set());
          reload();
        }}
      />
    </section>
  );
}

const STATUS_BADGE: Record<AdminProduct['status'], string> = {
  active: 'bg-brand-100 text-brand-900',
  draft: 'bg-amber-100 text-amber-900',
  archived: 'bg-stone-200 text-stone-800',
};

function ProductStatusBadge({ status }: { status: AdminProduct['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}>
      {productStatusLabel(status)}
    </span>
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
