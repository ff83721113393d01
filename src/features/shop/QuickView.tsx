import { useId, useState } from 'react';
import Dialog from '../../components/ui/Dialog.tsx';
import Price from '../../components/ui/Price.tsx';
import QuantityStepper from '../../components/ui/QuantityStepper.tsx';
import { formatMoney } from '../../lib/money.ts';
import { cart } from '../cart/cart.store.ts';
import { ADDED_FEEDBACK_MS, MAX_LINE_QUANTITY, toCartItem } from '../cart/cart.ts';
import AddToCartButton from '../catalog/AddToCartButton.tsx';
import { effectiveWeight, productBadges } from '../catalog/card.ts';
import { type ApiProduct, availableWeights } from '../catalog/catalog.ts';
import FavoriteButton from '../catalog/FavoriteButton.tsx';
import ProductImage from '../catalog/ProductImage.tsx';
import Stars from '../catalog/Stars.tsx';
import WeightPicker from '../catalog/WeightPicker.tsx';
import { POTENCY_SOURCE_LABELS, potencyFigures, shownPotency } from '../inventory/lab-results.ts';
import { displayPrice } from '../pricing/pricing.ts';
import { PRICING } from '../site/settings.ts';
import ProductBadges from './ProductBadges.tsx';
import { useAddToCart } from './use-add-to-cart.ts';

/** The quick-view dialog (§2, D8) for `product`, or closed when it is null. */
export default function QuickView({ product, onClose }: { product: ApiProduct | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={product != null} onClose={onClose} labelledBy={titleId}>
      {/* Keyed by product: each opening starts with the default weight and quantity 1 (§4). */}
      {product && <QuickViewBody key={product.id} product={product} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function QuickViewBody({ product, titleId, onClose }: { product: ApiProduct; titleId: string; onClose: () => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);

  const weights = availableWeights(product.category, product);
  const weight = effectiveWeight(product, selected);
  const shown = displayPrice(product, weight);
  const item = toCartItem(product, weight, quantity);
  // §4: after the confirmation the dialog closes; reopening starts again at quantity 1.
  const [added, add] = useAddToCart(item, ADDED_FEEDBACK_MS.quickView, () => {
    setQuantity(1);
    onClose();
  });
  const badges = productBadges(product, shown);
  const potency = shownPotency(product, product.labResults);
  const figures = potencyFigures(potency);

  return (
    <div className="grid max-h-[90dvh] gap-6 overflow-y-auto p-6 md:grid-cols-2">
      <div className="relative">
        <ProductImage src={product.image} name={product.name} eager className="aspect-square w-full rounded-xl object-cover" />
        <ProductBadges badges={badges} className="absolute top-2 left-2 flex flex-wrap gap-1" />
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-bold text-2xl text-ink">
            {product.name}
          </h2>
          <FavoriteButton productId={product.id} name={product.name} className="shrink-0" />
        </div>
        <Stars rating={product.rating} reviews={product.reviews} />
        <Price price={shown.price} compareAt={shown.compareAt} size="2xl" className="text-ink" />
        <p className="text-muted">{product.description}</p>
        {figures.length > 0 && (
          // D40: the figures the product page shows, from the same source, and which source it is.
          <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm">
            <dl className="flex flex-wrap gap-x-5 gap-y-1">
              {figures.map((f) => (
                <div key={f.label} className="flex gap-1.5">
                  <dt className="font-semibold text-ink">{f.label}</dt>
                  <dd className="text-stone-700">{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-muted">{POTENCY_SOURCE_LABELS[potency.source]}</p>
          </div>
        )}
        <WeightPicker options={weights} value={weight} onChange={setSelected} label={`Weight for ${product.name}`} size="md" />
        <div className="flex items-center gap-3">
          <span className="font-medium text-sm" aria-hidden="true">
            Quantity
          </span>
          <QuantityStepper max={MAX_LINE_QUANTITY} value={quantity} onChange={setQuantity} label={product.name} />
        </div>
        <div className="flex flex-wrap gap-3">
          <AddToCartButton
            inStock={product.inStock}
            canAdd={item != null}
            added={added}
            productName={product.name}
            className="flex-1"
            onAdd={add}
          />
          <button
            type="button"
            disabled={!product.inStock || item == null}
            onClick={() => {
              if (!item) return;
              cart.add(item);
              window.location.assign('/checkout');
            }}
            className="flex-1 rounded-lg border-2 border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-600"
          >
            Buy Now
          </button>
        </div>
        <ul className="space-y-1 text-muted text-sm">
          <li>Free delivery on orders over {formatMoney(PRICING.freeDeliveryThresholdCents)}</li>
          <li>30-day money-back guarantee</li>
        </ul>
        <div className="mt-auto flex items-center justify-between gap-3 border-stone-200 border-t pt-4">
          <a href={`/product/${product.id}`} className="font-medium text-brand-700 text-sm underline hover:text-brand-800">
            View full details
          </a>
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 font-medium text-ink hover:bg-stone-100">
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
