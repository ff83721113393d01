import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { LoadError, Loading, primaryButton, TextField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { adminApi } from '../../components/admin/admin.api.ts';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { ImagePreview, ImageUrlField, ManagerPage, PageTitle } from './ImageKit.tsx';
import ImageUpload from './ImageUpload.tsx';
import { productIdFromPath, searchProducts, validateProductImage } from './image-ui.ts';
import { imagesApi } from './images.api.ts';

/**
 * /product-image-manager/{id} edits one product's image; /product-image-manager (no id) picks the
 * product first (admin.md §2). One built page serves both: the id comes from the address.
 */
export default function ProductImageManager() {
  return (
    <ManagerPage>
      <Screen />
    </ManagerPage>
  );
}

function Screen() {
  // AdminGate renders this only in the browser, after hydration.
  const [productId] = useState(() => productIdFromPath(window.location.pathname));
  const fallback = productId === null ? 'Failed to fetch products' : 'Failed to fetch product';
  const { state, reload, update } = useAdminData(() => adminApi.products(), fallback);

  useEffect(() => {
    if (state.status === 'error') showToast({ title: fallback, description: state.message, variant: 'destructive' });
  }, [state, fallback]);

  if (state.status === 'loading') return <Loading label={productId === null ? 'Loading products…' : 'Loading the product…'} />;
  if (state.status === 'error') return <LoadError title={fallback} message={state.message} onRetry={reload} />;
  if (productId === null) return <Picker products={state.data} />;

  const product = state.data.find((p) => p.id === productId);
  if (!product) {
    return (
      <div className="flex flex-col gap-4">
        <PageTitle title="Product Image Manager" />
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <p className="font-semibold">Product not found</p>
          <p className="mt-1 text-sm">{productId === 0 ? 'The address names no product.' : `There is no product with id ${productId}.`}</p>
          <p className="mt-3">
            <a href="/product-image-manager" className="font-semibold text-brand-800 underline hover:no-underline">
              Choose a product
            </a>
          </p>
        </div>
      </div>
    );
  }
  return <Editor product={product} onSaved={(image) => update((list) => list.map((p) => (p.id === product.id ? { ...p, image } : p)))} />;
}

function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-lg bg-gradient-to-br from-brand-100 to-brand-50" />;
  return (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="h-14 w-14 shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

function Picker({ products }: { products: AdminProduct[] }) {
  const [query, setQuery] = useState('');
  const id = useId();
  const matches = searchProducts(products, query);

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Product Image Manager">Choose a product to change its image.</PageTitle>
      <div className="max-w-md">
        <TextField
          id={`${id}-search`}
          label="Search products"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name, category or id"
          autoComplete="off"
        />
      </div>
      <p role="status" className="text-sm text-muted">
        {matches.length === 1 ? '1 product' : `${matches.length} products`}
      </p>
      {matches.length === 0 ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-6">No product matches “{query.trim()}”.</p>
      ) : (
        <ul aria-label="Products" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {matches.map((p) => (
            <li key={p.id}>
              <a
                href={`/product-image-manager/${p.id}`}
                className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 hover:border-brand-600 hover:bg-brand-50"
              >
                <Thumb src={p.image} />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-ink">{p.name}</span>
                  <span className="text-sm text-muted">
                    {p.categoryName} · #{p.id}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Editor({ product, onSaved }: { product: AdminProduct; onSaved: (image: string) => void }) {
  const id = useId();
  const urlId = `${id}-url`;
  const headingId = `${id}-heading`;
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!product.id) {
      showToast({ title: 'Product ID is missing', variant: 'destructive' });
      return;
    }
    const checked = validateProductImage(url);
    if (!checked.ok) {
      setError(checked.message);
      showToast({ title: checked.message, variant: 'destructive' });
      document.getElementById(urlId)?.focus();
      return;
    }
    setSaving(true);
    try {
      const { image } = await imagesApi.setProductImage(product.id, checked.value.image);
      onSaved(image);
      setUrl(image);
      showToast({ title: 'Image updated', description: `${product.name} now shows the new image.` });
    } catch (err) {
      if (!sessionEnded(err)) {
        const message = errorMessage(err, 'Please try again.');
        showToast({ title: `Failed to update product ${product.id}: ${message}`, variant: 'destructive' });
      }
    } finally {
      setSaving(false);
    }
  };

  const unchanged = url.trim() !== '' && url.trim() === product.image;

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Product Image Manager">Upload a new image or give its address, then save.</PageTitle>
      <section aria-labelledby={headingId} className="grid gap-6 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h2 id={headingId} className="text-xl font-bold">
            {product.name}
          </h2>
          <p className="text-sm text-muted">
            {product.categoryName} · #{product.id}
          </p>
          <h3 className="text-sm font-semibold">Current image</h3>
          <ImagePreview
            src={product.image}
            alt={`Current: ${product.name}`}
            width={400}
            height={400}
            className="w-full max-w-sm"
            emptyText="This product has no image yet."
          />
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`/product/${product.id}`} className="font-semibold text-brand-800 underline hover:no-underline">
              View in the shop
            </a>
            <a href="/product-image-manager" className="font-semibold text-brand-800 underline hover:no-underline">
              Choose another product
            </a>
          </p>
        </div>

        <form method="post" onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-5">
          <ImageUpload
            label="Upload a new image"
            hint="Shown square on product cards: 800x800 or larger works best."
            onUploaded={(imageUrl) => {
              setUrl(imageUrl);
              setError(undefined);
            }}
            disabled={saving}
          />
          <p className="text-sm font-semibold text-muted" aria-hidden="true">
            — or —
          </p>
          <ImageUrlField
            id={urlId}
            error={error}
            hint="A path on this site (/...) or an https:// address."
            value={url}
            onChange={(value) => {
              setUrl(value);
              setError(undefined);
            }}
            placeholder="/api/images/uploads/… or https://…"
          />
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Preview</h3>
            <ImagePreview
              key={url.trim()}
              src={url.trim()}
              alt={`Preview: ${product.name}`}
              width={400}
              height={400}
              className="w-full max-w-xs"
              emptyText="Upload an image or enter its URL to preview it here."
            />
          </div>
          <div>
            <button type="submit" className={primaryButton} disabled={saving || unchanged}>
              {saving ? 'Saving...' : 'Save Image'}
            </button>
            {unchanged && !saving && <p className="mt-2 text-sm text-muted">This is the product's current image.</p>}
          </div>
        </form>
      </section>
    </div>
  );
}
