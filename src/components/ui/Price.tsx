import { formatMoney } from '../../lib/money.ts';

/**
 * Sizes on the type scale: the price's own and its smaller "was" price, both sizes the pages
 * already use (a fraction of an em gave 14.4, 19.2 or 24 px): each distinct size and weight costs a
 * font lookup on a page's first layout (docs/decisions/0009).
 */
const SIZES = {
  sm: ['text-sm', 'text-xs'],
  base: ['text-base', 'text-sm'],
  lg: ['text-lg', 'text-sm'],
  '2xl': ['text-2xl', 'text-base'],
  '3xl': ['text-3xl', 'text-lg'],
} as const;

/** A price with its struck-through "was" price when there is one. */
export default function Price({
  price,
  compareAt,
  size,
  className = '',
}: {
  price: number;
  compareAt: number | null;
  size: keyof typeof SIZES;
  className?: string;
}) {
  const [own, was] = SIZES[size];
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-2 ${own} ${className}`}>
      <span className="font-bold">{formatMoney(price)}</span>
      {compareAt != null && compareAt > price && (
        <s className={`${was} font-normal text-muted`}>
          <span className="sr-only">Was </span>
          {formatMoney(compareAt)}
        </s>
      )}
    </span>
  );
}
