import { useEffect, useId, useState } from 'react';
import {
  DataTable,
  EmptyNote,
  Field,
  inputClass,
  LoadedView,
  OrderStatusBadge,
  primaryButton,
  secondaryButton,
  smallButton,
  TextField,
  TickAllHead,
  TickBox,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney } from '../../lib/money.ts';
import { addDays, isDate, nyDate } from '../delivery/windows.ts';
import DeliveryActions from './DeliveryActions.tsx';
import { dispatchApi } from './dispatch.api.ts';
import { bookedText, DELIVERY_STATE_LABELS, type DispatchDay, type DispatchWindow, type DriverOption, manifestHref } from './dispatch.ts';

/** The driver select's value that takes the orders back from whoever has them. */
const NO_DRIVER = 'none';

/**
 * The Deliveries tab (D30, D36): a New York date's delivery windows, each with the places booked
 * against its capacity and its orders; orders, or a whole window, are given to a driver here, and
 * each driver's manifest for a window opens from here to be printed.
 */
export default function DeliveriesTab() {
  const [date, setDate] = useState(() => nyDate(Date.now()));
  const baseId = useId();
  const { state, reload } = useAdminData(() => dispatchApi.day(date), 'Failed to load the deliveries', date);

  const pick = (value: string) => {
    if (isDate(value)) setDate(value);
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Deliveries
          </h2>
          <p className="text-sm text-muted">Each window of the day with its orders. Times are New York time.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => pick(addDays(date, -1))}>
            Previous day
          </button>
          <TextField id={`${baseId}-date`} label="Delivery date" type="date" value={date} onChange={(e) => pick(e.target.value)} />
          <button type="button" className={secondaryButton} onClick={() => pick(addDays(date, 1))}>
            Next day
          </button>
          <button type="button" className={secondaryButton} onClick={() => pick(nyDate(Date.now()))}>
            Today
          </button>
          <button type="button" className={secondaryButton} onClick={reload}>
            Refresh
          </button>
        </div>
      </div>
      <LoadedView state={state} loading="Loading the deliveries…" failed="Failed to load the deliveries" onRetry={reload}>
        {(data) => <Day key={data.date} day={data} reload={reload} />}
      </LoadedView>
    </section>
  );
}

function Day({ day, reload }: { day: DispatchDay; reload: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="font-semibold" aria-live="polite">
        {day.dateLabel}
      </p>
      {day.closed && (
        <p className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          The shop does not deliver on this date{day.closed.note ? `: ${day.closed.note}` : ''}.
        </p>
      )}
      {day.windows.length === 0 ? (
        <EmptyNote>No delivery windows on this date.</EmptyNote>
      ) : (
        day.windows.map((w) => <WindowSection key={w.id} date={day.date} window={w} drivers={day.drivers} reload={reload} />)
      )}
    </div>
  );
}

