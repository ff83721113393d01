import { useEffect, useState } from 'react';
import ProductImage from '../../components/ui/ProductImage.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { SITE } from '../site/settings.ts';
import { ordersApi } from './orders.api.ts';
import type { OrderView } from './orders.ts';

type State = { status: 'loading' } | { status: 'ready'; order: OrderView } | { status: 'missing' } | { status: 'error' };

/** The reference is the last path segment of /order-confirmation/{ref}. */
function refFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
}

/**
 * /order-confirmation/{ref} (§2, D14): loads the order by its reference. A missing order says so
 * and gives the phone number; there is never a sample order in its place.
 */
export default function OrderConfirmation() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    window.scrollTo(0, 0);
    const ref = refFromPath(window.location.pathname);
    ordersApi
      .order(ref)
      .then((order) => setState({ status: 'ready', order }))
      .catch((err: unknown) =>
        setState({ status: err instanceof ApiError && (err.status === 404 || err.status === 400) ? 'missing' : 'error' }),
      );
  }, []);

  if (state.status === 'loading') {
    return (
      <div className="mx-auto max-w-3xl animate-pulse space-y-4" aria-busy="true">
        <span className="sr-only">Loading your order…</span>
        <div className="mx-auto h-10 w-2/3 rounded bg-stone-200" />
        <div className="h-40 rounded-2xl bg-stone-200" />
        <div className="h-32 rounded-2xl bg-stone-200" />
      </div>
    );
  }

  if (state.status !== 'ready') {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold">
          {state.status === 'missing' ? "We couldn't find this order" : 'We could not load this order'}
        </h1>
        <p className="mt-3 text-muted">
          {state.status === 'missing'
            ? 'Please check the link in your confirmation e-mail, or call us and we will look it up.'
            : 'Please check your connection and reload the page, or call us.'}
        </p>
        <p className="mt-4">
          <a className="font-semibold text-brand-800 underline" href={SITE.phoneHref}>
            {SITE.phone}
          </a>
        </p>
        <a href="/" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Continue Shopping
        </a>
      </div>
    );
  }

  const { order } = state;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold">Thank You for Your Order!</h1>
        <p className="mt-2 text-lg">
          Order number: <strong className="font-mono">{order.orderId}</strong>
        </p>
        <p className="mt-2 text-muted">
          We have received your order. A confirmation will be sent to <strong>{order.customer.email}</strong>.
        </p>
      </div>

      <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-lg font-bold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-stone-200">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              <ProductImage src={item.image} name={item.name} width={56} height={56} className="h-14 w-14 rounded-md object-cover" />
              <div className="flex-1">
                <p className="font-semibold">{item.name}</p>
                <p className="text-sm text-muted">
                  {item.quantity} × {formatMoney(item.price)}
                </p>
              </div>
              <p className="font-semibold">{formatMoney(item.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(order.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Delivery Fee</dt>
            <dd>{order.shipping === 0 ? 'Free' : formatMoney(order.shipping)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Tax</dt>
            <dd>{formatMoney(order.tax)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd>{formatMoney(order.total)}</dd>
          </div>
        </dl>
      </section>

      <div className="grid gap-6 sm:grid-cols-2">
        <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="delivery-heading">
          <h2 id="delivery-heading" className="text-lg font-bold">
            Delivery Information
          </h2>
          <p className="mt-2 font-semibold">
            {order.customer.firstName} {order.customer.lastName}
          </p>
          <p className="text-stone-700">{order.shippingAddress}</p>
          <p className="mt-2 text-stone-700">{order.shippingMethod}</p>
        </section>
        <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="text-lg font-bold">
            Payment Information
          </h2>
          <p className="mt-2 text-stone-700">{order.paymentMethod}: please have the exact amount ready. Our driver checks your ID (21+).</p>
        </section>
      </div>

      <p className="text-center">
        <a href="/" className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Continue Shopping
        </a>
      </p>
    </div>
  );
}
