import { useId } from 'react';
import Dialog from '../../components/ui/Dialog.tsx';
import QuantityStepper from '../../components/ui/QuantityStepper.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useStore } from '../../lib/use-store.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import { $deliveryQuote } from '../delivery/delivery.store.ts';
import { patientsHeading } from '../delivery/states.ts';
import { minimumShortfall, quoteRule } from '../delivery/zones.ts';
import { DEFAULT_DELIVERY } from '../pricing/pricing.ts';
import { SITE } from '../site/settings.ts';
import { useCartLines, useCartOpen, useCartReady, useCartTotals } from './cart.hooks.tsx';
import { $cartOpen, cart } from './cart.store.ts';
import { MAX_LINE_QUANTITY, taxRows } from './cart.ts';
import LimitMeter from './LimitMeter.tsx';
import TotalsList from './TotalsList.tsx';

// Module-level so the Dialog's close listener is not re-attached on every render.
const closeDrawer = () => $cartOpen.set(false);

/**
 * The cart drawer's dialog and contents (§2, §4, D3). CartDrawer fetches this module the first time
 * the drawer opens (the cart button starts the fetch on hover or focus) and keeps it mounted after,
 * so it opens and closes like any dialog. The lines come from the persisted store, so a change in
 * another tab shows here too.
 */
export default function CartDrawerPanel() {
  const open = useCartOpen();
  const ready = useCartReady();
  const lines = useCartLines();
  const totals = useCartTotals();
  const headingId = useId();
  const empty = lines.length === 0;
  const quote = useStore($deliveryQuote, { ssr: () => null });
  const rule = (quote && quoteRule(quote)) ?? DEFAULT_DELIVERY;
  const toFreeDelivery = rule.freeFrom - totals.subtotal;
  const toMinimum = minimumShortfall(rule, totals.subtotal);
  // D38: tax rows only once a deliverable quote has named the state; its lines priced the totals.
  const stateKnown = quote?.deliverable === true;

  return (
    <Dialog open={open} onClose={closeDrawer} labelledBy={headingId} placement="right" className="open:flex open:flex-col">
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
        <h2 id={headingId} className="text-xl font-bold">
          Your Cart
        </h2>
        <button type="button" onClick={closeDrawer} className="rounded-md p-2 text-ink hover:bg-stone-100">
          <span className="sr-only">Close</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>

      {!ready ? (
        // The stored cart is still being read (cart.store.ts): it is not known to be empty yet.
        <p className="flex-1 px-5 py-12 text-center text-muted" aria-busy="true">
          Loading your cart…
        </p>
      ) : empty ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-5 py-12 text-center">
          <p className="text-lg font-bold">Your cart is empty</p>
          <p className="text-muted">Add some products to get started</p>
          <button
            type="button"
            onClick={closeDrawer}
            className="mt-4 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Continue Shopping
          </button>
        </div>
      ) : (
        <div className="flex-1 overflow-y-auto px-5">
          <ul className="divide-y divide-stone-200" aria-label="Items in your cart">
            {lines.map((line) => (
              <li key={line.id} className="flex gap-4 py-4">
                {/* The name beside it says what the picture would. */}
                <span aria-hidden="true" className="shrink-0">
                  <ProductImage
                    src={line.image}
                    name={line.name}
                    width={64}
                    height={64}
                    className="h-16 w-16 rounded-md border border-stone-200 object-cover p-1! text-[0.6rem]!"
                  />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex items-start justify-between gap-2">
                    <a href={`/product/${line.productId}`} className="font-medium leading-snug hover:underline">
                      {line.name}
                    </a>
                    <span className="shrink-0 font-semibold" data-testid="line-price">
                      {formatMoney(line.price * line.quantity)}
                    </span>
                  </div>
                  <div className="flex items-center justify-between gap-2">
                    <QuantityStepper
                      max={MAX_LINE_QUANTITY}
                      size="sm"
                      value={line.quantity}
                      label={line.name}
                      onChange={(q) => cart.update(line.id, q)}
                    />
                    <button
                      type="button"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => cart.remove(line.id)}
                      className="rounded px-2 py-1 text-sm font-medium text-red-700 underline-offset-2 hover:underline"
                    >
                      Remove
                    </button>
                  </div>
                  {line.quantity > 1 && <p className="text-xs text-muted">{formatMoney(line.price)} each</p>}
                </div>
              </li>
            ))}
          </ul>
          {/* D15: how much of the delivery state's purchase limits this cart uses. */}
          <div className="pb-4">
            <LimitMeter chooseState />
          </div>
        </div>
      )}

      <div className="border-t border-stone-200 bg-stone-50 px-5 py-4">
        {/* D3: free from the threshold; an empty cart has no fee to waive, so it shows $0.00. */}
        <TotalsList
          totals={totals}
          feeWaived={totals.deliveryFee === 0 && !empty}
          taxLines={stateKnown ? taxRows(totals) : undefined}
          className="space-y-2 text-sm"
          valueClass="font-medium"
        />
        {quote?.deliverable ? (
          <p className="mt-3 text-sm text-muted">
            Delivery to {quote.zip} ({quote.zone.name}){quote.minimum != null && <>, minimum order {formatMoney(quote.minimum)}</>}
          </p>
        ) : (
          !empty && <p className="mt-3 text-sm text-muted">Tax is added at checkout for your state.</p>
        )}
        {quote?.deliverable && quote.sales === 'patients' && <p className="mt-1 text-sm font-medium">{patientsHeading(quote.state)}</p>}
        {!empty && toMinimum > 0 && (
          <p className="mt-1 text-sm font-medium text-amber-900">Add {formatMoney(toMinimum)} more to reach the minimum order.</p>
        )}
        {!empty && toFreeDelivery > 0 && (
          <p className="mt-3 text-sm text-brand-800">Add {formatMoney(toFreeDelivery)} more for free delivery.</p>
        )}
        {empty ? (
          <button
            type="button"
            disabled
            className="mt-4 w-full cursor-not-allowed rounded-lg bg-stone-300 px-4 py-3 font-semibold text-stone-700"
          >
            Proceed to Checkout
          </button>
        ) : (
          <a
            href="/checkout"
            className="mt-4 block w-full rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Proceed to Checkout
          </a>
        )}
        <p className="mt-2 text-center text-xs text-muted">{SITE.payment}. Totals are confirmed at checkout.</p>
      </div>
    </Dialog>
  );
}
