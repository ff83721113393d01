/**
 * D40: delivery runs, pure. A run is one driver in one vehicle taking orders in stop order, planned
 * to leave and be back at set times; its manifest (COMAR 14.17.09.03, and what Metrc's delivery
 * report asks for: the driver's name, employee ID and licence, the vehicle's make, model and plate,
 * the planned route, the estimated departure and arrival) lists every package it carries, stop by
 * stop. The server reads the rows; this module decides the planned times and builds the manifest,
 * which the server keeps as it was written (so a product renamed later does not rewrite what was
 * carried).
 */

import type { DeliveryState } from '../../db/delivery-values.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatNyTime, fromNyWallTime, nyDate } from '../../lib/ny-time.ts';
import { isTraced } from '../inventory/packages.ts';
import { findWeight } from '../pricing/pricing.ts';
import { longDateText } from './dispatch.ts';

/** The most stops one run takes. */
export const MAX_RUN_STOPS = 60;
/** A run is planned to be back within this many hours of leaving. */
export const MAX_RUN_HOURS = 24;
export const ROUTE_MAX = 2000;

// ---------------------------------------------------------------------------------------------
// Planned times
// ---------------------------------------------------------------------------------------------

/** 'HH:mm' on the run's date, a New York wall time 'YYYY-MM-DDTHH:mm', or an ISO instant with its offset. */
export const PLANNED_TIME_PATTERN =
  /^(?:\d{2}:\d{2}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/;

export type TimeResult = { ok: true; ms: number } | { ok: false; message: string };

/**
 * The instant a planned time names: 'HH:mm' is New York wall time on `date`, 'YYYY-MM-DDTHH:mm'
 * New York wall time on its own date (a skipped spring-forward time names none; in the fall-back
 * hour the first occurrence counts, as everywhere in the shop), and an ISO time with an offset is
 * that instant.
 */
export function plannedInstant(date: string, text: string): TimeResult {
  if (!PLANNED_TIME_PATTERN.test(text)) {
    return { ok: false, message: 'Enter the time as HH:mm (New York), or a date and time YYYY-MM-DDTHH:mm' };
  }
  if (HAS_OFFSET.test(text)) {
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? { ok: true, ms } : { ok: false, message: `${text} is not a real date and time` };
  }
  return fromNyWallTime(text.length === 5 ? `${date}T${text}` : text);
}

export interface PlannedTimes {
  plannedDeparture: number;
  plannedArrival: number;
}

/**
 * The run's planned departure and arrival from what the admin typed, or the field errors: each
 * must name a time New York's clocks show, the departure must be on the run's date, and the
 * arrival after it, within MAX_RUN_HOURS. A time not sent keeps `current`'s.
 */
export function planTimes(
  date: string,
  input: { plannedDeparture?: string | undefined; plannedArrival?: string | undefined },
  current?: PlannedTimes,
): { ok: true; times: PlannedTimes } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const resolve = (key: keyof PlannedTimes): number | null => {
    const text = input[key];
    if (text === undefined) return current ? current[key] : null;
    const r = plannedInstant(date, text);
    if (!r.ok) fields[key] = r.message;
    return r.ok ? r.ms : null;
  };
  const departure = resolve('plannedDeparture');
  const arrival = resolve('plannedArrival');
  if (departure != null && nyDate(departure) !== date) {
    fields.plannedDeparture = `The run leaves on ${longDateText(date)}: plan its departure on that day (New York time).`;
  }
  if (departure != null && arrival != null && !fields.plannedDeparture) {
    if (arrival <= departure) fields.plannedArrival = 'The planned arrival back must be after the departure.';
    else if (arrival - departure > MAX_RUN_HOURS * 3_600_000) {
      fields.plannedArrival = `A run is planned to be back within ${MAX_RUN_HOURS} hours of leaving.`;
    }
  }
  if (departure == null || arrival == null || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, times: { plannedDeparture: departure, plannedArrival: arrival } };
}

// ---------------------------------------------------------------------------------------------
// Which orders a run may take
// ---------------------------------------------------------------------------------------------

