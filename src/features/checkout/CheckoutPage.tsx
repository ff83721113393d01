import { type SubmitEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { useStore } from '../../lib/use-store.ts';
import { useCartLines, useCartReady, useCartTotals } from '../cart/cart.hooks.tsx';
import { $cartOpen, cart } from '../cart/cart.store.ts';
import type { LinePriceChange } from '../cart/cart.ts';
import { $deliveryState, $limits, $stateRules, loadLimits, loadStateRules } from '../compliance/compliance.store.ts';
import { limitViolations, usageOf } from '../compliance/limits.ts';
import { patientRefusal } from '../compliance/patients.ts';
import { checkZip, offeredWindows } from '../delivery/delivery.api.ts';
import { $deliveryQuote } from '../delivery/delivery.store.ts';
import { closedMessage, PATIENTS_NEED, patientsHeading } from '../delivery/states.ts';
import { nyDate } from '../delivery/windows.ts';
import { minimumShortfall, quoteRule, quoteSummary } from '../delivery/zones.ts';
import { ordersApi } from '../orders/orders.api.ts';
import StateOptions from '../site/StateOptions.tsx';
import { type UsStateCode, ZIP_PATTERN } from '../site/settings.ts';
import { attemptKey, clearAttempt, fingerprint } from './attempt.ts';
import { CheckoutLoading, EmptyCheckout, OrderPlaced } from './CheckoutStates.tsx';
import type { CheckoutField, CheckoutFormInput, CheckoutPayload } from './checkout.schema.ts';
import { CHOOSE_WINDOW_MESSAGE } from './checkout.ts';
import { type Checks, currentPrices, loadChecks } from './checkout-checks.ts';
import { Field, inputClass, Section } from './FormParts.tsx';
import OrderSummary from './OrderSummary.tsx';
import PriceChangeNotice from './PriceChangeNotice.tsx';
import { pickerWaiting, useDeliveryWindows } from './use-delivery-windows.ts';
import WindowPicker, { currentChoice, type WindowChoiceValue } from './WindowPicker.tsx';

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
  patientId: '',
  patientExpiresOn: '',
};

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
  'patientId',
  'patientExpiresOn',
  'deliveryWindow',
];

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
  const submitting = useRef(false);
  const formId = useId();

  const stateRules = useStore($stateRules);
  useEffect(() => {
    void loadLimits();
    void loadStateRules();
  }, []);

  // D31: as soon as a whole ZIP is typed, its zone's fee and minimum are shown and priced in.
  const zip = values.deliveryZipCode.trim();
  const quote = storedQuote?.zip === zip ? storedQuote : null;
  useEffect(() => {
    if (ZIP_PATTERN.test(zip) && $deliveryQuote.get()?.zip !== zip) checkZip(zip).catch(() => {});
  }, [zip]);

  // D36: the ZIP's delivery windows and the shopper's choice among them.
  const { picker, day, setDay, choice, setChoice, showFreshWindows } = useDeliveryWindows(zip);

  if (!ready) return <CheckoutLoading />;
  if (placed) return <OrderPlaced />;
  if (lines.length === 0) return <EmptyCheckout />;

  const violations = limits
    ? limitViolations(
        usageOf(lines),
        limits.filter((l) => l.state === state),
      )
    : [];
  const fieldId = (name: CheckoutField) => `${formId}-${name}`;
  const rule = quote ? quoteRule(quote) : undefined;
  const toMinimum = rule ? minimumShortfall(rule, totals.subtotal) : 0;
  const chosen = currentChoice(choice, picker);
  const chosenWindow = picker.kind === 'open' ? picker.windows.find((w) => w.id === chosen) : undefined;
  // D38: what the chosen state allows today (the server decides again at checkout).
  const today = nyDate(Date.now());
  const stateRule = stateRules?.find((s) => s.code === state);
  const closedNote = stateRule?.sales === 'closed' ? closedMessage(stateRule, today) : null;
  const needsPatient = stateRule?.sales === 'patients';
  // Why Place Order cannot be pressed yet, said beside it.
  const waitingFor = closedNote ?? (chosen === '' ? pickerWaiting(picker) : null);

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
    let parsed: ReturnType<Checks['parseCheckoutForm']>;
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
    const { firstName, lastName, email, phone, patientId, patientExpiresOn, ...delivery } = parsed.output;
    const patient = needsPatient ? { id: patientId, expiresOn: patientExpiresOn } : undefined;
    const patientProblem = needsPatient ? patientRefusal(patient, today) : null;
    if (patientProblem) {
      submitting.current = false;
      const errs = { [patientProblem.field]: patientProblem.message };
      setErrors(errs);
      focusFirst(errs);
      return;
    }
    const payload: CheckoutPayload = {
      customer: { firstName, lastName, email, phone },
      ...delivery,
      ...(patient ? { patient } : {}),
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
                aria-describedby={closedNote ? `${fieldId('deliveryState')}-closed` : undefined}
              >
                <StateOptions />
              </select>
              {closedNote && (
                <p id={`${fieldId('deliveryState')}-closed`} role="alert" className="text-sm font-semibold text-red-800">
                  {closedNote}
                </p>
              )}
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

        {needsPatient && stateRule && (
          <Section title="Medical cannabis registry">
            <p className="font-semibold">{patientsHeading(stateRule)}</p>
            <p className="text-sm text-muted">{PATIENTS_NEED}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('patientId', 'Registry number', { autoComplete: 'off' })}
              {text('patientExpiresOn', 'Registry card expires', { type: 'date', autoComplete: 'off' })}
            </div>
          </Section>
        )}

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

        {priceChanges && <PriceChangeNotice id={`${formId}-prices`} changes={priceChanges} />}

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

      <OrderSummary headingId={`${formId}-summary`} lines={lines} totals={totals} quote={quote} toMinimum={toMinimum} />
    </div>
  );
}
