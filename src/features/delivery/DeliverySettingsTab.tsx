import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  describedBy,
  EditDialog,
  Field,
  FormFooter,
  HeadRow,
  inputClass,
  LoadError,
  Loading,
  primaryButton,
  secondaryButton,
  smallButton,
  TableBox,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { DEFAULT_DELIVERY } from '../pricing/pricing.ts';
import { stateName } from '../site/settings.ts';
import { deliverySettingsApi } from './delivery-settings.api.ts';
import { ClosedDateInput, ScheduleInput, ZoneCreate } from './delivery-settings.schema.ts';
import {
  type AdminClosedDate,
  type AdminSchedule,
  type AdminZone,
  CLOSED_DATE_NOTE_MAX,
  copyDayToWeek,
  dateLabel,
  EMPTY_ZONE_FORM,
  newWindow,
  SCHEDULE_LIMITS,
  type ScheduleForm,
  STATE_CODES,
  scheduleFormToInput,
  scheduleToForm,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  type WindowForm,
  ZONE_LIMITS,
  type ZoneForm,
  zoneFormToInput,
  zoneToForm,
} from './delivery-settings.ts';
import { nyDate } from './windows.ts';

type Errors = Record<string, string>;

let keys = 0;
const newKey = () => `w${++keys}`;

/** Puts focus on the first control marked invalid inside `root`, once the errors are drawn. */
function useFocusFirstInvalid() {
  const ref = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!pending) return;
    setPending(false);
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [pending]);
  return { ref, focus: () => setPending(true) };
}

/** The errors a failed call carries for the form's fields, or one for the whole form. */
function callErrors(err: unknown, fallback: string): Errors {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) return err.fields;
  return { form: errorMessage(err, fallback) };
}

