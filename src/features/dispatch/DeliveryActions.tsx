import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { describedBy, Field, inputClass, TextField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney, toCents } from '../../lib/money.ts';
import { nyDate } from '../delivery/windows.ts';
import { type DoorVia, doorApi } from './door.api.ts';
import { DeliveryCheck, DeliveryFailure, FAILURE_REASON } from './door.schema.ts';
import { availableMoves, type DoorMove, type DoorOrder } from './door.ts';
import { doorRefusals, ID_LAST_CHARACTERS, ID_TYPE_LABELS, ID_TYPES } from './proof.ts';

type Errors = Record<string, string>;

/** Touch targets of at least 44 px, for a driver's thumb at the door. */
const big = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed';
const primary = `${big} bg-brand-700 text-white hover:bg-brand-800 disabled:bg-stone-400`;
const secondary = `${big} border border-stone-400 bg-white text-ink hover:bg-stone-100 disabled:text-stone-500`;
const danger = `${big} border border-red-700 bg-white text-red-800 hover:bg-red-50 disabled:text-stone-500`;

const CHECK_FIELDS = ['idType', 'dateOfBirth', 'idLast4', 'cashCollected'] as const;
const REASON_FIELDS = ['reason'] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

export interface DeliveryActionsProps {
  order: DoorOrder;
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
  order: DoorOrder;
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

/** The ID check and the cash (D34): what the driver reads off the ID, never the whole ID number. */
function DeliveredForm({ order, via, onCancel, onDone }: FormProps) {
  const [form, setForm] = useState({ idType: '', dateOfBirth: '', idLast4: '', cash: dollars(order.total) });
  const { errors, show, clear, formRef } = useFieldErrors(CHECK_FIELDS);
  useFocusFirstField(formRef);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const today = nyDate(Date.now());

  const set = (name: keyof typeof form, value: string) => {
    setForm((old) => ({ ...old, [name]: value }));
    clear(name === 'cash' ? 'cashCollected' : name);
  };

  const { busy, onSubmit } = useSave(show, {
    schema: DeliveryCheck,
    input: () => ({
      idType: form.idType === '' ? undefined : form.idType,
      dateOfBirth: form.dateOfBirth,
      idLast4: form.idLast4,
      cashCollected: toCents(form.cash) ?? Number.NaN,
    }),
    refuse: (value) => doorRefusals(value, order.total, nyDate(Date.now())) as Errors,
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
