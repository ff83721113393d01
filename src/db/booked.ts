/**
 * What a booked order is: any order that is not cancelled. A booked order holds its place in its
 * delivery window (D36: a cancel frees it), counts in the sales, windows, zones and products
 * reports (R2-R5: a failed delivery cancels its order), and is on a driver's run. Migration 0012's
 * window-capacity trigger states the same rule in SQL of its own, as a migration cannot import.
 *
 * The status is compared with a literal, not a bound parameter, so the fragment reads the same in
 * drizzle queries and in hand-written SQL over an aliased table (`o.status`).
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from './order-values.ts';

/** The one status that takes an order out of its window, the reports and the driver's run. */
const CANCELLED = 'cancelled' satisfies OrderStatus;

const cancelled = sql.raw(`'${CANCELLED}'`);

/** True for a booked order; `status` is the orders' status column or an aliased one (sql`o.status`). */
export function isBooked(status: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`${status} <> ${cancelled}`;
}

/** The complement of isBooked: the order is cancelled. */
export function isCancelled(status: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`${status} = ${cancelled}`;
}