/** An order as a run's checks read it. */
export interface RunOrderState {
  ref: string;
  status: OrderStatus;
  deliveryStatus: DeliveryState;
  driverId: number | null;
  windowStart: number | null;
  /** The run the order is on now, if any. */
  runId: number | null;
}

/**
 * Why an order cannot be a stop of the run (`runId` null for a new run) of driver `driverId` on
 * `date`, in the staff's words, or null. D40: a run takes only orders already given to its driver
 * in Deliveries (assigning stays the one step that confirms an order and e-mails its customer),
 * booked into a window that day, not yet out, delivered, failed or cancelled, and on no other run.
 */
export function stopRefusal(o: RunOrderState, run: { runId: number | null; driverId: number; date: string }): string | null {
  if (o.status === 'cancelled') return 'cancelled';
  if (o.deliveryStatus === 'failed') return 'its delivery failed';
  if (o.status === 'delivered' || o.deliveryStatus === 'delivered') return 'delivered';
  if (o.status === 'shipped' || o.deliveryStatus === 'out') return 'out for delivery';
  if (o.driverId !== run.driverId || o.deliveryStatus !== 'assigned') return 'not assigned to this driver in Deliveries';
  if (o.windowStart == null || nyDate(o.windowStart) !== run.date) return 'its delivery window is on another day';
  if (o.runId != null && o.runId !== run.runId) return `already on run ${o.runId}`;
  return null;
}

/** The 409 sentence for orders a run cannot take, each with why. */
export function stopRefusalMessage(refused: readonly { ref: string; why: string }[]): string {
  const first = refused[0];
  return refused.length === 1 && first
    ? `Order ${first.ref} cannot go on this run: ${first.why}. Nothing was changed.`
    : `These orders cannot go on this run: ${refused.map((r) => `${r.ref} (${r.why})`).join(', ')}. Nothing was changed.`;
}

/** A run may be changed or deleted until one of its stops is out for delivery (or done). */
export function runHasLeft(stops: readonly { status: OrderStatus; deliveryStatus: DeliveryState }[]): boolean {
  return stops.some(
    (s) =>
      s.status === 'shipped' ||
      s.status === 'delivered' ||
      s.deliveryStatus === 'out' ||
      s.deliveryStatus === 'delivered' ||
      s.deliveryStatus === 'failed',
  );
}

// ---------------------------------------------------------------------------------------------
// The manifest
// ---------------------------------------------------------------------------------------------

/** A package a line went out in (inventory's LinePackage, as the manifest reads it). */
export interface ManifestPackageInput {
  tag: string | null;
  quantity: number;
  unit: 'g' | 'each';
  batch: string;
}

export interface RunManifestInput {
  shipper: { name: string; phone: string; licences: readonly { state: string; number: string }[] };
  driver: { name: string; phone: string; employeeId: string; licenceNumber: string };
  vehicle: { make: string; model: string; colour: string; plate: string; registrationState: string };
  /** 'YYYY-MM-DD', New York. */
  date: string;
  plannedDeparture: number;
  plannedArrival: number;
  route: string;
  /** In stop order. */
  stops: readonly {
    ref: string;
    cancelled: boolean;
    firstName: string;
    lastName: string;
    phone: string;
    deliveryAddress: string;
    deliveryApartment: string;
    deliveryCity: string;
    deliveryState: string;
    deliveryZipCode: string;
    deliveryInstructions: string;
    total: number;
    /** `weight` is the line's weight key ('half-oz'), read with its category. */
    lines: readonly {
      name: string;
      category: string;
      weight: string | null;
      quantity: number;
      packages: readonly ManifestPackageInput[];
    }[];
  }[];
  /** When the manifest was written (epoch ms). */
  builtAt: number;
}

export interface RunManifestPackage {
  /** The Metrc tag; null while the package waits for one. */
  tag: string | null;
  /** The tag, or 'Needs a tag'. */
  tagText: string;
  quantity: number;
  unit: 'g' | 'each';
  /** '14 g', '2 pieces'. */
  amountText: string;
  batch: string;
}

