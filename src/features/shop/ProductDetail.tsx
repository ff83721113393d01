import { useEffect, useId, useState } from 'react';
import Price from '../../components/ui/Price.tsx';
import QuantityStepper from '../../components/ui/QuantityStepper.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { cart } from '../cart/cart.store.ts';
import { ADDED_FEEDBACK_MS, MAX_LINE_QUANTITY, toCartItem } from '../cart/cart.ts';
import AddToCartButton from '../catalog/AddToCartButton.tsx';
import { defaultWeight } from '../catalog/card.ts';
import { catalogApi } from '../catalog/catalog.api.ts';
import { type ApiProduct, availableWeights, parseProductId } from '../catalog/catalog.ts';
import FavoriteButton from '../catalog/FavoriteButton.tsx';
import { keepIfUnchanged } from '../catalog/live.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import ProductTabs from '../catalog/ProductTabs.tsx';
import Stars from '../catalog/Stars.tsx';
import WeightPicker from '../catalog/WeightPicker.tsx';
import { POTENCY_SOURCE_LABELS, potencyFigures, shownPotency } from '../inventory/lab-results.ts';
import { dealBadge, displayPrice } from '../pricing/pricing.ts';
import { PRICING } from '../site/settings.ts';
import { useAddToCart } from './use-add-to-cart.ts';

type Status = 'ready' | 'loading' | 'missing' | 'error';

/**
 * The product page's main block. Built pages pass the product (complete HTML for crawlers) and the
 * island refreshes it from the API, so price, deal and stock are live (D2, D6). The shell page for
 * products created after the last build passes null and loads the product named by the URL.
 */
/** `heading`: the h1 staff saved in the SEO manager for this product (else its name). */
export default function ProductDetail({ initial, heading }: { initial: ApiProduct | null; heading?: string | undefined }) {
  const [product, setProduct] = useState<ApiProduct | null>(initial);
  const [status, setStatus] = useState<Status>(initial ? 'ready' : 'loading');

  useEffect(() => {
    const id = initial?.id ?? parseProductId(window.location.pathname);
    if (!id) {
      setStatus('missing');
      return;
    }
    const controller = new AbortController();
    catalogApi
      .product(id, { signal: controller.signal })
      .then((live) => {
        // Most refreshes find what the page was built with: keep that object, so nothing redraws.
        setProduct((shown) => keepIfUnchanged(shown, live));
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setStatus('missing');
        // With a built page, a failed refresh keeps what the page was built with.
        else if (!initial) setStatus('error');
      });
    return () => controller.abort();
  }, [initial]);

  if (status === 'loading') return <Skeleton />;
  if (status === 'missing' || !product) return <NotFound error={status === 'error'} />;
  return <BuyBox product={product} heading={heading} />;
}

function BuyBox({ product, heading }: { product: ApiProduct; heading?: string | undefined }) {
  const weights = availableWeights(product.category, product);
  const [weight, setWeight] = useState<string | null>(defaultWeight(product));
  const [quantity, setQuantity] = useState(1);
  const headingId = useId();
  const shown = displayPrice(product, weight);
  const item = toCartItem(product, weight, quantity);
  const canBuy = product.inStock && item != null;
  const [added, addToCart] = useAddToCart(item, ADDED_FEEDBACK_MS.productPage);
  const potency = shownPotency(product, product.labResults);

  return (
    // grid-cols-1 on phones: an implicit column grows to its widest child's minimum (the image's
    // intrinsic width) and would scroll the page sideways; a declared one-column track does not.
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-8 md:grid-cols-2">
      <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <ProductImage src={product.image} name={product.name} priority className="aspect-square w-full object-cover" />
      </div>
      <div className="flex flex-col gap-5">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {product.categoryName}
            {product.subcategoryName ? ` · ${product.subcategoryName}` : ''}
          </p>
          <h1 id={headingId} className="mt-1 text-3xl font-bold">
            {heading ?? product.name}
          </h1>
          <Stars rating={product.rating} reviews={product.reviews} className="mt-2" />
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Price price={shown.price} compareAt={shown.compareAt} size="3xl" />
          {product.dealPercentOff != null && (
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
              {dealBadge(product.dealPercentOff)}
            </span>
          )}
        </div>
        <p className={product.inStock ? 'font-semibold text-brand-700' : 'font-semibold text-red-700'}>
          {product.inStock ? 'In Stock' : 'Out of Stock'}
        </p>
        <p className="text-stone-700">{product.description}</p>

        {weights.length > 0 && (
          <div>
            <p className="mb-2 text-sm font-semibold" aria-hidden="true">
              Weight
            </p>
            <WeightPicker options={weights} value={weight} onChange={setWeight} label={`Weight for ${product.name}`} size="md" />
          </div>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <QuantityStepper max={MAX_LINE_QUANTITY} value={quantity} onChange={setQuantity} label={product.name} />
          <AddToCartButton
            inStock={product.inStock}
            canAdd={item != null}
            added={added}
            onAdd={addToCart}
            describedBy={headingId}
            className="min-w-40 py-2.5"
          />
          <button
            type="button"
            disabled={!canBuy}
            onClick={() => {
              if (!item) return;
              cart.add(item, quantity);
              window.location.assign('/checkout');
            }}
            className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-500"
          >
            Buy Now
          </button>
          <FavoriteButton productId={product.id} name={product.name} />
        </div>

        <ul className="space-y-1.5 text-sm text-stone-700">
          <li>
            Same-day delivery · {formatMoney(PRICING.deliveryFeeCents)} delivery fee, free on orders over{' '}
            {formatMoney(PRICING.freeDeliveryThresholdCents)}
          </li>
          {/* D40: said only when the batch delivered next has lab results (the section below the tabs). */}
          {product.labResults && <li>Lab-tested: see the lab results below</li>}
          <li>Cash on delivery</li>
        </ul>
      </div>
      <div className="md:col-span-2">
        <ProductTabs product={product} potency={{ figures: potencyFigures(potency), source: POTENCY_SOURCE_LABELS[potency.source] }} />
      </div>
    </section>
  );
}

function Skeleton() {
  return (
    <div className="grid animate-pulse grid-cols-1 gap-8 md:grid-cols-2" aria-busy="true">
      <span className="sr-only">Loading product…</span>
      <div className="aspect-square rounded-2xl bg-stone-200" />
      <div className="space-y-4">
        <div className="h-8 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/3 rounded bg-stone-200" />
        <div className="h-8 w-1/4 rounded bg-stone-200" />
        <div className="h-24 rounded bg-stone-200" />
      </div>
    </div>
  );
}

function NotFound({ error }: { error: boolean }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold">{error ? 'Something went wrong' : 'Product Not Found'}</h1>
      <p className="mt-3 text-muted">
        {error
          ? 'We could not load this product. Check your connection and try again.'
          : "The product you're looking for doesn't exist or has been removed."}
      </p>
      <a href="/#products" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Browse Products
      </a>
    </div>
  );
}