/** The admin's Delivery settings tab (D31, D36): zones, the weekly schedule and closed dates. */
export default function DeliverySettingsTab() {
  return (
    <div className="flex flex-col gap-10">
      <ZonesSection />
      <ScheduleSection />
      <ClosedDatesSection />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Zones (D31)
// ---------------------------------------------------------------------------------------------

const amount = (cents: number | null, empty: string) => (cents == null ? empty : formatMoney(cents));

function ZonesSection() {
  const { state, reload, update } = useAdminData(
    async () => (await deliverySettingsApi.zones()).zones as AdminZone[],
    'Failed to load the delivery zones',
  );
  const [editing, setEditing] = useState<AdminZone | 'new' | null>(null);
  const baseId = useId();

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl">
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Delivery zones
          </h2>
          <p className="text-sm text-muted">
            A zone sets the fee, minimum order and free-delivery threshold for its ZIP codes. An empty amount takes the default: a{' '}
            {formatMoney(DEFAULT_DELIVERY.fee)} fee, free from {formatMoney(DEFAULT_DELIVERY.freeFrom)}, no minimum. Changes apply to new
            orders; orders already placed keep what they were charged.
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={secondaryButton} onClick={reload}>
            Refresh
          </button>
          <button type="button" className={primaryButton} onClick={() => setEditing('new')} disabled={state.status !== 'ready'}>
            New zone
          </button>
        </div>
      </div>
      {state.status === 'loading' && <Loading label="Loading the delivery zones…" />}
      {state.status === 'error' && <LoadError title="Failed to load the delivery zones" message={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <TableBox>
          <table className="w-full min-w-[56rem] text-sm">
            <caption className="sr-only">Delivery zones</caption>
            <HeadRow columns={['Zone', 'State', 'Fee', 'Minimum', 'Free from', 'ZIP codes', 'Open / all orders', 'Status', 'Actions']} />
            <tbody className="divide-y divide-stone-200">
              {state.data.map((z) => (
                <tr key={z.id} className={z.active ? '' : 'bg-stone-50 text-stone-600'}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {z.name}
                  </th>
                  <td className={td}>{z.state}</td>
                  <td className={`${td} tabular-nums`}>{amount(z.feeCents, `Default (${formatMoney(DEFAULT_DELIVERY.fee)})`)}</td>
                  <td className={`${td} tabular-nums`}>{amount(z.minimumCents, 'None')}</td>
                  <td className={`${td} tabular-nums`}>{amount(z.freeFromCents, `Default (${formatMoney(DEFAULT_DELIVERY.freeFrom)})`)}</td>
                  <td className={`${td} tabular-nums`}>{z.zips.length}</td>
                  <td className={`${td} tabular-nums`}>
                    {z.openOrders} / {z.orders}
                  </td>
                  <td className={td}>{z.active ? 'Active' : 'Inactive'}</td>
                  <td className={`${td} text-right`}>
                    <button type="button" className={smallButton} onClick={() => setEditing(z)} aria-label={`Edit ${z.name}`}>
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <ZoneDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          update((zones) => (created ? [...zones, saved] : zones.map((z) => (z.id === saved.id ? saved : z))));
          showToast({ title: created ? `${saved.name} created` : `${saved.name} saved` });
        }}
      />
    </section>
  );
}

function ZoneDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdminZone | 'new' | null;
  onClose: () => void;
  onSaved: (zone: AdminZone, created: boolean) => void;
}) {
  return (
    <EditDialog editing={editing} onClose={onClose}>
      {(row, titleId) => <ZoneFormView zone={row} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

const ZONE_FIELDS = ['state', 'name', 'feeCents', 'minimumCents', 'freeFromCents', 'active', 'zips'];

function ZoneFormView({
  zone,
  titleId,
  onClose,
  onSaved,
}: {
  zone: AdminZone | null;
  titleId: string;
  onClose: () => void;
  onSaved: (zone: AdminZone, created: boolean) => void;
}) {
  const [form, setForm] = useState<ZoneForm>(() => (zone ? zoneToForm(zone) : EMPTY_ZONE_FORM));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { ref, focus } = useFocusFirstInvalid();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;

  const set = <K extends keyof ZoneForm>(name: K, value: ZoneForm[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, form: _form, ...rest } = old;
      return rest;
    });
  };
  const showErrors = (errs: Errors) => {
    setErrors(errs);
    focus();
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    // One schema for both: an edit sends every field, so the ZIPs are checked against the state here too.
    const parsed = v.safeParse(ZoneCreate, zoneFormToInput(form));
    if (!parsed.success) {
      showErrors(issuesToFields(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const saved = (
        zone ? await deliverySettingsApi.updateZone(zone.id, parsed.output) : await deliverySettingsApi.createZone(parsed.output)
      ) as AdminZone;
      onSaved(saved, zone == null);
    } catch (err) {
      setBusy(false);
      if (sessionEnded(err)) return;
      showErrors(callErrors(err, 'The zone was not saved. Please try again.'));
    }
  };

  const money = (name: 'feeCents' | 'minimumCents' | 'freeFromCents', label: string, hint: string) => (
    <Field id={id(name)} label={label} error={errors[name]} hint={hint}>
      <input
        id={id(name)}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        max={ZONE_LIMITS.cents / 100}
        step={0.01}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        {...describedBy(id(name), errors[name], true)}
        className={inputClass(!!errors[name])}
      />
    </Field>
  );
  const zipCount = form.zips.split(/[\s,;]+/).filter(Boolean).length;
  const otherErrors = Object.entries(errors).filter(([field]) => !ZONE_FIELDS.includes(field));

  return (
    <form method="post" ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {zone ? `Edit ${zone.name}` : 'New zone'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field id={id('name')} label="Name" error={errors.name}>
          <input
            id={id('name')}
            name="name"
            maxLength={ZONE_LIMITS.name}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            {...describedBy(id('name'), errors.name)}
            className={inputClass(!!errors.name)}
          />
        </Field>
        <Field id={id('state')} label="State" error={errors.state}>
          <select
            id={id('state')}
            name="state"
            value={form.state}
            onChange={(e) => set('state', e.target.value as ZoneForm['state'])}
            {...describedBy(id('state'), errors.state)}
            className={inputClass(!!errors.state)}
          >
            {STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {stateName(code)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {money('feeCents', 'Delivery fee ($)', `Empty: the default, ${formatMoney(DEFAULT_DELIVERY.fee)}`)}
        {money('minimumCents', 'Minimum order ($)', 'Empty: no minimum')}
        {money('freeFromCents', 'Free delivery from ($)', `Empty: the default, ${formatMoney(DEFAULT_DELIVERY.freeFrom)}`)}
      </div>
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          name="active"
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
          className="h-4 w-4 accent-brand-700"
        />
        Active (an inactive zone delivers nowhere; its orders already placed are still delivered)
      </label>
      <Field
        id={id('zips')}
        label={`ZIP codes (${zipCount})`}
        error={errors.zips}
        hint={`5-digit ZIP codes in ${stateName(form.state)}, one a line or separated by commas. A ZIP code belongs to one zone only.`}
      >
        <textarea
          id={id('zips')}
          name="zips"
          rows={6}
          value={form.zips}
          onChange={(e) => set('zips', e.target.value)}
          {...describedBy(id('zips'), errors.zips, true)}
          className={`${inputClass(!!errors.zips)} font-mono`}
        />
      </Field>
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Schedule (D36)
// ---------------------------------------------------------------------------------------------

function ScheduleSection() {
  const { state, reload } = useAdminData(
    async () => (await deliverySettingsApi.schedule()) as AdminSchedule,
    'Failed to load the schedule',
  );
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="max-w-3xl">
        <h2 id={`${baseId}-title`} className="text-xl font-bold">
          Delivery schedule
        </h2>
        <p className="text-sm text-muted">
          The windows shoppers can book each weekday, in New York time, with how many orders each takes. Saving changes what can be booked
          from now on. Orders already booked keep their window, even one the new schedule no longer has, and a lower capacity applies to new
          orders only.
        </p>
      </div>
      {state.status === 'loading' && <Loading label="Loading the schedule…" />}
      {state.status === 'error' && <LoadError title="Failed to load the schedule" message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <ScheduleFormView schedule={state.data} />}
    </section>
  );
}

const SCHEDULE_FIELDS = ['cutoffMinutes', 'daysAhead'];

function ScheduleFormView({ schedule }: { schedule: AdminSchedule }) {
  const [saved, setSaved] = useState(() => scheduleToForm(schedule, newKey));
  const [form, setForm] = useState<ScheduleForm>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { ref, focus } = useFocusFirstInvalid();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;

  // Errors name `windows.{index}.{field}`; a row keeps its errors by key while other rows change.
  const indexOf = (key: string) => form.windows.findIndex((w) => w.key === key);
  const windowError = (key: string, field: string) => errors[`windows.${indexOf(key)}.${field}`];

  const clear = (...names: string[]) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !names.includes(k) && k !== 'form' && k !== 'windows')));
  const setWindow = (key: string, field: keyof Omit<WindowForm, 'key' | 'weekday'>, value: string | boolean) => {
    setForm((old) => ({ ...old, windows: old.windows.map((w) => (w.key === key ? { ...w, [field]: value } : w)) }));
    const i = indexOf(key);
    // An overlap is reported on the later window's start: a change to either side may resolve it.
    clear(`windows.${i}.${field}`, ...(field === 'start' || field === 'end' ? [`windows.${i}.start`, `windows.${i}.end`] : []));
  };
  // Removing or adding rows renumbers them: errors then no longer match their rows, so they go.
  const setWindows = (windows: WindowForm[]) => {
    setForm((old) => ({ ...old, windows }));
    setErrors({});
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(ScheduleInput, scheduleFormToInput(form));
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.issues));
      focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await deliverySettingsApi.saveSchedule(parsed.output);
      const next = scheduleToForm(answer as AdminSchedule, newKey);
      setSaved(next);
      setForm(next);
      setErrors({});
      const outside = answer.unscheduledBookings;
      showToast({
        title: 'Schedule saved',
        description:
          outside > 0
            ? `${outside} booked order${outside === 1 ? ' is' : 's are'} in a window the schedule no longer has. They keep their window: call the customers if it cannot be kept.`
            : 'Shoppers now book from the new schedule.',
      });
    } catch (err) {
      if (!sessionEnded(err)) {
        setErrors(callErrors(err, 'The schedule was not saved. Please try again.'));
        focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const errorCount = Object.keys(errors).filter((k) => k !== 'form').length;
  const windowsError = errors.windows;
  const changed = JSON.stringify(form) !== JSON.stringify(saved);

  return (
    <form
      method="post"
      ref={ref}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-6"
    >
      {(errorCount > 0 || errors.form) && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Nothing was saved.</p>
          <p>{errors.form ?? `Correct the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked below, then save again.`}</p>
          {windowsError && <p>{windowsError}</p>}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm">
          <p className="font-semibold">All times are New York time.</p>
          <p className="text-muted">An end of 12:00 AM (00:00) is midnight, at the end of the day.</p>
        </div>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setWindows(copyDayToWeek(form.windows, newKey))}
          disabled={!form.windows.some((w) => w.weekday === 1)}
        >
          Copy Monday to every day
        </button>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {WEEK_ORDER.map((weekday) => {
          const day = WEEKDAY_NAMES[weekday];
          const rows = form.windows.filter((w) => w.weekday === weekday);
          return (
            <fieldset key={weekday} className="rounded-xl border border-stone-200 p-4">
              <legend className="px-1 font-semibold">{day}</legend>
              {rows.length === 0 && <p className="text-sm text-muted">No deliveries on {day}s.</p>}
              <ul className="flex flex-col gap-3">
                {rows.map((w, n) => (
                  <WindowRow
                    key={w.key}
                    window={w}
                    name={`${day} window ${n + 1}`}
                    idOf={(field) => id(`${w.key}-${field}`)}
                    errorOf={(field) => windowError(w.key, field)}
                    onChange={(field, value) => setWindow(w.key, field, value)}
                    onRemove={() => setWindows(form.windows.filter((x) => x.key !== w.key))}
                  />
                ))}
              </ul>
              <button
                type="button"
                className={`${smallButton} mt-3`}
                onClick={() => setWindows([...form.windows, newWindow(form.windows, weekday, newKey())])}
                disabled={rows.length >= SCHEDULE_LIMITS.windowsPerDay}
              >
                Add a window on {day}
              </button>
            </fieldset>
          );
        })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id('cutoffMinutes')}
          label="Cutoff (minutes before a window starts)"
          error={errors.cutoffMinutes}
          hint={`Booking a window closes this long before it starts: ${SCHEDULE_LIMITS.cutoffMinutes.min} to ${SCHEDULE_LIMITS.cutoffMinutes.max}.`}
        >
          <input
            id={id('cutoffMinutes')}
            name="cutoffMinutes"
            type="number"
            inputMode="numeric"
            min={SCHEDULE_LIMITS.cutoffMinutes.min}
            max={SCHEDULE_LIMITS.cutoffMinutes.max}
            step={1}
            value={form.cutoffMinutes}
            onChange={(e) => {
              setForm((old) => ({ ...old, cutoffMinutes: e.target.value }));
              clear('cutoffMinutes');
            }}
            {...describedBy(id('cutoffMinutes'), errors.cutoffMinutes, true)}
            className={inputClass(!!errors.cutoffMinutes)}
          />
        </Field>
        <Field
          id={id('daysAhead')}
          label="Days ahead"
          error={errors.daysAhead}
          hint={`Shoppers book today and up to this many days after it: ${SCHEDULE_LIMITS.daysAhead.min} to ${SCHEDULE_LIMITS.daysAhead.max}.`}
        >
          <input
            id={id('daysAhead')}
            name="daysAhead"
            type="number"
            inputMode="numeric"
            min={SCHEDULE_LIMITS.daysAhead.min}
            max={SCHEDULE_LIMITS.daysAhead.max}
            step={1}
            value={form.daysAhead}
            onChange={(e) => {
              setForm((old) => ({ ...old, daysAhead: e.target.value }));
              clear('daysAhead');
            }}
            {...describedBy(id('daysAhead'), errors.daysAhead, true)}
            className={inputClass(!!errors.daysAhead)}
          />
        </Field>
      </div>
      {Object.entries(errors)
        .filter(([field]) => !field.startsWith('windows') && !SCHEDULE_FIELDS.includes(field) && field !== 'form')
        .map(([field, message]) => (
          <p key={field} role="alert" className="text-sm text-red-700">
            {message}
          </p>
        ))}
      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setForm(saved);
            setErrors({});
          }}
          disabled={!changed || busy}
        >
          Undo changes
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Saving...' : 'Save schedule'}
        </button>
      </div>
    </form>
  );
}

type WindowField = keyof Omit<WindowForm, 'key' | 'weekday'>;

function WindowRow({
  window: w,
  name,
  idOf,
  errorOf,
  onChange,
  onRemove,
}: {
  window: WindowForm;
  name: string;
  idOf: (field: string) => string;
  errorOf: (field: string) => string | undefined;
  onChange: (field: WindowField, value: string | boolean) => void;
  onRemove: () => void;
}) {
  const cell = (field: 'start' | 'end' | 'capacity', label: string, input: { type: string; min?: number; max?: number; step?: number }) => {
    const error = errorOf(field);
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={idOf(field)} className="text-xs font-semibold">
          <span className="sr-only">{name} </span>
          {label}
        </label>
        <input
          id={idOf(field)}
          {...input}
          inputMode={field === 'capacity' ? 'numeric' : undefined}
          value={w[field]}
          onChange={(e) => onChange(field, e.target.value)}
          {...describedBy(idOf(field), error)}
          className={inputClass(!!error)}
        />
        {error && (
          <p id={`${idOf(field)}-error`} className="text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  const weekdayError = errorOf('weekday');
  return (
    <li className="grid grid-cols-[1fr_1fr_6rem] items-start gap-2 sm:grid-cols-[1fr_1fr_6rem_auto]">
      {cell('start', 'Start', { type: 'time' })}
      {cell('end', 'End', { type: 'time' })}
      {cell('capacity', 'Orders', { type: 'number', min: SCHEDULE_LIMITS.capacity.min, max: SCHEDULE_LIMITS.capacity.max, step: 1 })}
      <div className="col-span-3 flex items-center gap-3 sm:col-span-1 sm:mt-6">
        <label className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={w.active}
            onChange={(e) => onChange('active', e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          <span className="sr-only">{name} </span>Open
        </label>
        <button type="button" className={smallButton} onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      {weekdayError && <p className="col-span-full text-xs text-red-700">{weekdayError}</p>}
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// Closed dates (D36)
// ---------------------------------------------------------------------------------------------

const bookedText = (n: number) =>
  n === 0
    ? 'No orders are booked that day.'
    : `${n === 1 ? '1 order is' : `${n} orders are`} booked that day and ${n === 1 ? 'keeps its window' : 'keep their windows'}: call the customers to arrange another day.`;

function ClosedDatesSection() {
  const { state, reload, update } = useAdminData(
    async () => (await deliverySettingsApi.closedDates()).closedDates as AdminClosedDate[],
    'Failed to load the closed dates',
  );
  const [form, setForm] = useState({ date: '', note: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { ref, focus } = useFocusFirstInvalid();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;

  const set = (name: 'date' | 'note', value: string) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, form: _form, ...rest } = old;
      return rest;
    });
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(ClosedDateInput, form);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.issues));
      focus();
      return;
    }
    setBusy(true);
    try {
      const added = (await deliverySettingsApi.addClosedDate(parsed.output)) as AdminClosedDate;
      update((list) => [...list, added].sort((a, b) => a.date.localeCompare(b.date)));
      setForm({ date: '', note: '' });
      setErrors({});
      showToast({ title: `${dateLabel(added.date)} is closed`, description: bookedText(added.bookedOrders) });
    } catch (err) {
      if (!sessionEnded(err)) {
        setErrors(callErrors(err, 'The date was not closed. Please try again.'));
        focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (closed: AdminClosedDate) => {
    try {
      await deliverySettingsApi.removeClosedDate(closed.date);
      update((list) => list.filter((c) => c.date !== closed.date));
      showToast({ title: `${dateLabel(closed.date)} is open again`, description: 'Its windows take orders as the schedule says.' });
    } catch (err) {
      if (sessionEnded(err)) return;
      showToast({ title: 'The date was not opened', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl">
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Closed dates
          </h2>
          <p className="text-sm text-muted">
            Days with no deliveries, whatever the schedule says (New York dates). Closing a day cancels no order: orders already booked that
            day keep their window, and the count tells you whom to call.
          </p>
        </div>
        <button type="button" className={secondaryButton} onClick={reload}>
          Refresh
        </button>
      </div>
      <form
        method="post"
        ref={ref}
        noValidate
        onSubmit={onSubmit}
        className="grid items-start gap-4 rounded-2xl border border-stone-200 bg-white p-6 sm:grid-cols-[12rem_1fr_auto]"
      >
        <Field id={id('date')} label="Date (New York)" error={errors.date}>
          <input
            id={id('date')}
            name="date"
            type="date"
            min={nyDate(Date.now())}
            value={form.date}
            onChange={(e) => set('date', e.target.value)}
            {...describedBy(id('date'), errors.date)}
            className={inputClass(!!errors.date)}
          />
        </Field>
        <Field id={id('note')} label="Note" optional error={errors.note}>
          <input
            id={id('note')}
            name="note"
            maxLength={CLOSED_DATE_NOTE_MAX}
            value={form.note}
            onChange={(e) => set('note', e.target.value)}
            {...describedBy(id('note'), errors.note)}
            className={inputClass(!!errors.note)}
          />
        </Field>
        <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={busy}>
          {busy ? 'Closing...' : 'Close this date'}
        </button>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {errors.form}
          </p>
        )}
      </form>
      {state.status === 'loading' && <Loading label="Loading the closed dates…" />}
      {state.status === 'error' && <LoadError title="Failed to load the closed dates" message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className="rounded-2xl border border-stone-200 bg-white p-6 text-center text-muted">No closed dates ahead</p>
        ) : (
          <TableBox>
            <table className="w-full text-sm">
              <caption className="sr-only">Closed dates</caption>
              <HeadRow columns={['Date', 'Note', 'Booked orders', 'Actions']} />
              <tbody className="divide-y divide-stone-200">
                {state.data.map((c) => (
                  <tr key={c.date}>
                    <th scope="row" className={`${td} whitespace-nowrap text-left font-semibold`}>
                      {dateLabel(c.date)}
                    </th>
                    <td className={td}>{c.note}</td>
                    <td className={`${td} tabular-nums`}>{c.bookedOrders}</td>
                    <td className={`${td} text-right`}>
                      <button
                        type="button"
                        className={smallButton}
                        onClick={() => void reopen(c)}
                        aria-label={`Remove ${dateLabel(c.date)}`}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        ))}
    </section>
  );
}