export interface RunManifestLine {
  /** The product with its weight: 'Blue Dream (1/2 oz)'. */
  description: string;
  /** Units ordered. */
  quantity: number;
  /** What the line weighs or counts in all: '28 g', '2 pieces'. */
  amountText: string;
  packages: RunManifestPackage[];
}

export interface RunManifestStop {
  /** 1, 2, 3 … in the order the driver takes them. */
  number: number;
  ref: string;
  recipient: string;
  phone: string;
  street: string;
  /** 'Rockville, MD 20850'. */
  place: string;
  instructions: string;
  /** Cancelled after the run was planned: nothing to hand over, no cash. */
  cancelled: boolean;
  lines: RunManifestLine[];
  cash: number;
  cashText: string;
}

/**
 * A run's manifest as it is kept (delivery_runs.manifest). It names no database ids, so the
 * driver's page can show it as it is.
 */
export interface RunManifest {
  shipper: RunManifestInput['shipper'];
  driver: RunManifestInput['driver'];
  vehicle: RunManifestInput['vehicle'] & { label: string; plateText: string };
  date: string;
  dateLabel: string;
  plannedDeparture: number;
  plannedDepartureText: string;
  plannedArrival: number;
  plannedArrivalText: string;
  /** As planned, in the admin's words; empty when none was written. */
  route: string;
  /** The route to print: the admin's, or the stops' places in order when none was written. */
  routeText: string;
  stops: RunManifestStop[];
  /** Packages carried in all, and how many of them still need a tag. */
  packageCount: number;
  untaggedCount: number;
  /** Grams and pieces carried in all. */
  grams: number;
  pieces: number;
  amountText: string;
  cash: number;
  cashText: string;
  builtAt: number;
  builtAtText: string;
}

/** The words on a package that has no tag yet (D40). */
export const NEEDS_A_TAG = 'Needs a tag';
/** What an accessory's package says instead: Metrc does not trace it (D40). */
export const NOT_TRACED = 'Not tracked in Metrc';

/** Grams to three decimals at most, without trailing zeros: 14, 3.5, 0.125. */
const roundGrams = (g: number) => Math.round(g * 1000) / 1000;

/** '14 g', '1 piece', '3 pieces'. */
export function amountText(quantity: number, unit: 'g' | 'each'): string {
  if (unit === 'g') return `${roundGrams(quantity)} g`;
  return `${quantity} ${quantity === 1 ? 'piece' : 'pieces'}`;
}

function amountsText(grams: number, pieces: number): string {
  const parts = [grams > 0 ? amountText(grams, 'g') : '', pieces > 0 ? amountText(pieces, 'each') : ''].filter(Boolean);
  return parts.join(' and ') || 'nothing';
}

type LineInput = RunManifestInput['stops'][number]['lines'][number];

function manifestLine(line: LineInput): RunManifestLine {
  const weight = line.weight == null ? undefined : findWeight(line.category, line.weight);
  const weightText = line.weight == null ? null : (weight?.label ?? line.weight);
  const packages = line.packages.map(
    (p): RunManifestPackage => ({
      tag: p.tag,
      tagText: p.tag ?? (isTraced(line.category) ? NEEDS_A_TAG : NOT_TRACED),
      quantity: p.unit === 'g' ? roundGrams(p.quantity) : p.quantity,
      unit: p.unit,
      amountText: amountText(p.quantity, p.unit),
      batch: p.batch,
    }),
  );
  // What the line carries is what its packages gave; an untracked product (D6) has none, and is
  // counted from the order: its weight times the units, or the units.
  const unit = packages[0]?.unit ?? (weight ? 'g' : 'each');
  const total =
    packages.length > 0 ? packages.reduce((sum, p) => sum + p.quantity, 0) : weight ? weight.grams * line.quantity : line.quantity;
  return {
    description: weightText ? `${line.name} (${weightText})` : line.name,
    quantity: line.quantity,
    amountText: amountText(total, unit),
    packages,
  };
}

