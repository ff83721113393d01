import { type ReactNode, useState } from 'react';
import * as v from 'valibot';
import { LoadError, Loading, primaryButton } from '../../components/admin/AdminKit.tsx';
import { AdminGate, useAdminData } from '../../components/admin/AdminSession.tsx';
import { nyDate } from '../delivery/windows.ts';
import { dispatchApi } from './dispatch.api.ts';
import { ManifestQuery } from './dispatch.schema.ts';
import type { Manifest, ManifestStop } from './dispatch.ts';
import type { AdminRun, RunManifest, RunManifestStop } from './runs.ts';

/**
 * /delivery-manifest?date=&window=&driver=: what a driver takes on the road, made to be printed
 * (black on white, one stop per block, no stop split across pages; the page hides the admin's
 * top bar in print). Staff open it from the Deliveries tab. /delivery-manifest?run=ID (D40): a
 * run's manifest as it was kept, package by package, opened from the Runs tab.
 */
export default function ManifestPage() {
  return (
    <AdminGate>
      <ManifestLoader />
    </AdminGate>
  );
}

type Query = { ok: true; date: string; window?: string; driver: string } | { ok: false; message: string };

/** The run a ?run= address names, or null when the address names none. */
function readRun(): { ok: true; id: number } | { ok: false; message: string } | null {
  const run = new URLSearchParams(window.location.search).get('run');
  if (run === null) return null;
  return /^\d{1,15}$/.test(run) && Number(run) > 0
    ? { ok: true, id: Number(run) }
    : { ok: false, message: 'This run number is not valid.' };
}

/** The page's query, checked by the schema the server uses. */
function readQuery(): Query {
  const params = Object.fromEntries(new URLSearchParams(window.location.search));
  const parsed = v.safeParse(ManifestQuery, params);
  if (!parsed.success) return { ok: false, message: parsed.issues[0]?.message ?? 'This manifest address is not complete.' };
  const { date, window: time, driver } = parsed.output;
  return { ok: true, date: date ?? nyDate(Date.now()), ...(time ? { window: time } : {}), driver: String(driver) };
}

function ManifestLoader() {
  // AdminGate draws this only in the browser, so the address is there to read.
  const [run] = useState(readRun);
  return run ? <RunLoader run={run} /> : <WindowLoader />;
}

function RunLoader({ run }: { run: NonNullable<ReturnType<typeof readRun>> }) {
  const { state, reload } = useAdminData<AdminRun | null>(
    () => (run.ok ? dispatchApi.run(run.id) : Promise.resolve(null)),
    'Failed to load the manifest',
  );
  if (!run.ok) {
    return (
      <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
        {run.message} Open the manifest from the Runs tab of the{' '}
        <a href="/admin/delivery#runs" className="font-semibold underline">
          admin
        </a>
        .
      </p>
    );
  }
  if (state.status === 'loading') return <Loading label="Loading the manifest…" />;
  if (state.status === 'error') return <LoadError title="Failed to load the manifest" message={state.message} onRetry={reload} />;
  return state.data ? <RunManifestView run={state.data.id} manifest={state.data.manifest} /> : null;
}

function WindowLoader() {
  const [query] = useState(readQuery);
  const { state, reload } = useAdminData<Manifest | null>(
    () =>
      query.ok
        ? dispatchApi.manifest({ date: query.date, driver: query.driver, ...(query.window ? { window: query.window } : {}) })
        : Promise.resolve(null),
    'Failed to load the manifest',
  );
  if (!query.ok) {
    return (
      <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
        {query.message} Open the manifest from the Deliveries tab of the{' '}
        <a href="/admin#deliveries" className="font-semibold underline">
          admin
        </a>
        .
      </p>
    );
  }
  if (state.status === 'loading') return <Loading label="Loading the manifest…" />;
  if (state.status === 'error') return <LoadError title="Failed to load the manifest" message={state.message} onRetry={reload} />;
  return state.data ? <ManifestView manifest={state.data} /> : null;
}

