import { formatMoney } from '../../lib/money.ts';
import { type CartItem, taxRows } from '../cart/cart.ts';
import LimitMeter from '../cart/LimitMeter.tsx';
import OrderLine from '../cart/OrderLine.tsx';
import TotalsList from '../cart/TotalsList.tsx';
import type { DeliveryQuote } from '../delivery/zones.ts';
import type { Totals } from '../pricing/pricing.ts';

/** The checkout's side panel: the lines, the totals, the ZIP's delivery terms and the limits. */
export default function OrderSummary({
  headingId,
  lines,
  totals,
  quote,
  toMinimum,
}: {
  headingId: string;
  lines: readonly CartItem[];
  totals: Totals;
  quote: DeliveryQuote | null;
  toMinimum: number;
}) {
  return (
    <aside
      aria-labelledby={headingId}
      className="flex h-fit flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 lg:sticky lg:top-24"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Order Summary
      </h2>
      <ul className="divide-y divide-stone-200">
        {lines.map((l) => (
          <OrderLine key={String(l.id)} image={l.image} name={l.name} detail={`Qty ${l.quantity}`} amount={l.price * l.quantity} compact />
        ))}
      </ul>
      <TotalsList totals={totals} taxLines={taxRows(totals)} feeWaived={totals.deliveryFee === 0} className="space-y-1 text-sm" />
      {quote?.deliverable && (
        <p className="text-sm text-muted">
          Delivery to {quote.zip} ({quote.zone.name}):{' '}
          {quote.minimum == null ? 'no minimum order' : `minimum order ${formatMoney(quote.minimum)}`}.
        </p>
      )}
      {toMinimum > 0 && <p className="text-sm font-medium text-amber-900">Add {formatMoney(toMinimum)} more to reach the minimum order.</p>}
      <LimitMeter />
      <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">Cash on delivery - Payment collected upon delivery</p>
    </aside>
  );
}
