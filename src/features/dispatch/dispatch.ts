/**
 * D30, D36: dispatch, pure. A day's orders grouped by their delivery window (every window of that
 * day's schedule, even an empty one, and the windows orders were booked into that the schedule no
 * longer has), the places booked against each window's capacity, which orders may still be given
 * to a driver, and the printed manifest a driver takes on the road. The server reads the rows;
 * this module decides what the staff screens show.
 */

import type { DeliveryState } from '../../db/delivery-values.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { fromNyWallTime, NY_TIME_ZONE, toNyWallTime } from '../../lib/ny-time.ts';
import { addDays, datedWindows, parseMinute, partOfDay, type ScheduleWindow, timeText, windowLabel } from '../delivery/windows.ts';
import { findWeight } from '../pricing/pricing.ts';

/** Who an order goes to and what they pay at the door: what dispatch and the manifest both show. */
interface DeliveryRecipient {
  ref: string;
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
}

/** An order of the day as the server reads it. */
export interface DispatchOrderRow extends DeliveryRecipient {
  status: OrderStatus;
  deliveryStatus: DeliveryState;
  itemCount: number;
  windowStart: number;
  windowEnd: number | null;
  windowCapacity: number | null;
  driverId: number | null;
  driverName: string | null;
  driverActive: boolean | null;
}

/** An order as a window's table lists it. */
export interface DispatchOrder {
  ref: string;
  status: OrderStatus;
  deliveryStatus: DeliveryState;
  customer: string;
  phone: string;
  /** Street and apartment, then city, state and ZIP. */
  address: string;
  zip: string;
  instructions: string;
  itemCount: number;
  /** Cents, collected in cash at the door. */
  total: number;
  driver: { id: number; name: string; active: boolean } | null;
  /** Whether dispatch may still give it to a driver (or take it back). */
  assignable: boolean;
}

export interface DispatchWindow {
  /** The window's New York start, 'YYYY-MM-DDTHH:mm': what assigning a whole window names. */
  id: string;
  /** 'HH:mm', New York: the manifest's `window`. */
  time: string;
  start: number;
  end: number;
  /** 'Evening, 5:00 PM - 9:00 PM'. */
  label: string;
  /** The schedule's capacity; for a window the schedule no longer has, the one its orders were booked with. */
  capacity: number;
  /** Orders in it that are not cancelled (a cancelled order frees its place, D36). */
  booked: number;
  /** False for a window orders were booked into that the schedule no longer has. */
  scheduled: boolean;
  /** Not cancelled, in ZIP order (nearby stops together). */
  orders: DispatchOrder[];
  /** Cancelled orders, listed apart: they take no place and go on no manifest. */
  cancelled: DispatchOrder[];
  /** The drivers with an order of this window, for its manifests. */
  drivers: { id: number; name: string }[];
}

export interface DriverOption {
  id: number;
  name: string;
}

export interface DispatchDay {
  /** 'YYYY-MM-DD', New York. */
  date: string;
  /** 'Thursday, November 26, 2026'. */
  dateLabel: string;
  /** The shop's note when the date is closed (D36); its schedule then has no windows that day. */
  closed: { note: string } | null;
  windows: DispatchWindow[];
  /** Active drivers: the ones who may be given deliveries. */
  drivers: DriverOption[];
}

/** D30: a delivery's own state, as the staff screens name it. */
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  unassigned: 'No driver',
  assigned: 'Assigned',
  out: 'Out for delivery',
  delivered: 'Delivered',
  failed: 'Failed',
};

/**
 * Why dispatch can no longer give an order to a driver, in the staff's words, or null when it can
 * (D30: a delivery on its way, done or failed, or a cancelled order, is settled).
 */
export function assignRefusal(order: { status: OrderStatus; deliveryStatus: DeliveryState }): string | null {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.deliveryStatus === 'failed') return 'its delivery failed';
  if (order.status === 'delivered' || order.deliveryStatus === 'delivered') return 'delivered';
  if (order.status === 'shipped' || order.deliveryStatus === 'out') return 'out for delivery';
  return null;
}

/** The 409 sentence for orders that cannot be assigned, each with why. */
export function refusalMessage(refused: readonly { ref: string; why: string }[]): string {
  const parts = refused.map((r) => `${r.ref} (${r.why})`);
  return refused.length === 1 && refused[0]
    ? `Order ${refused[0].ref} can no longer be assigned: ${refused[0].why}. Nothing was changed.`
    : `These orders can no longer be assigned: ${parts.join(', ')}. Nothing was changed.`;
}

