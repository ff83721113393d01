import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { describedBy, errorId, Field, inputClass, TextField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney, toCents } from '../../lib/money.ts';
import { nyDate } from '../delivery/windows.ts';
import { type DoorVia, doorApi } from './door.api.ts';
import { DeliveryCheck, DeliveryFailure, FAILURE_REASON, IdCheck } from './door.schema.ts';
import { availableMoves, type DoorMove, type DoorOrder, type DriverStop } from './door.ts';
import { idCheckApi } from './id-check.api.ts';
import { doorRefusals, ID_LAST_CHARACTERS, ID_TYPE_LABELS, ID_TYPES, registryRefusals } from './proof.ts';

type Errors = Record<string, string>;

/** Touch targets of at least 44 px, for a driver's thumb at the door. */
const big = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed';
const primary = `${big} bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400`;
const secondary = `${big} border border-stone-400 bg-white text-ink hover:bg-stone-100 disabled:text-stone-500`;
const danger = `${big} border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:text-stone-500`;

const CHECK_FIELDS = [
  'idType',
  'dateOfBirth',
  'idLast4',
  'registry.last4',
  'registry.expiresOn',
  'registry.nameMatches',
  'cashCollected',
] as const;
const REASON_FIELDS = ['reason'] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** An order at the door; a driver's stop also says whether it needs the registry card (D39). */
type DoorCard = DoorOrder & Partial<Pick<DriverStop, 'needsRegistryCard' | 'patientName'>>;

/** How long the ID rests unchanged before the door asks whether it may take the order. */
const ID_CHECK_PAUSE_MS = 300;

export interface DeliveryActionsProps {
  order: DoorCard;
  /** 'driver': the driver's own stops (/api/driver); 'admin': dispatch, any order (/api/admin/deliveries). */
  via: DoorVia;
  /** After a move was recorded, with the order as it now is. */
  onDone: (order: DoorOrder, move: DoorMove) => void;
}

/**
 * The moves at the door (D30, D34) for one order: "Out for delivery", "Delivered" with the ID
 * check and cash, and "Could not deliver" with a reason. Only the moves the order's state allows
 * are offered; the server decides again.
 */
export default function DeliveryActions({ order: given, via, onDone }: DeliveryActionsProps) {
  const [open, setOpen] = useState<'delivered' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's answer to the last move stands in for the order given until the caller's own
  // copy has caught up with it, so the next move shows at once.
  const [answer, setAnswer] = useState<{ from: DoorOrder['deliveryStatus']; order: DoorOrder } | null>(null);
  const order = answer && answer.order.ref === given.ref && answer.from === given.deliveryStatus ? { ...given, ...answer.order } : given;
  const moves = availableMoves(order);
  const rootRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // When a form closes or a move is recorded, the control that had focus is gone: focus goes to
  // what the order offers now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a closed form or a new delivery state is the reason to move focus.
  useEffect(() => {
    if (!refocus.current || open != null) return;
    refocus.current = false;
    rootRef.current?.querySelector<HTMLElement>('button, [tabindex="-1"]')?.focus();
  }, [open, order.deliveryStatus]);

  const close = () => {
    refocus.current = true;
    setOpen(null);
  };
  const done = (updated: DoorOrder, move: DoorMove) => {
    setAnswer({ from: given.deliveryStatus, order: updated });
    close();
    onDone(updated, move);
  };

  const markOut = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const updated = await doorApi.out(via, order.ref);
      showToast({ title: 'Out for delivery', description: `Order ${order.ref} is out for delivery. The customer was told.` });
      done(updated, 'out');
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'Not marked out for delivery', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (moves.length === 0) {
    return (
      <div ref={rootRef}>
        <p tabIndex={-1} className="text-sm font-semibold text-muted">
          {order.deliveryStatus === 'delivered'
            ? 'Delivered.'
            : order.deliveryStatus === 'failed'
              ? 'Not delivered.'
              : 'Nothing to do here.'}
        </p>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="flex flex-col gap-3">
      {open == null && (
        <div className="flex flex-wrap gap-2">
          {moves.includes('out') && (
            <button type="button" className={primary} disabled={busy} onClick={() => void markOut()}>
              {busy ? 'Saving...' : 'Out for delivery'}
            </button>
          )}
          {moves.includes('delivered') && (
            <button type="button" className={primary} onClick={() => setOpen('delivered')}>
              Delivered
            </button>
          )}
          {moves.includes('failed') && (
            <button type="button" className={danger} onClick={() => setOpen('failed')}>
              Could not deliver
            </button>
          )}
        </div>
      )}
      {open === 'delivered' && <DeliveredForm order={order} via={via} onCancel={close} onDone={done} />}
      {open === 'failed' && <FailedForm order={order} via={via} onCancel={close} onDone={done} />}
    </div>
  );
}

interface FormProps {
  order: DoorCard;
  via: DoorVia;
  onCancel: () => void;
  onDone: (order: DoorOrder, move: DoorMove) => void;
}

/** Field errors in place, focus on the first one (in the form's order). */
function useFieldErrors(order: readonly string[]) {
  const [errors, setErrors] = useState<Errors>({});
  const [focusPending, setFocusPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusPending) return;
    setFocusPending(false);
    const first = order.find((f) => errors[f]);
    const target = first
      ? formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)
      : formRef.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [focusPending, errors, order]);
  const show = (errs: Errors) => {
    setErrors(errs);
    setFocusPending(true);
  };
  const clear = (name: string) =>
    setErrors((old) => {
      const { [name]: _cleared, ...rest } = old;
      return rest;
    });
  return { errors, show, clear, formRef };
}

