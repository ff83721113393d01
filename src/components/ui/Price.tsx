import { formatMoney } from '../../lib/money.ts';

/** A price with its struck-through "was" price when there is one. */
export default function Price({ price, compareAt, className = '' }: { price: number; compareAt: number | null; className?: string }) {
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-2 ${className}`}>
      <span className="font-bold">{formatMoney(price)}</span>
      {compareAt != null && compareAt > price && (
        <s className="text-[0.8em] font-normal text-muted">
          <span className="sr-only">Was </span>
          {formatMoney(compareAt)}
        </s>
      )}
    </span>
  );
}
