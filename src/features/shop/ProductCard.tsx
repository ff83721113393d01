import { memo, useId, useState } from 'react';
import Price from '../../components/ui/Price.tsx';
import { ADDED_FEEDBACK_MS, toCartItem } from '../cart/cart.ts';
import AddToCartButton from '../catalog/AddToCartButton.tsx';
import { effectiveWeight, firstEffect, productBadges } from '../catalog/card.ts';
import { type ApiProduct, availableWeights } from '../catalog/catalog.ts';
import FavoriteButton from '../catalog/FavoriteButton.tsx';
import ProductImage from '../catalog/ProductImage.tsx';
import Stars from '../catalog/Stars.tsx';
import WeightPicker from '../catalog/WeightPicker.tsx';
import { displayPrice } from '../pricing/pricing.ts';
import ProductBadges from './ProductBadges.tsx';
import { useAddToCart } from './use-add-to-cart.ts';

export interface ProductCardProps {
  product: ApiProduct;
  onQuickView: (product: ApiProduct) => void;
  /** Load the image at once (the first cards of a page, likely above the fold). */
  eager?: boolean;
  /** The first card of a page: its image is fetched ahead of the others (Largest Contentful Paint). */
  priority?: boolean;
  /** The card's heading level under the page's own headings. */
  headingLevel?: 2 | 3;
}

/**
 * §2 product card. The name link stretches over the whole card, so a click anywhere opens the
 * product; the controls sit above that layer and keep their own clicks.
 */
function ProductCard({ product, onQuickView, eager = false, priority = false, headingLevel = 3 }: ProductCardProps) {
  const nameId = useId();
  const [selected, setSelected] = useState<string | null>(null);

  const weights = availableWeights(product.category, product);
  const weight = effectiveWeight(product, selected);
  const shown = displayPrice(product, weight);
  const item = toCartItem(product, weight, 1);
  const [added, add] = useAddToCart(item, ADDED_FEEDBACK_MS.card);
  const badges = productBadges(product, shown);
  const effect = firstEffect(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        <ProductImage
          src={product.image}
          name={product.name}
          eager={eager}
          priority={priority}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
        <ProductBadges badges={badges} className="absolute top-2 left-2 flex max-w-[75%] flex-wrap gap-1" />
        <FavoriteButton productId={product.id} name={product.name} className="absolute top-2 right-2 z-10" />
        <button
          type="button"
          aria-describedby={nameId}
          onClick={() => onQuickView(product)}
          className="absolute inset-x-4 bottom-4 z-10 rounded-lg bg-white/95 px-4 py-2 font-semibold text-ink text-sm opacity-0 shadow-md ring-1 ring-stone-200 transition group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-white focus-visible:opacity-100 pointer-coarse:opacity-100 motion-reduce:transition-none"
        >
          Quick View
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading id={nameId} className="font-semibold text-ink leading-snug">
          <a href={`/product/${product.id}`} className="after:absolute after:inset-0 hover:text-brand-700">
            {product.name}
          </a>
        </Heading>
        <p className="line-clamp-2 text-muted text-sm">{product.description}</p>
        <Stars rating={product.rating} reviews={product.reviews} />
        {effect && <p className="font-medium text-brand-700 text-xs">{effect}</p>}
        <WeightPicker options={weights} value={weight} onChange={setSelected} label={`Weight for ${product.name}`} />
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <Price price={shown.price} compareAt={shown.compareAt} size="lg" className="text-ink" />
          <AddToCartButton
            inStock={product.inStock}
            canAdd={item != null}
            added={added}
            productName={product.name}
            describedBy={nameId}
            className="relative z-10 w-full"
            onAdd={add}
          />
        </div>
      </div>
    </article>
  );
}

/**
 * Memoized: a list redraws (its status, a live refresh) far more often than a card's own product
 * changes, and a page of cards drawn again is one long task on a phone.
 */
export default memo(ProductCard);
