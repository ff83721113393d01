import { useId } from 'react';
import { EmptyNote, LoadedView } from '../../components/admin/AdminKit.tsx';
import { AdminGate, useAdminData } from '../../components/admin/AdminSession.tsx';
import { formatMoney } from '../../lib/money.ts';
import DeliveryActions from './DeliveryActions.tsx';
import { doorApi } from './door.api.ts';
import { addressLine, DELIVERY_STATE_LABELS, type DriverStop, mapLink, telLink } from './door.ts';
import type { DriverRun } from './runs.ts';

const STATE_BADGE: Record<DriverStop['deliveryStatus'], string> = {
  unassigned: 'bg-stone-200 text-stone-800',
  assigned: 'bg-sky-100 text-sky-900',
  out: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
};

const link =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-stone-100';

/**
 * /driver (D30, D35): the signed-in driver's stops today, by window, and the moves at the door;
 * D40: their runs today, each with its vehicle, planned times and every stop's packages. Phone first.
 */
export default function DriverPage() {
  return (
    <AdminGate>
      <DriverDay />
    </AdminGate>
  );
}

function DriverDay() {
  const { state, reload } = useAdminData(() => doorApi.assignments(), 'Failed to load your deliveries');
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id={titleId} className="text-2xl font-bold">
            Today's deliveries
          </h1>
          {state.status === 'ready' && <p className="text-muted">{state.data.dayLabel}</p>}
        </div>
        <button
          type="button"
          onClick={reload}
          className="inline-flex min-h-11 items-center rounded-lg border border-stone-400 bg-white px-4 font-semibold hover:bg-stone-100"
        >
          Refresh
        </button>
      </div>
      <LoadedView state={state} loading="Loading your deliveries…" failed="Failed to load your deliveries" onRetry={reload}>
        {(data) =>
          data.message ? (
            <p className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">{data.message}</p>
          ) : data.windows.length === 0 && data.runs.length === 0 ? (
            <EmptyNote>No deliveries assigned to you today.</EmptyNote>
          ) : (
            [
              ...data.runs.map((run) => <RunCard key={`run-${run.number}`} run={run} />),
              ...data.windows.map((w) => (
                <section key={w.start} aria-label={w.label} className="flex flex-col gap-3">
                  <h2 className="text-lg font-bold">
                    {w.label}{' '}
                    <span className="font-normal text-muted">
                      ({w.stops.length} {w.stops.length === 1 ? 'stop' : 'stops'})
                    </span>
                  </h2>
                  <ul className="flex flex-col gap-4">
                    {w.stops.map((stop) => (
                      <li key={stop.ref}>
                        <StopCard stop={stop} onDone={reload} />
                      </li>
                    ))}
                  </ul>
                </section>
              )),
            ]
          )
        }
      </LoadedView>
    </section>
  );
}

function StopCard({ stop, onDone }: { stop: DriverStop; onDone: () => void }) {
  const headingId = useId();
  const name = `${stop.customer.firstName} ${stop.customer.lastName}`;
  const itemCount = stop.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold break-words">
          {name}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_BADGE[stop.deliveryStatus]}`}>
          {DELIVERY_STATE_LABELS[stop.deliveryStatus]}
        </span>
      </div>
      <address className="not-italic break-words">
        {stop.address.street}
        {stop.address.apartment && <>, {stop.address.apartment}</>}
        <br />
        {stop.address.city}, {stop.address.state} {stop.address.zip}
      </address>
      {stop.instructions && (
        <p className="rounded-lg bg-stone-100 p-2 text-sm break-words">
          <span className="font-semibold">Instructions: </span>
          {stop.instructions}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={telLink(stop.customer.phone)} className={link}>
          Call {stop.customer.firstName}
          <span className="sr-only"> at {stop.customer.phone}</span>
        </a>
        <a href={mapLink(stop.address)} target="_blank" rel="noopener noreferrer" className={link}>
          Open map<span className="sr-only"> for {addressLine(stop.address)} (opens a new tab)</span>
        </a>
      </div>
      <div>
        <h4 className="text-sm font-semibold">
          {itemCount} {itemCount === 1 ? 'item' : 'items'}
        </h4>
        <ul className="mt-1 list-inside list-disc text-sm">
          {stop.items.map((i, n) => (
            // Two lines may share a name (the same product at two weights carries the weight in its name, others do not).
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once per answer and never reordered.
            <li key={n} className="break-words">
              {i.quantity} × {i.name}
            </li>
          ))}
        </ul>
      </div>
      <p className="text-lg">
        Cash to collect: <strong>{formatMoney(stop.total)}</strong>
      </p>
      <p className="text-xs break-all text-muted">Order {stop.ref}</p>
      <DeliveryActions order={stop} via="driver" onDone={onDone} />
    </article>
  );
}

/** D40: one of the driver's runs today: the vehicle, when to leave and be back, and what each stop gets. */
function RunCard({ run }: { run: DriverRun }) {
  const headingId = useId();
  const m = run.manifest;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border-2 border-brand-700 bg-white p-4">
      <h2 id={headingId} className="text-lg font-bold">
        Run {run.number}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Vehicle</dt>
        <dd>
          {m.vehicle.label} · <span className="font-mono">{m.vehicle.plateText}</span>
        </dd>
        <dt className="font-semibold">Leave</dt>
        <dd>{m.plannedDepartureText}</dd>
        <dt className="font-semibold">Back</dt>
        <dd>{m.plannedArrivalText}</dd>
        <dt className="font-semibold">Route</dt>
        <dd className="break-words">{m.routeText}</dd>
        <dt className="font-semibold">Packages</dt>
        <dd>
          {m.packageCount} ({m.amountText})
        </dd>
      </dl>
      <ol aria-label={`Stops of run ${run.number}`} className="flex flex-col gap-2">
        {m.stops.map((s) => (
          <li key={s.ref} className="rounded-lg bg-stone-100 p-3 text-sm">
            <p className="font-semibold break-words">
              {s.number}. {s.recipient} · {s.street}, {s.place}
            </p>
            {s.cancelled ? (
              <p>Cancelled: nothing to hand over.</p>
            ) : (
              <ul aria-label={`Packages for stop ${s.number}`} className="mt-1 flex flex-col gap-1">
                {s.lines.flatMap((line, n) =>
                  (line.packages.length > 0 ? line.packages : [null]).map((p, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the manifest never reorders.
                    <li key={`${n}-${k}`} className="break-words">
                      {line.description}: {p ? p.amountText : line.amountText}{' '}
                      <span className={p?.tag ? 'font-mono text-xs' : 'font-semibold text-amber-800'}>
                        {p ? p.tagText : 'No package recorded'}
                      </span>
                    </li>
                  )),
                )}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
