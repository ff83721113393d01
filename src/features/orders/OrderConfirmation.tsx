import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import OrderLine from '../cart/OrderLine.tsx';
import TotalsList from '../cart/TotalsList.tsx';
import { SITE } from '../site/settings.ts';
import { ordersApi, TRACKING_REFRESH_MS } from './orders.api.ts';
import type { OrderView } from './orders.ts';
import type { StepState, Tracking } from './tracking.ts';

type State = { status: 'loading' } | { status: 'ready'; order: OrderView } | { status: 'missing' } | { status: 'error' };
type TrackingState = { status: 'loading' } | { status: 'ready'; tracking: Tracking } | { status: 'error' };

/** The reference is the last path segment of /order-confirmation/{ref}. */
function refFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
}

/**
 * The order's progress (D30), read at once and then every TRACKING_REFRESH_MS while the order is
 * open and the tab is visible: a hidden tab asks nothing, and asks at once when it is shown again.
 * One request at a time; the next is planned only when the last has answered. A delivered or
 * cancelled order, or an unknown reference, ends the asking. A failed ask keeps what was shown.
 */
function useTracking(ref: string | null): TrackingState {
  const [state, setState] = useState<TrackingState>({ status: 'loading' });

  useEffect(() => {
    if (!ref) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let busy = false;
    let stopped = false;

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    const plan = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!stopped && !busy && document.visibilityState === 'visible') timer = setTimeout(refresh, TRACKING_REFRESH_MS);
    };
    async function refresh() {
      if (busy || stopped || !ref) return;
      clearTimeout(timer);
      busy = true;
      try {
        const tracking = await ordersApi.tracking(ref);
        if (stopped) return;
        setState({ status: 'ready', tracking });
        if (!tracking.open) stop();
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) stop();
        setState((previous) => (previous.status === 'ready' ? previous : { status: 'error' }));
      } finally {
        busy = false;
        plan();
      }
    }
    function onVisibility() {
      if (document.visibilityState === 'visible') void refresh();
      else plan();
    }

    document.addEventListener('visibilitychange', onVisibility);
    void refresh();
    return stop;
  }, [ref]);

  return state;
}

/** Each step's state in words, so the timeline reads the same without its colours and marks. */
const STEP_WORDS: Record<StepState, string> = { done: 'Done', current: 'Current status', upcoming: 'Coming up' };
const STEP_MARKS: Record<StepState, string> = { done: '✓', current: '●', upcoming: '○' };
const STEP_STYLES: Record<StepState, { mark: string; label: string }> = {
  done: { mark: 'border-brand-700 bg-brand-700 text-white', label: 'text-stone-900' },
  current: { mark: 'border-brand-700 bg-white text-brand-700 ring-2 ring-brand-600 ring-offset-2', label: 'text-stone-900' },
  upcoming: { mark: 'border-stone-400 bg-white text-stone-500', label: 'text-stone-600' },
};

/** The booked window and the live timeline, as an ordered list with the current step marked. */
function OrderTracking({ state }: { state: TrackingState }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="tracking-heading">
      <h2 id="tracking-heading" className="text-lg font-bold">
        Delivery Status
      </h2>
      {state.status === 'loading' ? (
        <p className="mt-2 text-muted" aria-busy="true">
          Loading your delivery status…
        </p>
      ) : state.status === 'error' ? (
        <p className="mt-2 text-muted">We could not load your delivery status just now. Please reload the page in a moment.</p>
      ) : (
        <>
          <p className="mt-2 text-stone-700">
            Delivery window: <strong>{state.tracking.window}</strong>
          </p>
          <p className="mt-1 font-semibold" aria-live="polite" aria-atomic="true">
            {state.tracking.summary}
          </p>
          <ol className="mt-4 space-y-4" aria-label="Order progress">
            {state.tracking.steps.map((step) => (
              <li key={step.status} className="flex gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
                <span
                  aria-hidden="true"
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${STEP_STYLES[step.state].mark}`}
                >
                  {STEP_MARKS[step.state]}
                </span>
                <div className={STEP_STYLES[step.state].label}>
                  <p>
                    <span className={step.state === 'upcoming' ? '' : 'font-semibold'}>{step.label}</span>
                    {step.detail ? <span className={step.status === 'cancelled' ? 'block' : ''}> {step.detail}</span> : null}
                  </p>
                  <p className="text-sm text-stone-600">
                    {STEP_WORDS[step.state]}
                    {step.at != null && step.time ? (
                      <>
                        {' · '}
                        <time dateTime={new Date(step.at).toISOString()}>{step.time}</time>
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * /order-confirmation/{ref} (§2, D14): loads the order by its reference. A missing order says so
 * and gives the phone number; there is never a sample order in its place. Below the confirmation,
 * the booked window and the order's live progress (D30).
 */
export default function OrderConfirmation() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [ref, setRef] = useState<string | null>(null);
  // Asked beside the order, not after it; shown only once the order is.
  const tracking = useTracking(ref);

  useEffect(() => {
    window.scrollTo(0, 0);
    const fromPath = refFromPath(window.location.pathname);
    setRef(fromPath);
    ordersApi
      .order(fromPath)
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
            <OrderLine
              key={item.id}
              image={item.image}
              name={item.name}
              detail={`${item.quantity} × ${formatMoney(item.price)}`}
              amount={item.lineTotal}
            />
          ))}
        </ul>
        {/* The receipt: each tax line on its own row by name and rate (D38); an order no tax applied
            to keeps its "Tax $0.00" record. Printing the page prints these same rows. */}
        <TotalsList
          totals={{ subtotal: order.subtotal, deliveryFee: order.shipping, tax: order.tax, total: order.total }}
          taxLines={order.taxLines.length > 0 ? order.taxLines : undefined}
          feeWaived={order.shipping === 0}
          showZeroTax
          ruleAboveTotal={false}
          className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm"
        />
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

      <OrderTracking state={tracking} />

      <p className="text-center">
        <a href="/" className="inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Continue Shopping
        </a>
      </p>
    </div>
  );
}
