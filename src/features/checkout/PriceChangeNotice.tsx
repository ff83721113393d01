import { useEffect, useRef } from 'react';
import { formatMoney } from '../../lib/money.ts';
import type { LinePriceChange } from '../cart/cart.ts';

/**
 * D32: the lines whose price moved since the cart was filled. It takes the focus when it appears
 * (the checkout drops it on each new attempt), so the shopper and a screen reader meet it before
 * the button.
 */
export default function PriceChangeNotice({ id, changes }: { id: string; changes: LinePriceChange[] }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);

  return (
    <div
      ref={notice}
      role="alert"
      tabIndex={-1}
      aria-labelledby={id}
      className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <p id={id} className="font-semibold">
        Prices changed since you filled your cart
      </p>
      <ul className="mt-2 list-inside list-disc">
        {changes.map((c) => (
          <li key={String(c.id)}>
            {c.name}: was {formatMoney(c.was)}, now {formatMoney(c.now)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">Nothing has been ordered yet. Please review your order, then place it again.</p>
    </div>
  );
}