function ManifestView({ manifest: m }: { manifest: Manifest }) {
  return (
    <article
      aria-labelledby="manifest-title"
      className="manifest mx-auto flex max-w-3xl flex-col gap-6 bg-white p-6 text-black print:max-w-none print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide">
            {m.shop.name} · {m.shop.phone}
          </p>
          <h1 id="manifest-title" className="text-2xl font-bold">
            Delivery manifest
          </h1>
          <p className="text-lg">{m.dateLabel}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Driver</dt>
          <dd>{m.driver.name}</dd>
          <dt className="font-semibold">Driver's phone</dt>
          <dd>{m.driver.phone}</dd>
          <dt className="font-semibold">Stops</dt>
          <dd>{m.stopCount}</dd>
          <dt className="font-semibold">Cash to collect</dt>
          <dd className="font-bold">{m.cashText}</dd>
        </dl>
        <button type="button" className={`${primaryButton} print:hidden`} onClick={() => window.print()}>
          Print
        </button>
      </header>
      {m.windows.length === 0 && <p className="text-lg">No deliveries for this driver in this window.</p>}
      {m.windows.map((w) => (
        <section key={w.id} aria-labelledby={`window-${w.id}`} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-black pb-1">
            <h2 id={`window-${w.id}`} className="text-xl font-bold">
              {w.label}
            </h2>
            <p>
              Departure <strong>{w.departureText}</strong> · {w.stops.length === 1 ? '1 stop' : `${w.stops.length} stops`} · cash{' '}
              <strong>{w.cashText}</strong>
            </p>
          </div>
          <ol className="flex flex-col gap-4">
            {w.stops.map((s) => (
              <Stop key={s.ref} stop={s} />
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}

/** What every stop on paper shows: who, where, what to collect, the instructions, then its goods. */
function StopFrame(props: {
  number: number;
  name: string;
  orderRef: string;
  street: string;
  place: string;
  phone: string;
  instructions: string;
  collect: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={`Stop ${props.number}`}
      className="manifest-stop flex flex-col gap-2 rounded-lg border border-black p-4 [break-inside:avoid] [page-break-inside:avoid]"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold">
          {props.number}. {props.name}
        </p>
        <p className="font-mono text-xs">Order {props.orderRef}</p>
      </div>
      <div className="grid gap-2 sm:grid-cols-2 print:grid-cols-2">
        <address className="not-italic">
          {props.street}
          <br />
          {props.place}
          <br />
          {props.phone}
        </address>
        <p className="text-right text-lg print:text-right">{props.collect}</p>
      </div>
      {props.instructions && (
        <p>
          <span className="font-semibold">Instructions:</span> {props.instructions}
        </p>
      )}
      {props.children}
    </li>
  );
}

const CHECKS = <p className="text-sm">ID checked (21+) ☐ · Cash received ☐</p>;

function Stop({ stop: s }: { stop: ManifestStop }) {
  return (
    <StopFrame
      number={s.number}
      name={s.customer}
      orderRef={s.ref}
      street={s.street}
      place={s.place}
      phone={s.phone}
      instructions={s.instructions}
      collect={
        <>
          Collect in cash: <strong>{s.cashText}</strong>
        </>
      }
    >
      <ul aria-label={`Items for stop ${s.number}`} className="list-inside list-disc text-sm">
        {s.items.map((i, n) => (
          // Two lines of one product differ by weight; the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
          <li key={n}>
            {i.quantity} × {i.name}
            {i.weight ? ` (${i.weight})` : ''}
          </li>
        ))}
      </ul>
      {CHECKS}
    </StopFrame>
  );
}

/**
 * A run's manifest (D40, COMAR 14.17.09.03): the shipper, the driver with their employee ID and
 * licence, the vehicle, the planned departure, arrival and route, then each stop in order with
 * every package it gets: its tag (or "Needs a tag"), what it is and how much.
 */
function RunManifestView({ run, manifest: m }: { run: number; manifest: RunManifest }) {
  const licences = m.shipper.licences.map((l) => `${l.state} ${l.number || 'not set'}`).join(' · ');
  return (
    <article
      aria-labelledby="manifest-title"
      className="manifest mx-auto flex max-w-3xl flex-col gap-6 bg-white p-6 text-black print:max-w-none print:p-0"
    >
      <header className="flex flex-col gap-4 border-b-2 border-black pb-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide">
              {m.shipper.name} · {m.shipper.phone}
            </p>
            {licences && <p className="text-sm">Licence {licences}</p>}
            <h1 id="manifest-title" className="text-2xl font-bold">
              Transport manifest, run {run}
            </h1>
            <p className="text-lg">{m.dateLabel}</p>
          </div>
          <button type="button" className={`${primaryButton} print:hidden`} onClick={() => window.print()}>
            Print
          </button>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="font-semibold">Driver</dt>
          <dd>
            {m.driver.name} · {m.driver.phone}
          </dd>
          <dt className="font-semibold">Employee ID</dt>
          <dd>{m.driver.employeeId}</dd>
          <dt className="font-semibold">Driver's licence</dt>
          <dd>{m.driver.licenceNumber}</dd>
          <dt className="font-semibold">Vehicle</dt>
          <dd>{m.vehicle.label}</dd>
          <dt className="font-semibold">Plate</dt>
          <dd>{m.vehicle.plateText}</dd>
          <dt className="font-semibold">Leaves</dt>
          <dd>{m.plannedDepartureText}</dd>
          <dt className="font-semibold">Back</dt>
          <dd>{m.plannedArrivalText}</dd>
          <dt className="font-semibold">Stops</dt>
          <dd>{m.stops.length}</dd>
          <dt className="font-semibold">Packages</dt>
          <dd>
            {m.packageCount} ({m.amountText})
          </dd>
          <dt className="font-semibold">Cash to collect</dt>
          <dd className="font-bold">{m.cashText}</dd>
        </dl>
        <p className="text-sm">
          <span className="font-semibold">Planned route:</span> {m.routeText}
        </p>
        {m.untaggedCount > 0 && (
          <p className="text-sm font-semibold">
            {m.untaggedCount} {m.untaggedCount === 1 ? 'package needs' : 'packages need'} a tag.
          </p>
        )}
      </header>
      <ol className="flex flex-col gap-4">
        {m.stops.map((s) => (
          <RunStop key={s.ref} stop={s} />
        ))}
      </ol>
      <p className="text-xs">Manifest written {m.builtAtText}.</p>
    </article>
  );
}

function RunStop({ stop: s }: { stop: RunManifestStop }) {
  return (
    <StopFrame
      number={s.number}
      name={s.recipient}
      orderRef={s.ref}
      street={s.street}
      place={s.place}
      phone={s.phone}
      instructions={s.instructions}
      collect={
        s.cancelled ? (
          <strong>Cancelled: nothing to hand over</strong>
        ) : (
          <>
            Collect in cash: <strong>{s.cashText}</strong>
          </>
        )
      }
    >
      {s.lines.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Packages for stop {s.number}</caption>
          <thead>
            <tr className="border-b border-black">
              <th scope="col" className="py-1 pr-2">
                Package tag
              </th>
              <th scope="col" className="py-1 pr-2">
                Description
              </th>
              <th scope="col" className="py-1 text-right">
                Weight / quantity
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.flatMap((line, n) =>
              line.packages.length === 0
                ? [
                    // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder.
                    <tr key={`${n}-none`}>
                      <td className="py-1 pr-2">No package recorded</td>
                      <td className="py-1 pr-2">{line.description}</td>
                      <td className="py-1 text-right">{line.amountText}</td>
                    </tr>,
                  ]
                : line.packages.map((p, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the packages never reorder.
                    <tr key={`${n}-${k}`}>
                      <td className={`py-1 pr-2 ${p.tag ? 'font-mono' : 'font-semibold'}`}>{p.tagText}</td>
                      <td className="py-1 pr-2">{line.description}</td>
                      <td className="py-1 text-right">{p.amountText}</td>
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      )}
      {!s.cancelled && CHECKS}
    </StopFrame>
  );
}
