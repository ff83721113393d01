import { ratingStars } from '../../features/pricing/pricing.ts';

/** Five stars with a half star when the fraction is 0.5 or more (§9); read out as text. */
export default function Stars({ rating, reviews, className = '' }: { rating: number; reviews?: number; className?: string }) {
  const { full, half, empty } = ratingStars(rating);
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5{reviews != null ? `, ${reviews} reviews` : ''}
      </span>
      <span aria-hidden="true" className="flex text-amber-500">
        {starKinds(full, half, empty).map(([key, fill]) => (
          <Star key={key} fill={fill} />
        ))}
      </span>
      <span aria-hidden="true" className="text-muted">
        {rating.toFixed(1)}
        {reviews != null && ` (${reviews})`}
      </span>
    </span>
  );
}

type Fill = 'full' | 'half' | 'empty';

function starKinds(full: number, half: boolean, empty: number): [string, Fill][] {
  const kinds: Fill[] = [...Array<Fill>(full).fill('full'), ...(half ? (['half'] as Fill[]) : []), ...Array<Fill>(empty).fill('empty')];
  return kinds.map((fill, position) => [`star-${position + 1}`, fill]);
}

function Star({ fill }: { fill: Fill }) {
  const path = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" data-star={fill} aria-hidden="true">
      {fill === 'half' && (
        <defs>
          <linearGradient id="half-star">
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="#d6d3d1" />
          </linearGradient>
        </defs>
      )}
      <path d={path} fill={fill === 'full' ? 'currentColor' : fill === 'half' ? 'url(#half-star)' : '#d6d3d1'} />
    </svg>
  );
}
