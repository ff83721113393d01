import { type ReactNode, type SubmitEvent, useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { useStore } from '../../lib/use-store.ts';
import { useCartLines, useCartReady, useCartTotals } from '../cart/cart.hooks.tsx';
import { $cartOpen, cart } from '../cart/cart.store.ts';
import { type CartItem, type LinePriceChange, repriceLines } from '../cart/cart.ts';
import LimitMeter from '../cart/LimitMeter.tsx';
import { catalogApi } from '../catalog/catalog.api.ts';
import ProductImage from '../catalog/ProductImage.tsx';
import { $deliveryState, $limits, loadLimits } from '../compliance/compliance.store.ts';
import { limitViolations, usageOf } from '../compliance/limits.ts';
import { checkZip, loadWindows, offeredWindows, type WindowsAnswer } from '../delivery/delivery.api.ts';
import { $deliveryQuote } from '../delivery/delivery.store.ts';
import type { BookableWindow } from '../delivery/windows.ts';
import { minimumShortfall, quoteRule, quoteSummary } from '../delivery/zones.ts';
import { ordersApi } from '../orders/orders.api.ts';
import { SITE, type UsStateCode, ZIP_PATTERN } from '../site/settings.ts';
import { attemptKey, clearAttempt, fingerprint } from './attempt.ts';
import type { CheckoutField, CheckoutFormInput, CheckoutPayload } from './checkout.schema.ts';
import { CHOOSE_WINDOW_MESSAGE } from './checkout.ts';
import WindowPicker, { currentChoice, loadWindowChoices, type PickerState, type WindowChoiceValue } from './WindowPicker.tsx';

/** §4: after a successful order the shopper sees the toast for this long, then the confirmation. */
export const CONFIRMATION_REDIRECT_MS = 1000;

/** The text fields; the state lives in its store, the delivery time in the window picker. */
type Values = Omit<Required<{ [K in keyof CheckoutFormInput]: string }>, 'deliveryState' | 'deliveryTime' | 'deliveryWindow'>;
type Errors = Partial<Record<CheckoutField, string>>;

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  deliveryAddress: '',
  deliveryApartment: '',
  deliveryCity: '',
  deliveryZipCode: '',
  deliveryInstructions: '',
};

let checks: ReturnType<typeof fetchChecks> | undefined;
const fetchChecks = () => import('./checkout.schema.ts');

/**
 * The form's checks (the schema, with valibot): asked for when the shopper first edits a field, so
 * they have come by the time the order is placed, and kept out of the page's first load. A failed
 * fetch is asked for again next time.
 */
function loadChecks(): ReturnType<typeof fetchChecks> {
  checks ??= fetchChecks().catch((err: unknown) => {
    checks = undefined;
    throw err;
  });
  return checks;
}

/** How many products one GET /api/products?ids= names at most. */
const IDS_PER_REQUEST = 100;

/**
 * D32: the cart's lines priced as the shop sells them now (the API's products through the same
 * pricing rule the cart used), and the lines whose price moved.
 */
async function currentPrices(lines: readonly CartItem[]): Promise<LinePriceChange[]> {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
  const products = (await Promise.all(chunks.map((chunk) => catalogApi.query({ ids: chunk.join(',') })))).flat();
  return repriceLines(lines, products).changes;
}

/** Field order on the page, so the first error gets focus. */
const FIELD_ORDER: CheckoutField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'deliveryAddress',
  'deliveryApartment',
  'deliveryCity',
  'deliveryState',
  'deliveryZipCode',
  'deliveryInstructions',
  'deliveryWindow',
];

/** The windows answer for one ZIP, as far as it has come. */
type WindowsLoad = { zip: string } & ({ kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; answer: WindowsAnswer });