/**
 * The manifest of a run: who carries it in what, when it leaves and is due back, by which route,
 * and each stop in order with every line's packages (tag, or "Needs a tag", and what each gave).
 * A stop whose order was cancelled stays listed, marked, with nothing to hand over.
 */
export function buildRunManifest(input: RunManifestInput): RunManifest {
  let grams = 0;
  let pieces = 0;
  let packageCount = 0;
  let untaggedCount = 0;
  const stops = input.stops.map((s, i): RunManifestStop => {
    const lines = s.cancelled ? [] : s.lines.map(manifestLine);
    for (const line of lines) {
      for (const p of line.packages) {
        packageCount += 1;
        if (p.tagText === NEEDS_A_TAG) untaggedCount += 1;
        if (p.unit === 'g') grams += p.quantity;
        else pieces += p.quantity;
      }
    }
    const cash = s.cancelled ? 0 : s.total;
    return {
      number: i + 1,
      ref: s.ref,
      recipient: `${s.firstName} ${s.lastName}`,
      phone: s.phone,
      street: s.deliveryApartment ? `${s.deliveryAddress}, ${s.deliveryApartment}` : s.deliveryAddress,
      place: `${s.deliveryCity}, ${s.deliveryState} ${s.deliveryZipCode}`,
      instructions: s.deliveryInstructions,
      cancelled: s.cancelled,
      lines,
      cash,
      cashText: formatMoney(cash),
    };
  });
  const route = input.route.trim();
  const cash = stops.reduce((sum, s) => sum + s.cash, 0);
  const v = input.vehicle;
  return {
    shipper: { ...input.shipper, licences: [...input.shipper.licences] },
    driver: { ...input.driver },
    vehicle: {
      ...v,
      label: `${v.make} ${v.model}${v.colour ? `, ${v.colour}` : ''}`,
      plateText: `${v.registrationState} ${v.plate}`,
    },
    date: input.date,
    dateLabel: longDateText(input.date),
    plannedDeparture: input.plannedDeparture,
    plannedDepartureText: formatNyTime(input.plannedDeparture),
    plannedArrival: input.plannedArrival,
    plannedArrivalText: formatNyTime(input.plannedArrival),
    route,
    routeText:
      route ||
      ['From the shop', ...stops.filter((s) => !s.cancelled).map((s) => `${s.number}. ${s.street}, ${s.place}`), 'back to the shop'].join(
        ' → ',
      ),
    stops,
    packageCount,
    untaggedCount,
    grams: roundGrams(grams),
    pieces,
    amountText: amountsText(grams, pieces),
    cash,
    cashText: formatMoney(cash),
    builtAt: input.builtAt,
    builtAtText: formatNyTime(input.builtAt),
  };
}

// ---------------------------------------------------------------------------------------------
// What the screens read
// ---------------------------------------------------------------------------------------------

/** A stop as the runs list shows it: its order as it is now. */
export interface RunStopNow {
  position: number;
  ref: string;
  customer: string;
  status: OrderStatus;
  deliveryStatus: DeliveryState;
}

/** A run as the Runs tab lists it and GET /api/admin/runs/:id answers. */
export interface AdminRun {
  id: number;
  date: string;
  driver: { id: number; name: string };
  vehicle: { id: number; label: string; plateText: string };
  plannedDeparture: number;
  plannedArrival: number;
  /** New York wall times 'YYYY-MM-DDTHH:mm', as a form edits them. */
  plannedDepartureWall: string;
  plannedArrivalWall: string;
  route: string;
  stops: RunStopNow[];
  /** False once a stop is out for delivery or done: the run has left and its manifest stands. */
  editable: boolean;
  createdBy: string;
  updatedAt: number;
  /** The manifest as kept. */
  manifest: RunManifest;
}

/** A run on the driver's page: no database ids, only the run's number and its kept manifest. */
export interface DriverRun {
  number: number;
  manifest: RunManifest;
}

/** The manifest page's address for a run. */
export const runManifestHref = (runId: number): string => `/delivery-manifest?run=${runId}`;