function WindowSection({
  date,
  window: w,
  drivers,
  reload,
}: {
  date: string;
  window: DispatchWindow;
  drivers: readonly DriverOption[];
  reload: () => void;
}) {
  const baseId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [driver, setDriver] = useState('');
  const [busy, setBusy] = useState(false);
  const open = w.orders.filter((o) => o.assignable);
  const chosen = open.filter((o) => selected.has(o.ref));
  const full = w.booked >= w.capacity;

  // A reload may settle orders that were ticked; only open ones stay ticked.
  useEffect(() => {
    setSelected((old) => new Set(w.orders.filter((o) => o.assignable && old.has(o.ref)).map((o) => o.ref)));
  }, [w.orders]);

  const toggle = (ref: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });
  const allTicked = open.length > 0 && chosen.length === open.length;

  const assign = async (what: 'selected' | 'window') => {
    if (!driver || busy) return;
    setBusy(true);
    const driverId = driver === NO_DRIVER ? null : Number(driver);
    try {
      const result = await dispatchApi.assign(
        what === 'window' ? { driverId, window: w.id } : { driverId, refs: chosen.map((o) => o.ref) },
      );
      const n = result.assigned.length;
      const orders = n === 1 ? '1 order' : `${n} orders`;
      showToast({
        title: result.driver ? `${orders} given to ${result.driver.name}` : `${orders} taken back from their driver`,
        ...(result.confirmed.length > 0 ? { description: `${result.confirmed.length} confirmed; their customers were e-mailed.` } : {}),
      });
      setSelected(new Set());
      reload();
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'Nothing was assigned', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  const titleId = `${baseId}-title`;
  const reason = !driver ? 'Choose a driver first.' : chosen.length === 0 ? 'Tick the orders to assign, or assign the whole window.' : null;
  const reasonId = reason ? `${baseId}-reason` : undefined;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold">
          {w.label}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {!w.scheduled && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Not in the schedule</span>
          )}
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${full ? 'bg-red-100 text-red-900' : 'bg-stone-100 text-stone-800'}`}
          >
            {bookedText(w)}
          </span>
        </p>
      </div>

      {w.orders.length === 0 ? (
        <p className="text-sm text-muted">No orders in this window.</p>
      ) : (
        <DataTable
          caption={<>Orders, {w.label}</>}
          className="w-full min-w-[56rem] text-sm"
          columns={[
            'Order',
            'Customer',
            'ZIP',
            { label: 'Items', right: true },
            { label: 'Total', right: true },
            'Status',
            'Driver',
            { label: 'Actions', srOnly: true },
          ]}
          lead={
            <TickAllHead
              checked={allTicked}
              disabled={open.length === 0}
              onChange={() => setSelected(allTicked ? new Set() : new Set(open.map((o) => o.ref)))}
              aria-label={`Select every open order, ${w.label}`}
            />
          }
        >
          {w.orders.map((o) => (
            <tr key={o.ref}>
              <td className={td}>
                <TickBox
                  checked={selected.has(o.ref)}
                  disabled={!o.assignable}
                  onChange={() => toggle(o.ref)}
                  aria-label={`Select order ${o.ref}`}
                />
              </td>
              <th scope="row" className={`${td} text-left font-mono text-xs font-normal`}>
                {o.ref}
              </th>
              <td className={td}>
                <span className="block font-semibold">{o.customer}</span>
                <span className="block text-muted">{o.address}</span>
                <span className="block whitespace-nowrap text-muted">{o.phone}</span>
              </td>
              <td className={`${td} tabular-nums`}>{o.zip}</td>
              <td className={`${td} text-right tabular-nums`}>{o.itemCount}</td>
              <td className={`${td} text-right font-semibold tabular-nums`}>{formatMoney(o.total)}</td>
              <td className={td}>
                <span className="flex flex-col items-start gap-1">
                  <OrderStatusBadge status={o.status} />
                  <span className="text-xs text-muted">{DELIVERY_STATE_LABELS[o.deliveryStatus]}</span>
                </span>
              </td>
              <td className={td}>
                {o.driver ? (
                  <>
                    {o.driver.name}
                    {!o.driver.active && <span className="block text-xs text-amber-800">Inactive</span>}
                  </>
                ) : (
                  <span className="text-muted">None</span>
                )}
              </td>
              <td className={td}>
                {/* The door's moves (D30, D34): dispatch records them for any order. */}
                <DeliveryActions order={o} via="admin" onDone={reload} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {w.cancelled.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Cancelled orders ({w.cancelled.length}): they take no place</summary>
          <ul className="mt-2 list-inside list-disc text-muted">
            {w.cancelled.map((o) => (
              <li key={o.ref}>
                <span className="font-mono text-xs">{o.ref}</span> {o.customer}, {o.zip}, {formatMoney(o.total)}
              </li>
            ))}
          </ul>
        </details>
      )}

      {open.length > 0 && (
        <fieldset className="flex flex-wrap items-end gap-2">
          <legend className="sr-only">Assign orders, {w.label}</legend>
          <Field id={`${baseId}-driver`} label="Driver">
            <select
              id={`${baseId}-driver`}
              value={driver}
              onChange={(e) => setDriver(e.target.value)}
              aria-describedby={reasonId}
              className={inputClass()}
            >
              <option value="">Choose a driver</option>
              {drivers.map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {d.name}
                </option>
              ))}
              <option value={NO_DRIVER}>No driver (take the orders back)</option>
            </select>
          </Field>
          <button
            type="button"
            className={primaryButton}
            disabled={busy || !driver || chosen.length === 0}
            aria-describedby={reasonId}
            onClick={() => void assign('selected')}
          >
            Assign selected ({chosen.length})
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={busy || !driver}
            aria-describedby={reasonId}
            onClick={() => void assign('window')}
          >
            Assign whole window
          </button>
          {reason && (
            <p id={`${baseId}-reason`} className="basis-full text-xs text-muted">
              {reason}
            </p>
          )}
        </fieldset>
      )}

      {w.drivers.length > 0 && (
        <ul aria-label={`Manifests, ${w.label}`} className="flex flex-wrap gap-2">
          {w.drivers.map((d) => (
            <li key={d.id}>
              <a href={manifestHref(date, d.id, w.time)} target="_blank" rel="noopener" className={smallButton}>
                Print manifest: {d.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