/** The instants New York's `date` starts and the next day starts, as a [from, to) range. */
export function dayRange(date: string): { from: number; to: number } {
  // Midnight is never skipped or repeated in New York (its clocks change at 2 AM).
  const at = (d: string) => {
    const r = fromNyWallTime(`${d}T00:00`);
    if (!r.ok) throw new RangeError(r.message);
    return r.ms;
  };
  return { from: at(date), to: at(addDays(date, 1)) };
}

/** The schedule's windows on one New York date, in start order (none on a closed date). */
export function windowsOfDate(schedule: readonly ScheduleWindow[], date: string, closed: boolean) {
  if (closed) return [];
  // Noon of the date stands for "now": it names the date, and the day's windows are all there is.
  const noon = fromNyWallTime(`${date}T12:00`);
  if (!noon.ok) return [];
  return datedWindows(schedule, { cutoffMinutes: 0, daysAhead: 0 }, new Set(), noon.ms);
}

/** 'Morning, 9:00 AM - 12:00 PM' of any window, from its instants. */
export function labelOf(start: number, end: number): string {
  return windowLabel({ part: partOfDay(parseMinute(toNyWallTime(start).slice(11)) ?? 0), start, end });
}

const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: NY_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Thursday, November 26, 2026' of a New York date. */
export function longDateText(date: string): string {
  const noon = fromNyWallTime(`${date}T12:00`);
  return noon.ok ? LONG_DATE.format(new Date(noon.ms)) : date;
}

function streetOf(o: Pick<DispatchOrderRow, 'deliveryAddress' | 'deliveryApartment'>): string {
  return o.deliveryApartment ? `${o.deliveryAddress}, ${o.deliveryApartment}` : o.deliveryAddress;
}

function toDispatchOrder(o: DispatchOrderRow): DispatchOrder {
  return {
    ref: o.ref,
    status: o.status,
    deliveryStatus: o.deliveryStatus,
    customer: `${o.firstName} ${o.lastName}`,
    phone: o.phone,
    address: `${streetOf(o)}, ${o.deliveryCity}, ${o.deliveryState} ${o.deliveryZipCode}`,
    zip: o.deliveryZipCode,
    instructions: o.deliveryInstructions,
    itemCount: o.itemCount,
    total: o.total,
    driver: o.driverId == null ? null : { id: o.driverId, name: o.driverName ?? `Driver ${o.driverId}`, active: o.driverActive ?? false },
    assignable: assignRefusal(o) == null,
  };
}

const byZip = (a: { zip: string; ref: string }, b: { zip: string; ref: string }) =>
  a.zip.localeCompare(b.zip) || a.ref.localeCompare(b.ref);

/**
 * The dispatch view of one New York date: each window of its schedule (even empty), then any
 * window the day's orders were booked into that the schedule no longer has, in start order; each
 * with its orders and the places booked against its capacity.
 */
export function dispatchDay(input: {
  date: string;
  schedule: readonly ScheduleWindow[];
  closedNote: string | null;
  orders: readonly DispatchOrderRow[];
  drivers: readonly DriverOption[];
}): DispatchDay {
  const windows = new Map<number, DispatchWindow>();
  const open = (start: number, end: number, capacity: number, scheduled: boolean) => {
    const wall = toNyWallTime(start);
    const w: DispatchWindow = {
      id: wall,
      time: wall.slice(11),
      start,
      end,
      label: labelOf(start, end),
      capacity,
      booked: 0,
      scheduled,
      orders: [],
      cancelled: [],
      drivers: [],
    };
    windows.set(start, w);
    return w;
  };
  for (const w of windowsOfDate(input.schedule, input.date, input.closedNote != null)) open(w.start, w.end, w.capacity, true);
  for (const row of input.orders) {
    const w = windows.get(row.windowStart) ?? open(row.windowStart, row.windowEnd ?? row.windowStart, row.windowCapacity ?? 0, false);
    const order = toDispatchOrder(row);
    if (order.status === 'cancelled') {
      w.cancelled.push(order);
      continue;
    }
    w.orders.push(order);
    w.booked += 1;
    if (!w.scheduled) w.capacity = Math.max(w.capacity, row.windowCapacity ?? 0);
    if (order.driver && !w.drivers.some((d) => d.id === order.driver?.id)) w.drivers.push({ id: order.driver.id, name: order.driver.name });
  }
  const list = [...windows.values()].sort((a, b) => a.start - b.start);
  for (const w of list) {
    w.orders.sort(byZip);
    w.cancelled.sort(byZip);
    w.drivers.sort((a, b) => a.name.localeCompare(b.name));
  }
  return {
    date: input.date,
    dateLabel: longDateText(input.date),
    closed: input.closedNote == null ? null : { note: input.closedNote },
    windows: list,
    drivers: [...input.drivers],
  };
}

