import { type SubmitEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { LoadedView, primaryButton, secondaryButton, smallButton, TextField } from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { callErrors } from '../../components/admin/admin-ui.ts';
import type { FieldErrors as Errors } from '../../components/admin/use-edit-form.ts';
import { useFocusFirstInvalid } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { deliverySettingsApi } from './delivery-settings.api.ts';
import { ScheduleInput } from './delivery-settings.schema.ts';
import {
  type AdminSchedule,
  copyDayToWeek,
  newWindow,
  SCHEDULE_LIMITS,
  type ScheduleForm,
  scheduleFormToInput,
  scheduleToForm,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  type WindowForm,
} from './delivery-settings.ts';
import WindowRow from './WindowRow.tsx';

let keys = 0;
const newKey = () => `w${++keys}`;

/** The weekly delivery schedule (D36): its windows by weekday, the cutoff and how far ahead shoppers book. */
export default function ScheduleSection() {
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
      <LoadedView state={state} loading="Loading the schedule…" failed="Failed to load the schedule" onRetry={reload}>
        {(data) => <ScheduleFormView schedule={data} />}
      </LoadedView>
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

  /** A whole number within its SCHEDULE_LIMITS. */
  const limitField = (name: 'cutoffMinutes' | 'daysAhead', label: string, hint: string) => (
    <TextField
      id={id(name)}
      label={label}
      error={errors[name]}
      hint={hint}
      name={name}
      type="number"
      inputMode="numeric"
      min={SCHEDULE_LIMITS[name].min}
      max={SCHEDULE_LIMITS[name].max}
      step={1}
      value={form[name]}
      onChange={(e) => {
        setForm((old) => ({ ...old, [name]: e.target.value }));
        clear(name);
      }}
    />
  );

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
        {limitField(
          'cutoffMinutes',
          'Cutoff (minutes before a window starts)',
          `Booking a window closes this long before it starts: ${SCHEDULE_LIMITS.cutoffMinutes.min} to ${SCHEDULE_LIMITS.cutoffMinutes.max}.`,
        )}
        {limitField(
          'daysAhead',
          'Days ahead',
          `Shoppers book today and up to this many days after it: ${SCHEDULE_LIMITS.daysAhead.min} to ${SCHEDULE_LIMITS.daysAhead.max}.`,
        )}
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