export default function CheckoutPage() {
  // False while hydrating and until the stored cart has been read (until then it looks empty, and
  // the page would say so, wrongly). Deferred: the whole form it reveals is drawn in a background
  // render that yields to the browser, not in the store update's one synchronous task.
  const ready = useDeferredValue(useCartReady());
  const lines = useCartLines();
  const totals = useCartTotals();
  const state = useStore($deliveryState);
  const limits = useStore($limits);
  const storedQuote = useStore($deliveryQuote, { ssr: () => null });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  /** Lines whose price moved since the cart was filled; shown until the shopper places the order again. */
  const [priceChanges, setPriceChanges] = useState<LinePriceChange[] | null>(null);
  const priceNotice = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);
  const formId = useId();

  useEffect(() => {
    void loadLimits();
  }, []);

  // D31: as soon as a whole ZIP is typed, its zone's fee and minimum are shown and priced in.
  const zip = values.deliveryZipCode.trim();
  const quote = storedQuote?.zip === zip ? storedQuote : null;
  useEffect(() => {
    if (ZIP_PATTERN.test(zip) && $deliveryQuote.get()?.zip !== zip) checkZip(zip).catch(() => {});
  }, [zip]);

  // D36: the ZIP's delivery windows, asked for as soon as a whole ZIP is typed. An answer for a ZIP
  // typed earlier is dropped when it comes late.
  const [windowsLoad, setWindowsLoad] = useState<WindowsLoad | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [choice, setChoice] = useState<WindowChoiceValue>('');
  const windowsAsked = useRef(0);
  const askWindows = useCallback((wanted: string) => {
    const asked = ++windowsAsked.current;
    setWindowsLoad({ zip: wanted, kind: 'loading' });
    Promise.all([loadWindows(wanted), loadWindowChoices()]).then(
      ([answer]) => {
        if (asked === windowsAsked.current) setWindowsLoad({ zip: wanted, kind: 'done', answer });
      },
      () => {
        if (asked === windowsAsked.current) setWindowsLoad({ zip: wanted, kind: 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    if (ZIP_PATTERN.test(zip)) askWindows(zip);
  }, [zip, askWindows]);

  // The notice takes the focus, so the shopper (and a screen reader) meets it before the button.
  useEffect(() => {
    if (priceChanges) priceNotice.current?.focus();
  }, [priceChanges]);

  if (!ready) {
    return (
      // Keyed so React replaces the placeholder rather than reshaping it into what follows: a node
      // that moves and shrinks counts as a layout shift, a new one does not (CLS 0.09 -> 0).
      <div key="loading" className="grid animate-pulse gap-8 lg:grid-cols-[1fr_24rem]" aria-busy="true">
        {/* Said on screen, not only to screen readers: the form cannot be used until it is drawn. */}
        <div className="h-96 rounded-2xl bg-stone-200 p-6 font-semibold text-stone-700">Loading checkout…</div>
        <div className="h-64 rounded-2xl bg-stone-200" />
      </div>
    );
  }

  if (placed) {
    return (
      <div role="status" className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold">Order Placed!</h1>
        <p className="mt-3 text-muted">Thank you for your order! Taking you to your order confirmation…</p>
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center">
        <h1 className="text-2xl font-bold">Your cart is empty</h1>
        <p className="mt-3 text-muted">Add some products to your cart before proceeding to checkout.</p>
        <a href="/#products" className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Browse Products
        </a>
      </div>
    );
  }

  const violations = limits
    ? limitViolations(
        usageOf(lines),
        limits.filter((l) => l.state === state),
      )
    : [];
  const fieldId = (name: CheckoutField) => `${formId}-${name}`;
  const rule = quote ? quoteRule(quote) : undefined;
  const toMinimum = rule ? minimumShortfall(rule, totals.subtotal) : 0;
  const picker = pickerState(zip, windowsLoad, () => askWindows(zip));
  const chosen = currentChoice(choice, picker);
  const chosenWindow = picker.kind === 'open' ? picker.windows.find((w) => w.id === chosen) : undefined;
  // Why Place Order cannot be pressed yet, said beside it.
  const waitingFor = chosen === '' ? pickerWaiting(picker) : null;

  const set = (name: CheckoutField, value: string) => {
    loadChecks().catch(() => {});
    if (name === 'deliveryState') $deliveryState.set(value as UsStateCode);
    else setValues((old) => ({ ...old, [name]: value }));
    // Editing a field clears its error (§5); a ZIP error may come from the state, so clear both.
    setErrors((old) => {
      const next = { ...old };
      delete next[name];
      if (name === 'deliveryState') delete next.deliveryZipCode;
      return next;
    });
  };

  const focusFirst = (errs: Errors) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (submitting.current) return;
    setFormError(null);
    setPriceChanges(null);
    if (chosen === '') {
      const errs = { deliveryWindow: CHOOSE_WINDOW_MESSAGE };
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    const time = chosenWindow ? { deliveryTime: chosenWindow.part, deliveryWindow: chosenWindow.id } : { deliveryTime: 'asap' as const };
    // Held while the checks are fetched, so a second press cannot start a second order meanwhile.
    submitting.current = true;
    let parsed: ReturnType<Awaited<ReturnType<typeof fetchChecks>>['parseCheckoutForm']>;
    try {
      parsed = (await loadChecks()).parseCheckoutForm({ ...values, deliveryState: state, ...time });
    } catch {
      submitting.current = false;
      setFormError('Something went wrong. Please try again.');
      return;
    }
    if (!parsed.success) {
      submitting.current = false;
      setErrors(parsed.errors);
      focusFirst(parsed.errors);
      return;
    }
    if (violations.length > 0) {
      submitting.current = false;
      setFormError(violations.join(' '));
      return;
    }
    const { firstName, lastName, email, phone, ...delivery } = parsed.output;
    const payload: CheckoutPayload = {
      customer: { firstName, lastName, email, phone },
      ...delivery,
      items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, weight: l.weight, price: l.price })),
      subtotal: totals.subtotal,
      total: totals.total,
    };
    setBusy(true);
    try {
      const result = await ordersApi.checkout(payload, attemptKey(fingerprint(payload)));
      clearAttempt();
      setPlaced(true);
      cart.clear();
      showToast({ title: 'Order Placed!', description: 'Thank you for your order! Your order has been received.' });
      setTimeout(() => window.location.assign(`/order-confirmation/${result.orderId}`), CONFIRMATION_REDIRECT_MS);
    } catch (err) {
      // D13: never 'Order Placed!' on failure; the cart stays, the shopper sees why and can retry.
      if (err instanceof ApiError && err.code === 'price_changed' && (await showNewPrices())) {
        submitting.current = false;
        setBusy(false);
        return;
      }
      submitting.current = false;
      setBusy(false);
      const message = err instanceof ApiError ? err.userMessage : 'Something went wrong. Please try again.';
      // D36: the window filled up or closed meanwhile. The order, cart and form stay; the fresh
      // windows the answer carries replace the choices, and the shopper picks again.
      const fresh = offeredWindows(err);
      if (fresh) showFreshWindows(fresh);
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        // The picker answers for both ways of asking for a time.
        const { deliveryTime, ...fields } = err.fields;
        const named = deliveryTime && !fields.deliveryWindow ? { ...fields, deliveryWindow: deliveryTime } : fields;
        const errs = Object.fromEntries(Object.entries(named).filter(([k]) => FIELD_ORDER.includes(k as CheckoutField))) as Errors;
        setErrors(errs);
        focusFirst(errs);
      }
      setFormError(message);
      showToast({ title: 'Order not placed', description: message, variant: 'destructive' });
    }
  };

  const showFreshWindows = (fresh: BookableWindow[]) => {
    setWindowsLoad((old) => (old?.kind === 'done' && old.answer.deliverable ? { ...old, answer: { ...old.answer, windows: fresh } } : old));
    setChoice('');
    setDay(null);
  };

  const chooseWindow = (next: WindowChoiceValue) => {
    setChoice(next);
    setErrors((old) => {
      const { deliveryWindow: _w, deliveryTime: _t, ...rest } = old;
      return rest;
    });
  };

  /**
   * D32: a price moved since the cart was filled (a deal ended, say). Nothing was ordered: the cart
   * takes the current prices and the changed lines are shown, so the shopper reviews them and
   * places the order again. False when the current prices could not be read.
   */
  const showNewPrices = async (): Promise<boolean> => {
    let changes: LinePriceChange[];
    try {
      changes = await currentPrices(lines);
    } catch {
      return false;
    }
    if (changes.length === 0) return false;
    await cart.reprice(new Map(changes.map((c) => [c.id, c.now])));
    setPriceChanges(changes);
    showToast({ title: 'Prices changed', description: 'Please review the new prices, then place your order again.' });
    return true;
  };

  const text = (
    name: CheckoutField,
    label: string,
    opts: { type?: string; autoComplete?: string; optional?: boolean; inputMode?: 'tel' | 'numeric' | 'email' } = {},
  ) => (
    <Field id={fieldId(name)} label={label} optional={opts.optional} error={errors[name]}>
      <input
        id={fieldId(name)}
        name={name}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete}
        inputMode={opts.inputMode}
        value={values[name as keyof typeof values]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${fieldId(name)}-error` : undefined}
        className={inputClass(!!errors[name])}
      />
    </Field>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby={`${formId}-title`}>
        <h1 id={`${formId}-title`} className="text-3xl font-bold">
          Checkout
        </h1>

        <Section title="Contact Information">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('firstName', 'First name', { autoComplete: 'given-name' })}
            {text('lastName', 'Last name', { autoComplete: 'family-name' })}
            {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          </div>
        </Section>

        <Section title="Delivery Address">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{text('deliveryAddress', 'Delivery address', { autoComplete: 'address-line1' })}</div>
            <div className="sm:col-span-2">
              {text('deliveryApartment', 'Apartment, suite', { autoComplete: 'address-line2', optional: true })}
            </div>
            {text('deliveryCity', 'City', { autoComplete: 'address-level2' })}
            <Field id={fieldId('deliveryState')} label="State" error={errors.deliveryState}>
              <select
                id={fieldId('deliveryState')}
                name="deliveryState"
                value={state}
                autoComplete="address-level1"
                onChange={(e) => set('deliveryState', e.target.value)}
                className={inputClass(!!errors.deliveryState)}
              >
                {SITE.states.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="flex flex-col gap-1">
              {text('deliveryZipCode', 'ZIP code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
              <p role="status" className={`text-sm ${quote?.deliverable === false ? 'text-red-800' : 'text-muted'}`}>
                {quote ? quoteSummary(quote) : ''}
              </p>
            </div>
            <div className="sm:col-span-2">
              <Field id={fieldId('deliveryInstructions')} label="Delivery instructions" optional error={errors.deliveryInstructions}>
                <textarea
                  id={fieldId('deliveryInstructions')}
                  name="deliveryInstructions"
                  rows={3}
                  value={values.deliveryInstructions}
                  onChange={(e) => set('deliveryInstructions', e.target.value)}
                  className={inputClass(!!errors.deliveryInstructions)}
                />
              </Field>
            </div>
          </div>
        </Section>

        <Section title="Delivery Time">
          <WindowPicker
            id={fieldId('deliveryWindow')}
            state={picker}
            day={day}
            onDay={setDay}
            choice={chosen}
            onChoice={chooseWindow}
            error={errors.deliveryWindow}
          />
        </Section>

        {formError && (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            {formError}
          </div>
        )}

        {priceChanges && (
          <div
            ref={priceNotice}
            role="alert"
            tabIndex={-1}
            aria-labelledby={`${formId}-prices`}
            className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
          >
            <p id={`${formId}-prices`} className="font-semibold">
              Prices changed since you filled your cart
            </p>
            <ul className="mt-2 list-inside list-disc">
              {priceChanges.map((c) => (
                <li key={String(c.id)}>
                  {c.name}: was {formatMoney(c.was)}, now {formatMoney(c.now)}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm">Nothing has been ordered yet. Please review your order, then place it again.</p>
          </div>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onClick={() => {
              // "Goes back" (§2) when the shopper came from the shop; otherwise the cart opens here.
              if (document.referrer.startsWith(window.location.origin)) window.history.back();
              else $cartOpen.set(true);
            }}
            className="rounded-lg border border-stone-300 px-4 py-2.5 font-semibold hover:bg-stone-100"
          >
            Return to cart
          </button>
          <div className="flex flex-col items-end gap-1">
            <button
              type="submit"
              disabled={busy || violations.length > 0 || waitingFor != null}
              aria-describedby={waitingFor ? `${formId}-waiting` : undefined}
              className="min-w-44 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              {busy ? 'Processing...' : 'Place Order'}
            </button>
            {waitingFor && (
              <p id={`${formId}-waiting`} className="text-sm text-muted">
                {waitingFor}
              </p>
            )}
          </div>
        </div>
      </form>

      <aside
        aria-labelledby={`${formId}-summary`}
        className="flex h-fit flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 lg:sticky lg:top-24"
      >
        <h2 id={`${formId}-summary`} className="text-xl font-bold">
          Order Summary
        </h2>
        <ul className="divide-y divide-stone-200">
          {lines.map((l) => (
            <li key={String(l.id)} className="flex items-center gap-3 py-3">
              <ProductImage src={l.image} name={l.name} width={56} height={56} className="h-14 w-14 rounded-md object-cover" />
              <div className="flex-1 text-sm">
                <p className="font-semibold">{l.name}</p>
                <p className="text-muted">Qty {l.quantity}</p>
              </div>
              <p className="text-sm font-semibold">{formatMoney(l.price * l.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(totals.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Delivery Fee</dt>
            <dd>{totals.deliveryFee === 0 ? 'Free' : formatMoney(totals.deliveryFee)}</dd>
          </div>
          {totals.tax > 0 && (
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{formatMoney(totals.tax)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd>{formatMoney(totals.total)}</dd>
          </div>
        </dl>
        {quote?.deliverable && (
          <p className="text-sm text-muted">
            Delivery to {quote.zip} ({quote.zone.name}):{' '}
            {quote.minimum == null ? 'no minimum order' : `minimum order ${formatMoney(quote.minimum)}`}.
          </p>
        )}
        {toMinimum > 0 && (
          <p className="text-sm font-medium text-amber-900">Add {formatMoney(toMinimum)} more to reach the minimum order.</p>
        )}
        <LimitMeter />
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">Cash on delivery - Payment collected upon delivery</p>
      </aside>
    </div>
  );
}

/** What the window picker shows for the ZIP typed, from what the windows call has answered so far. */
function pickerState(zip: string, load: WindowsLoad | null, retry: () => void): PickerState {
  if (!ZIP_PATTERN.test(zip)) return { kind: 'no_zip' };
  if (!load || load.zip !== zip || load.kind === 'loading') return { kind: 'loading' };
  if (load.kind === 'failed') return { kind: 'failed', retry };
  const { answer } = load;
  return answer.deliverable
    ? { kind: 'open', today: answer.today, windows: answer.windows }
    : { kind: 'not_served', message: answer.message };
}

/** Why no window can be chosen yet, or what to do: the reason Place Order gives while disabled. */
function pickerWaiting(picker: PickerState): string {
  switch (picker.kind) {
    case 'no_zip':
      return 'Enter your ZIP code to see delivery windows';
    case 'loading':
      return 'Loading delivery windows…';
    case 'failed':
      return 'The delivery windows could not be loaded';
    case 'not_served':
      return picker.message;
    case 'open':
      return picker.windows.length > 0 ? 'Choose a delivery window to place your order' : 'No delivery window is open';
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 className="mb-4 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Field({
  id,
  label,
  optional,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border bg-white px-3 py-2 ${invalid ? 'border-red-600' : 'border-stone-300'} focus:border-brand-700`;