/** A form opened by a button starts on its first field, so the keyboard and screen readers land in it. */
function useFocusFirstField(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [formRef]);
}

function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" tabIndex={-1} className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  );
}

/** The names of the registry card's inputs, as the schema's paths name them (D39). */
const CARD_FIELDS = { last4: 'registry.last4', expiresOn: 'registry.expiresOn', nameMatches: 'registry.nameMatches' } as const;

/** The error each of the form's values shows under, where it is not the value's own name. */
const ERROR_OF = { cash: 'cashCollected', cardLast4: CARD_FIELDS.last4, cardExpiresOn: CARD_FIELDS.expiresOn } as const;

/**
 * D39: what the server would refuse the ID alone for, asked once the ID is filled in and has
 * rested, so the driver reads it before handing anything over. Under age is the form's own
 * refusal on the date of birth; this shows the rest (a day's limits, which only the server
 * knows). Nothing is shown when the question cannot be answered: the handover decides again.
 * `onNeedsCard` hears that the order needs the registry card, for a form that did not know.
 */
function useIdWarnings(
  via: DoorVia,
  ref: string,
  { idType, dateOfBirth, idLast4 }: { idType: string; dateOfBirth: string; idLast4: string },
  onNeedsCard: () => void,
): string[] {
  const [warnings, setWarnings] = useState<string[]>([]);
  const needsCard = useRef(onNeedsCard);
  needsCard.current = onNeedsCard;
  useEffect(() => {
    const parsed = v.safeParse(IdCheck, { idType: idType === '' ? undefined : idType, dateOfBirth, idLast4 });
    if (!parsed.success) {
      setWarnings([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      idCheckApi(via, ref, parsed.output).then(
        (answer) => {
          if (!current) return;
          setWarnings(answer.warnings.filter((w) => w.code !== 'under_age').map((w) => w.message));
          if (answer.needsRegistryCard) needsCard.current();
        },
        (err: unknown) => {
          if (current && !sessionEnded(err)) setWarnings([]);
        },
      );
    }, ID_CHECK_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [via, ref, idType, dateOfBirth, idLast4]);
  return warnings;
}

/**
 * The ID check and the cash (D34): what the driver reads off the ID, never the whole ID number;
 * in a patients-only state, the registry card too (D39).
 */
function DeliveredForm({ order, via, onCancel, onDone }: FormProps) {
  const [form, setForm] = useState({
    idType: '',
    dateOfBirth: '',
    idLast4: '',
    cash: dollars(order.total),
    cardLast4: '',
    cardExpiresOn: '',
    nameMatches: false,
  });
  // The stop says when its card is needed; the server's refusal on the card says it too (dispatch's
  // list does not know a stop's state rule).
  const [askCard, setAskCard] = useState(order.needsRegistryCard === true);
  const { errors, show: showErrors, clear, formRef } = useFieldErrors(CHECK_FIELDS);
  const show = (errs: Errors) => {
    if (Object.keys(errs).some((k) => k.startsWith('registry.'))) setAskCard(true);
    showErrors(errs);
  };
  useFocusFirstField(formRef);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const today = nyDate(Date.now());
  const warnings = useIdWarnings(via, order.ref, form, () => setAskCard(true));

  const set = (name: Exclude<keyof typeof form, 'nameMatches'>, value: string) => {
    setForm((old) => ({ ...old, [name]: value }));
    clear(name in ERROR_OF ? ERROR_OF[name as keyof typeof ERROR_OF] : name);
  };

  const { busy, onSubmit } = useSave(show, {
    schema: DeliveryCheck,
    input: () => ({
      idType: form.idType === '' ? undefined : form.idType,
      dateOfBirth: form.dateOfBirth,
      idLast4: form.idLast4,
      cashCollected: toCents(form.cash) ?? Number.NaN,
      ...(askCard ? { registry: { last4: form.cardLast4, expiresOn: form.cardExpiresOn, nameMatches: form.nameMatches } } : {}),
    }),
    refuse: (value) => {
      const on = nyDate(Date.now());
      return { ...doorRefusals(value, order.total, on), ...(askCard ? registryRefusals(value.registry, on) : {}) } as Errors;
    },
    call: (value) => doorApi.delivered(via, order.ref, value),
    done: (updated) => {
      showToast({ title: 'Delivered', description: `Order ${order.ref} is delivered. The customer was told.` });
      onDone(updated, 'delivered');
    },
    failed: 'The delivery was not saved. Please try again.',
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-labelledby={id('title')} className="flex flex-col gap-4">
      <h4 id={id('title')} className="font-bold">
        Check the ID and collect {formatMoney(order.total)}
      </h4>
      <Field id={id('idType')} label="Type of ID" error={errors.idType}>
        <select
          id={id('idType')}
          name="idType"
          value={form.idType}
          onChange={(e) => set('idType', e.target.value)}
          {...describedBy(id('idType'), errors.idType)}
          className={`${inputClass(!!errors.idType)} min-h-11`}
        >
          <option value="">Choose the type of ID</option>
          {ID_TYPES.map((t) => (
            <option key={t} value={t}>
              {ID_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={id('dateOfBirth')}
        label="Date of birth"
        error={errors.dateOfBirth}
        hint="As printed on the ID"
        inputClassName="min-h-11"
        name="dateOfBirth"
        type="date"
        max={today}
        value={form.dateOfBirth}
        onChange={(e) => set('dateOfBirth', e.target.value)}
      />
      <Field
        id={id('idLast4')}
        label={`Last ${ID_LAST_CHARACTERS} characters of the ID number`}
        error={errors.idLast4}
        hint="Never the whole number"
      >
        <input
          id={id('idLast4')}
          name="idLast4"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.idLast4}
          onChange={(e) => set('idLast4', e.target.value)}
          {...describedBy(id('idLast4'), errors.idLast4, true)}
          className={`${inputClass(!!errors.idLast4)} min-h-11 font-mono uppercase`}
        />
      </Field>
      {askCard && (
        <fieldset className="flex flex-col gap-4 rounded-lg border border-stone-300 p-3">
          <legend className="px-1 font-semibold">Registry card</legend>
          <p className="text-sm text-muted">This order is for a registered patient: check the registry card with the ID.</p>
          <Field
            id={id('cardLast4')}
            label={`Last ${ID_LAST_CHARACTERS} characters of the registry card number`}
            error={errors[CARD_FIELDS.last4]}
            hint="Letters and digits only, never the whole number"
          >
            <input
              id={id('cardLast4')}
              name={CARD_FIELDS.last4}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={form.cardLast4}
              onChange={(e) => set('cardLast4', e.target.value)}
              {...describedBy(id('cardLast4'), errors[CARD_FIELDS.last4], true)}
              className={`${inputClass(!!errors[CARD_FIELDS.last4])} min-h-11 font-mono uppercase`}
            />
          </Field>
          <TextField
            id={id('cardExpiresOn')}
            label="Expiry date on the registry card"
            error={errors[CARD_FIELDS.expiresOn]}
            inputClassName="min-h-11"
            name={CARD_FIELDS.expiresOn}
            type="date"
            value={form.cardExpiresOn}
            onChange={(e) => set('cardExpiresOn', e.target.value)}
          />
          <div className="flex flex-col gap-1">
            <label className="flex min-h-11 items-center gap-3 font-semibold">
              <input
                type="checkbox"
                name={CARD_FIELDS.nameMatches}
                checked={form.nameMatches}
                onChange={(e) => {
                  const checked = e.target.checked;
                  setForm((old) => ({ ...old, nameMatches: checked }));
                  clear(CARD_FIELDS.nameMatches);
                }}
                {...describedBy(id('nameMatches'), errors[CARD_FIELDS.nameMatches])}
                className="h-6 w-6 shrink-0 accent-brand-700"
              />
              {order.patientName
                ? `The name on the card matches the order (${order.patientName})`
                : 'The name on the card matches the order'}
            </label>
            {errors[CARD_FIELDS.nameMatches] && (
              <p id={errorId(id('nameMatches'))} className="text-sm text-red-700">
                {errors[CARD_FIELDS.nameMatches]}
              </p>
            )}
          </div>
        </fieldset>
      )}
      <Field
        id={id('cashCollected')}
        label="Cash collected ($)"
        error={errors.cashCollected}
        hint={`Order total ${formatMoney(order.total)}`}
      >
        <input
          id={id('cashCollected')}
          name="cashCollected"
          inputMode="decimal"
          autoComplete="off"
          value={form.cash}
          onChange={(e) => set('cash', e.target.value)}
          {...describedBy(id('cashCollected'), errors.cashCollected, true)}
          className={`${inputClass(!!errors.cashCollected)} min-h-11`}
        />
      </Field>
      {warnings.length > 0 && (
        <div role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Check before handing over</p>
          <ul className="mt-1 flex flex-col gap-1">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={busy}>
          {busy ? 'Saving...' : 'Confirm delivery'}
        </button>
        <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** D30: why the order could not be delivered; the order is then cancelled and its stock returned. */
function FailedForm({ order, via, onCancel, onDone }: FormProps) {
  const [reason, setReason] = useState('');
  const { errors, show, clear, formRef } = useFieldErrors(REASON_FIELDS);
  useFocusFirstField(formRef);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;

  const { busy, onSubmit } = useSave(show, {
    schema: DeliveryFailure,
    input: () => ({ reason }),
    call: (value) => doorApi.failed(via, order.ref, value),
    done: (updated) => {
      showToast({
        title: 'Marked not delivered',
        description: `Order ${order.ref} is cancelled and its stock returned. The customer was told.`,
      });
      onDone(updated, 'failed');
    },
    failed: 'Nothing was saved. Please try again.',
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} aria-labelledby={id('title')} className="flex flex-col gap-4">
      <h4 id={id('title')} className="font-bold">
        Could not deliver
      </h4>
      <Field
        id={id('reason')}
        label="Why could the order not be delivered?"
        error={errors.reason}
        hint={`${FAILURE_REASON.min} to ${FAILURE_REASON.max} characters. The customer reads it; the order is cancelled.`}
      >
        <textarea
          id={id('reason')}
          name="reason"
          rows={3}
          maxLength={FAILURE_REASON.max}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            clear('reason');
          }}
          {...describedBy(id('reason'), errors.reason, true)}
          className={inputClass(!!errors.reason)}
        />
      </Field>
      <FormError message={errors.form} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${big} bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400`} disabled={busy}>
          {busy ? 'Saving...' : 'Mark not delivered'}
        </button>
        <button type="button" className={secondary} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
