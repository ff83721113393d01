import { useState } from 'react';
import * as v from 'valibot';
import { LoadError, Loading, primaryButton } from '../../components/admin/AdminKit.tsx';
import { AdminGate, useAdminData } from '../../components/admin/AdminSession.tsx';
import { nyDate } from '../delivery/windows.ts';
import { dispatchApi } from './dispatch.api.ts';
import { ManifestQuery } from './dispatch.schema.ts';
import type { Manifest, ManifestStop } from './dispatch.ts';

/**
 * /delivery-manifest?date=&window=&driver=: what a driver takes on the road, made to be printed
 * (black on white, one stop per block, no stop split across pages; the page hides the admin's
 * top bar in print). Staff open it from the Deliveries tab.
 */
export default function ManifestPage() {
  return (
    <AdminGate>
      <ManifestLoader />
    </AdminGate>
  );
}

type Query = { ok: true; date: string; window?: string; driver: string } | { ok: false; message: string };

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

function Stop({ stop: s }: { stop: ManifestStop }) {
  return (
    <li
      aria-label={`Stop ${s.number}`}
      className="manifest-stop flex flex-col gap-2 rounded-lg border border-black p-4 [break-inside:avoid] [page-break-inside:avoid]"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold">
          {s.number}. {s.customer}
        </p>
        <p className="font-mono text-xs">Order {s.ref}</p>
      </div>
      <div className="grid gap-2 sm:grid-cols-2 print:grid-cols-2">
        <address className="not-italic">
          {s.street}
          <br />
          {s.place}
          <br />
          {s.phone}
        </address>
        <p className="text-right text-lg print:text-right">
          Collect in cash: <strong>{s.cashText}</strong>
        </p>
      </div>
      {s.instructions && (
        <p>
          <span className="font-semibold">Instructions:</span> {s.instructions}
        </p>
      )}
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
      <p className="text-sm">ID checked (21+) ☐ · Cash received ☐</p>
    </li>
  );
}
