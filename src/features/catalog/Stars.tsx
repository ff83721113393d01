import type { CSSProperties } from 'react';
import { starFillPercent } from '../pricing/pricing.ts';

/**
 * Five stars with a half star when the fraction is 0.5 or more (§9); read out as text. The stars
 * are one element (`.star-rating` in global.css: a star mask repeated five times over a gradient
 * filled to --stars-fill) rather than five SVGs: a list of 24 cards had ~300 star nodes to style,
 * lay out and hydrate, and every half star repeated the same gradient id.
 */
export default function Stars({ rating, reviews, className = '' }: { rating: number; reviews?: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5{reviews != null ? `, ${reviews} reviews` : ''}
      </span>
      <span aria-hidden="true" className="star-rating" style={{ '--stars-fill': `${starFillPercent(rating)}%` } as CSSProperties} />
      <span aria-hidden="true" className="text-muted">
        {rating.toFixed(1)}
        {reviews != null && ` (${reviews})`}
      </span>
    </span>
  );
}
