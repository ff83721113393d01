import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/money.ts';
import ProductImage from '../catalog/ProductImage.tsx';

/**
 * One product of an order as the checkout summary and the order confirmation list it: thumbnail,
 * name, a detail line (quantity, unit price) and the line's amount. `compact` sets it in small type.
 */
export default function OrderLine({
  image,
  name,
  detail,
  amount,
  compact = false,
}: {
  image: string;
  name: string;
  detail: ReactNode;
  amount: number;
  compact?: boolean;
}) {
  return (
    <li className="flex items-center gap-3 py-3">
      <ProductImage src={image} name={name} width={56} height={56} className="h-14 w-14 rounded-md object-cover" />
      <div className={compact ? 'flex-1 text-sm' : 'flex-1'}>
        <p className="font-semibold">{name}</p>
        <p className={compact ? 'text-muted' : 'text-sm text-muted'}>{detail}</p>
      </div>
      <p className={compact ? 'text-sm font-semibold' : 'font-semibold'}>{formatMoney(amount)}</p>
    </li>
  );
}
