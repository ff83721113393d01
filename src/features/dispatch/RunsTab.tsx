import { type SubmitEvent, useId, useState } from 'react';
import * as v from 'valibot';
import {
  EditDialog,
  EmptyNote,
  FormFooter,
  LoadedView,
  SelectField,
  secondaryButton,
  smallButton,
  TextAreaField,
  TextField,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { callErrors, errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { issuesToFields } from '../../lib/validation.ts';
import { addDays, isDate, nyDate } from '../delivery/windows.ts';
import { dispatchApi } from './dispatch.api.ts';
import { DELIVERY_STATE_LABELS, type DispatchDay, type DriverOption, longDateText } from './dispatch.ts';
import { RunInput, RunUpdate } from './runs.schema.ts';
import { type AdminRun, ROUTE_MAX, runManifestHref } from './runs.ts';
import { type AdminVehicle, plateText, vehicleLabel } from './vehicles.ts';

interface RunsData {
  runs: AdminRun[];
  day: DispatchDay;
  vehicles: AdminVehicle[];
}

/** An order the run form may put on a run: given to a driver that day, not yet out. */
interface Candidate {
  ref: string;
  customer: string;
  place: string;
  window: string;
  driverId: number;
}

/**
 * The Runs tab (D40): a New York date's delivery runs, each a driver in a vehicle taking orders in
 * stop order, planned to leave and be back at set times; each run's manifest, package by package,
 * opens from here to be printed. A run takes orders already given to its driver in Deliveries.
 */
export default function RunsTab() {
  const [date, setDate] = useState(() => nyDate(Date.now()));
  const baseId = useId();
  const { state, reload } = useAdminData<RunsData>(
    async () => {
      const [runs, day, vehicles] = await Promise.all([dispatchApi.runs(date), dispatchApi.day(date), dispatchApi.vehicles()]);
      return { runs: runs.runs, day, vehicles: vehicles.vehicles };
    },
    'Failed to load the runs',
    date,
  );
  const [editing, setEditing] = useState<AdminRun | 'new' | null>(null);

  const pick = (value: string) => {
    if (isDate(value)) setDate(value);
  };

  const remove = async (run: AdminRun) => {
    if (!window.confirm(`Delete run ${run.id} of ${run.driver.name}? Its orders stay with ${run.driver.name}.`)) return;
    try {
      await dispatchApi.deleteRun(run.id);
      showToast({ title: `Run ${run.id} deleted` });
      reload();
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'The run was not deleted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${baseId}-title`} className="text-xl font-bold">
            Runs
          </h2>
          <p className="text-sm text-muted">A driver in a vehicle with orders in stop order, and its manifest. Times are New York time.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <TextField id={`${baseId}-date`} label="Run date" type="date" value={date} onChange={(e) => pick(e.target.value)} />
          <button type="button" className={secondaryButton} onClick={() => pick(addDays(date, 1))}>
            Next day
          </button>
          <button type="button" className={secondaryButton} onClick={() => pick(nyDate(Date.now()))}>
            Today
          </button>
          <button type="button" className={secondaryButton} onClick={reload}>
            Refresh
          </button>
          <button type="button" className={secondaryButton} onClick={() => setEditing('new')} disabled={state.status !== 'ready'}>
            New run
          </button>
        </div>
      </div>
      <LoadedView state={state} loading="Loading the runs…" failed="Failed to load the runs" onRetry={reload}>
        {(data) => (
          <>
            <p className="font-semibold" aria-live="polite">
              {longDateText(date)}
            </p>
            {data.runs.length === 0 ? (
              <EmptyNote>No runs planned for this day</EmptyNote>
            ) : (
              <ul className="flex flex-col gap-4">
                {data.runs.map((run) => (
                  <li key={run.id}>
                    <RunCard run={run} onEdit={() => setEditing(run)} onDelete={() => void remove(run)} />
                  </li>
                ))}
              </ul>
            )}
            <EditDialog editing={editing} onClose={() => setEditing(null)} className="sm:max-w-3xl">
              {(row, titleId) => (
                <RunForm
                  run={row}
                  date={date}
                  data={data}
                  titleId={titleId}
                  onClose={() => setEditing(null)}
                  onSaved={(saved, created) => {
                    setEditing(null);
                    showToast({
                      title: created ? `Run ${saved.id} planned` : `Run ${saved.id} saved`,
                      description: 'Its manifest was written again.',
                    });
                    reload();
                  }}
                />
              )}
            </EditDialog>
          </>
        )}
      </LoadedView>
    </section>
  );
}

function RunCard({ run, onEdit, onDelete }: { run: AdminRun; onEdit: () => void; onDelete: () => void }) {
  const headingId = useId();
  const m = run.manifest;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-bold">
            Run {run.id}: {run.driver.name}
          </h3>
          <p className="text-sm">
            {run.vehicle.label} · <span className="font-mono">{run.vehicle.plateText}</span>
          </p>
          <p className="text-sm">
            Leaves {m.plannedDepartureText} · back {m.plannedArrivalText}
          </p>
          {m.untaggedCount > 0 && (
            <p className="text-sm font-semibold text-amber-800">
              {m.untaggedCount} {m.untaggedCount === 1 ? 'package needs' : 'packages need'} a tag
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={runManifestHref(run.id)} className={smallButton}>
            Manifest<span className="sr-only"> of run {run.id}</span>
          </a>
          {run.editable ? (
            <>
              <button type="button" className={smallButton} onClick={onEdit} aria-label={`Edit run ${run.id}`}>
                Edit
              </button>
              <button type="button" className={smallButton} onClick={onDelete} aria-label={`Delete run ${run.id}`}>
                Delete
              </button>
            </>
          ) : (
            <span className="text-sm text-muted">On the road: the manifest stands</span>
          )}
        </div>
      </div>
      <ol aria-label={`Stops of run ${run.id}`} className="list-inside list-decimal text-sm">
        {run.stops.map((s) => (
          <li key={s.ref}>
            {s.customer} <span className="font-mono text-xs">{s.ref}</span> ·{' '}
            {s.status === 'cancelled' ? 'Cancelled' : DELIVERY_STATE_LABELS[s.deliveryStatus]}
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The orders of the day a run may take, by driver: given to them, not yet out, on no other run. */
function candidates(day: DispatchDay, runs: readonly AdminRun[], self: AdminRun | null): Candidate[] {
  const taken = new Set(runs.filter((r) => r.id !== self?.id).flatMap((r) => r.stops.map((s) => s.ref)));
  return day.windows.flatMap((w) =>
    w.orders
      .filter((o) => o.driver && o.deliveryStatus === 'assigned' && o.assignable && !taken.has(o.ref))
      .map((o) => ({ ref: o.ref, customer: o.customer, place: o.address, window: w.label, driverId: o.driver?.id ?? 0 })),
  );
}

interface Form {
  driverId: string;
  vehicleId: string;
  plannedDeparture: string;
  plannedArrival: string;
  route: string;
}

const FIELDS = new Set(['driverId', 'vehicleId', 'plannedDeparture', 'plannedArrival', 'route', 'orderRefs']);

/** 'HH:mm' of a wall time on `date`; the whole wall time when it falls on another day. */
const timeOn = (wall: string, date: string) => (wall.slice(0, 10) === date ? wall.slice(11) : wall);

function RunForm({
  run,
  date,
  data,
  titleId,
  onClose,
  onSaved,
}: {
  run: AdminRun | null;
  date: string;
  data: RunsData;
  titleId: string;
  onClose: () => void;
  onSaved: (run: AdminRun, created: boolean) => void;
}) {
  const runDate = run?.date ?? date;
  const initial: Form = {
    driverId: run ? String(run.driver.id) : String(data.day.drivers[0]?.id ?? ''),
    vehicleId: run ? String(run.vehicle.id) : String(data.vehicles.find((x) => x.active)?.id ?? ''),
    plannedDeparture: run ? timeOn(run.plannedDepartureWall, runDate) : '',
    plannedArrival: run ? timeOn(run.plannedArrivalWall, runDate) : '',
    route: run?.route ?? '',
  };
  const { form, errors, showErrors, formRef, text, busy, setBusy } = useEditForm<Form>(initial);
  const [stops, setStops] = useState<string[]>(() => run?.stops.map((s) => s.ref) ?? []);
  const listId = useId();

  const driverId = Number(form.driverId);
  const drivers: DriverOption[] = run ? [{ id: run.driver.id, name: run.driver.name }] : data.day.drivers;
  const vehicles = data.vehicles.filter((x) => x.active || x.id === run?.vehicle.id);
  const pool = candidates(data.day, data.runs, run);
  const byRef = new Map(pool.map((c) => [c.ref, c]));
  const available = pool.filter((c) => c.driverId === driverId && !stops.includes(c.ref));

  const move = (i: number, by: number) =>
    setStops((list) => {
      const next = [...list];
      const [ref] = next.splice(i, 1);
      if (ref) next.splice(i + by, 0, ref);
      return next;
    });

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    const changed = <K extends keyof Form>(k: K) => (run && form[k] === initial[k] ? {} : { [k]: form[k] });
    const input = run
      ? {
          ...(form.vehicleId === initial.vehicleId ? {} : { vehicleId: Number(form.vehicleId) }),
          ...changed('plannedDeparture'),
          ...changed('plannedArrival'),
          ...changed('route'),
          orderRefs: stops,
        }
      : { ...form, driverId, vehicleId: Number(form.vehicleId), date: runDate, orderRefs: stops };
    const parsed = run ? v.safeParse(RunUpdate, input) : v.safeParse(RunInput, input);
    if (!parsed.success) {
      showErrors(Object.fromEntries(Object.entries(issuesToFields(parsed.issues)).map(([k, m]) => [k.split('.')[0] ?? k, m])));
      return;
    }
    setBusy(true);
    try {
      const saved = run
        ? await dispatchApi.updateRun(run.id, parsed.output as RunUpdate)
        : await dispatchApi.createRun(parsed.output as RunInput);
      onSaved(saved, run == null);
    } catch (err) {
      setBusy(false);
      if (!sessionEnded(err)) showErrors(callErrors(err, 'The run was not saved. Please try again.'));
    }
  };

  const otherErrors = Object.entries(errors).filter(([field]) => !FIELDS.has(field));

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {run ? `Edit run ${run.id}` : 'New run'} · {longDateText(runDate)}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...text('driverId')}
          onChange={(e) => {
            // Another driver's orders are not theirs to carry: the stops start again.
            text('driverId').onChange(e);
            setStops([]);
          }}
          label="Driver"
          disabled={run != null}
          hint={run ? 'A run for another driver is a new run.' : undefined}
        >
          {drivers.length === 0 && <option value="">No active drivers</option>}
          {drivers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...text('vehicleId')} label="Vehicle">
          {vehicles.length === 0 && <option value="">No active vehicles: add one in Vehicles</option>}
          {vehicles.map((x) => (
            <option key={x.id} value={x.id}>
              {vehicleLabel(x)} ({plateText(x)})
            </option>
          ))}
        </SelectField>
        <TextField {...text('plannedDeparture')} label="Planned departure (New York)" type="time" />
        <TextField {...text('plannedArrival')} label="Planned arrival back (New York)" type="time" />
      </div>
      <TextAreaField
        {...text('route')}
        label="Planned route"
        optional
        rows={2}
        maxLength={ROUTE_MAX}
        hint="In words, as the state's delivery report asks for it. Left empty, the manifest lists the stops in order."
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.orderRefs ? `${listId}-error` : undefined}>
        <legend className="text-sm font-semibold">Stops, in the order the driver takes them</legend>
        {errors.orderRefs && (
          <p id={`${listId}-error`} role="alert" className="text-sm text-red-700">
            {errors.orderRefs}
          </p>
        )}
        {stops.length === 0 ? (
          <p className="text-sm text-muted">No stops yet: add orders below.</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {stops.map((ref, i) => {
              const c = byRef.get(ref);
              const name = c ? `${c.customer} (${ref})` : ref;
              return (
                <li key={ref} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-2 text-sm">
                  <span>
                    <strong>{i + 1}.</strong> {name}
                    {c && <span className="block text-xs text-muted">{c.place}</span>}
                  </span>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      className={smallButton}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`Move ${name} up`}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={i === stops.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`Move ${name} down`}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => setStops((list) => list.filter((r) => r !== ref))}
                      aria-label={`Take ${name} off the run`}
                    >
                      Remove
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <h3 className="mt-2 text-sm font-semibold">Orders given to this driver that day</h3>
        {available.length === 0 ? (
          <p className="text-sm text-muted">None left: give orders to the driver in Deliveries first.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {available.map((c) => (
              <li key={c.ref} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {c.customer} <span className="font-mono text-xs">{c.ref}</span>
                  <span className="block text-xs text-muted">
                    {c.window} · {c.place}
                  </span>
                </span>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => setStops((list) => [...list, c.ref])}
                  aria-label={`Add ${c.customer} (${c.ref}) to the run`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} submitLabel={run ? 'Save run' : 'Plan run'} />
    </form>
  );
}