/** "booked 7 of 10". */
export const bookedText = (w: Pick<DispatchWindow, 'booked' | 'capacity'>): string => `booked ${w.booked} of ${w.capacity}`;

// ---------------------------------------------------------------------------------------------
// The manifest
// ---------------------------------------------------------------------------------------------

/** An order on a manifest, as the server reads it with its lines. */
export interface ManifestOrderRow extends DeliveryRecipient {
  windowStart: number;
  windowEnd: number | null;
  /** `weight` is the line's weight key ('half-oz'), read with its category. */
  items: { name: string; category: string; quantity: number; weight: string | null }[];
}

export interface ManifestStop {
  /** 1, 2, 3 … across the whole manifest. */
  number: number;
  ref: string;
  customer: string;
  phone: string;
  /** Street with apartment. */
  street: string;
  /** 'Rockville, MD 20850'. */
  place: string;
  instructions: string;
  /** `weight` as the menu writes it ('1/2 oz'), null for a product sold by the piece. */
  items: { name: string; quantity: number; weight: string | null }[];
  /** Cents to collect in cash (the order's total). */
  cash: number;
  cashText: string;
}

export interface ManifestWindow {
  id: string;
  label: string;
  /** The window's start: the driver leaves then. */
  departure: number;
  departureText: string;
  stops: ManifestStop[];
  cash: number;
  cashText: string;
}

export interface Manifest {
  shop: { name: string; phone: string };
  driver: { id: number; name: string; phone: string };
  date: string;
  dateLabel: string;
  windows: ManifestWindow[];
  stopCount: number;
  cash: number;
  cashText: string;
}

/**
 * A driver's manifest: the stops of each of their windows that day in departure order, nearby
 * ZIPs together, with what to hand over and the cash to collect. Cancelled orders never reach it
 * (the server leaves them out).
 */
export function buildManifest(input: {
  shop: { name: string; phone: string };
  driver: { id: number; name: string; phone: string };
  date: string;
  orders: readonly ManifestOrderRow[];
}): Manifest {
  const groups = new Map<number, ManifestOrderRow[]>();
  for (const o of input.orders) groups.set(o.windowStart, [...(groups.get(o.windowStart) ?? []), o]);
  let number = 0;
  const windows = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, rows]): ManifestWindow => {
      const end = Math.max(...rows.map((r) => r.windowEnd ?? start));
      const stops = [...rows]
        .sort((a, b) => a.deliveryZipCode.localeCompare(b.deliveryZipCode) || a.ref.localeCompare(b.ref))
        .map(
          (o): ManifestStop => ({
            number: ++number,
            ref: o.ref,
            customer: `${o.firstName} ${o.lastName}`,
            phone: o.phone,
            street: streetOf(o),
            place: `${o.deliveryCity}, ${o.deliveryState} ${o.deliveryZipCode}`,
            instructions: o.deliveryInstructions,
            items: o.items.map((i) => ({
              name: i.name,
              quantity: i.quantity,
              weight: i.weight == null ? null : (findWeight(i.category, i.weight)?.label ?? i.weight),
            })),
            cash: o.total,
            cashText: formatMoney(o.total),
          }),
        );
      const cash = stops.reduce((sum, s) => sum + s.cash, 0);
      return {
        id: toNyWallTime(start),
        label: labelOf(start, end),
        departure: start,
        departureText: timeText(start),
        stops,
        cash,
        cashText: formatMoney(cash),
      };
    });
  const cash = windows.reduce((sum, w) => sum + w.cash, 0);
  return {
    shop: input.shop,
    driver: input.driver,
    date: input.date,
    dateLabel: longDateText(input.date),
    windows,
    stopCount: number,
    cash,
    cashText: formatMoney(cash),
  };
}

/** The manifest page's address for a driver's window (or all their windows that day). */
export function manifestHref(date: string, driverId: number, time?: string): string {
  const query = new URLSearchParams({ date, ...(time ? { window: time } : {}), driver: String(driverId) });
  return `/delivery-manifest?${query.toString()}`;
}
