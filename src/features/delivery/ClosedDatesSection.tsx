import { type SubmitEvent, useId, useState } from 'react';
import * as v from 'valibot';
import {
  DataTable,
  EmptyNote,
  LoadedView,
  primaryButton,
  SectionHead,
  secondaryButton,
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { callErrors, errorMessage } from '../../components/admin/admin-ui.ts';
import type { FieldErrors as Errors } from '../../components/admin/use-edit-form.ts';
import { textBinder, useFocusFirstInvalid } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { deliverySettingsApi } from './delivery-settings.api.ts';
import { ClosedDateInput } from './delivery-settings.schema.ts';
import { type AdminClosedDate, CLOSED_DATE_NOTE_MAX, dateLabel } from './delivery-settings.ts';
import { nyDate } from './windows.ts';

const bookedText = (n: number) =>
  n === 0
    ? 'No orders are booked that day.'
    : `${n === 1 ? '1 order is' : `${n} orders are`} booked that day and ${n === 1 ? 'keeps its window' : 'keep their windows'}: call the customers to arrange another day.`;

/** Closed dates (D36): days with no deliveries, added and removed here. */
export default function ClosedDatesSection() {
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
  const text = textBinder(form, errors, set, id);

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
      <SectionHead
        titleId={`${baseId}-title`}
        title="Closed dates"
        introClassName="max-w-3xl"
        actions={
          <button type="button" className={secondaryButton} onClick={reload}>
            Refresh
          </button>
        }
      >
        Days with no deliveries, whatever the schedule says (New York dates). Closing a day cancels no order: orders already booked that day
        keep their window, and the count tells you whom to call.
      </SectionHead>
      <form
        method="post"
        ref={ref}
        noValidate
        onSubmit={onSubmit}
        className="grid items-start gap-4 rounded-2xl border border-stone-200 bg-white p-6 sm:grid-cols-[12rem_1fr_auto]"
      >
        <TextField {...text('date')} label="Date (New York)" type="date" min={nyDate(Date.now())} />
        <TextField {...text('note')} label="Note" optional maxLength={CLOSED_DATE_NOTE_MAX} />
        <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={busy}>
          {busy ? 'Closing...' : 'Close this date'}
        </button>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {errors.form}
          </p>
        )}
      </form>
      <LoadedView state={state} loading="Loading the closed dates…" failed="Failed to load the closed dates" onRetry={reload}>
        {(data) =>
          data.length === 0 ? (
            <EmptyNote>No closed dates ahead</EmptyNote>
          ) : (
            <DataTable caption="Closed dates" columns={['Date', 'Note', 'Booked orders', 'Actions']}>
              {data.map((c) => (
                <tr key={c.date}>
                  <th scope="row" className={`${td} whitespace-nowrap text-left font-semibold`}>
                    {dateLabel(c.date)}
                  </th>
                  <td className={td}>{c.note}</td>
                  <td className={`${td} tabular-nums`}>{c.bookedOrders}</td>
                  <td className={`${td} text-right`}>
                    <button type="button" className={smallButton} onClick={() => void reopen(c)} aria-label={`Remove ${dateLabel(c.date)}`}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
    </section>
  );
}
