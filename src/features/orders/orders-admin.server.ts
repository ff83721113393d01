/** The admin's view of orders: list, one order with its history, status changes (D16, D17). */
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { isStockGuardError } from '../../db/error-text.ts';
import { containsText } from '../../db/like.ts';
import type { OrderStatus } from '../../db/order-values.ts';
import { type OrderRow, orderItems, orderStatusHistory, orders } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { OrdersQuery, StatusChange } from '../admin/admin.schema.ts';
import type { AdminOrder, AdminOrderSummary } from '../admin/admin.ts';
import { linePackages } from '../inventory/order-packages.server.ts';
import { isTraced } from '../inventory/packages.ts';
import { enqueueMail } from '../mail/mail.server.ts';
import { orderStatusEmail } from '../mail/templates.ts';
import { DELIVERY_WINDOWS } from '../site/settings.ts';
import { failUnlessChanged, isGuardRefusal } from '../staff/batch-guard.ts';
import { moveOrderStock, reopenRefusal } from './order-stock.server.ts';
import { orderZoneOf, taxLinesView } from './orders.ts';
import { maskRegistryId } from './registry.ts';

const ORDER_LIST_LIMIT = 500;

// Written out with an alias: drizzle renders columns unqualified inside a select's sql, which made
// the inner order_id compare with the inner table's own id and count every order's items.
const itemCount = sql<number>`(select coalesce(sum("oi"."quantity"), 0) from "order_items" "oi" where "oi"."order_id" = "orders"."id")`;

const summaryColumns = {
  ref: orders.ref,
  status: orders.status,
  createdAt: orders.createdAt,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  total: orders.total,
  itemCount,
  patientId: orders.patientId,
  patientExpiresOn: orders.patientExpiresOn,
};

type SummaryRow = {
  ref: string;
  status: AdminOrderSummary['status'];
  createdAt: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  total: number;
  itemCount: number;
  patientId: string | null;
  patientExpiresOn: string | null;
};

/** A list's row: the registry number leaves the server masked, so a list never carries it whole (D39). */
const toSummary = (r: SummaryRow, items: AdminOrderSummary['items']): AdminOrderSummary => ({
  ref: r.ref,
  status: r.status,
  createdAt: r.createdAt,
  customer: { firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone },
  total: r.total,
  itemCount: Number(r.itemCount),
  patient: r.patientId ? { registryMasked: maskRegistryId(r.patientId), expiresOn: r.patientExpiresOn } : null,
  items,
});

/** D40: the orders' lines, each with the packages it went out in (none once cancelled). */
async function linesOf(db: Db, orderIds: readonly number[]) {
  const [items, held] = await Promise.all([
    orderIds.length === 0
      ? []
      : db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, [...orderIds]))
          .orderBy(asc(orderItems.id)),
    linePackages(db, orderIds),
  ]);
  const byOrder = new Map<number, (AdminOrder['items'][number] & { orderId: number })[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId) ?? [];
    list.push({
      orderId: i.orderId,
      name: i.name,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
      traced: isTraced(i.category),
      packages: (held.get(i.id) ?? []).map((p) => ({ tag: p.tag, quantity: p.quantity, unit: p.unit })),
    });
    byOrder.set(i.orderId, list);
  }
  return (orderId: number) => (byOrder.get(orderId) ?? []).map(({ orderId: _o, ...line }) => line);
}

/** admin.md §9: search over order number, customer name, e-mail and phone; status filter; newest or oldest first. */
export async function listOrders(db: Db, query: OrdersQuery): Promise<AdminOrderSummary[]> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.q) {
    const digits = query.q.replace(/\D/g, '');
    conditions.push(
      or(
        containsText(orders.ref, query.q),
        containsText(sql`${orders.firstName} || ' ' || ${orders.lastName}`, query.q),
        containsText(orders.email, query.q),
        containsText(orders.phone, query.q),
        // Phones are typed in many shapes; digits alone match "(301) 555-0100" by "3015550100".
        digits.length >= 4
          ? containsText(
              sql`replace(replace(replace(replace(replace(${orders.phone}, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')`,
              digits,
            )
          : undefined,
      ),
    );
  }
  const rows = await db
    .select({ ...summaryColumns, id: orders.id })
    .from(orders)
    .where(and(...conditions))
    .orderBy(
      query.sort === 'oldest' ? asc(orders.createdAt) : desc(orders.createdAt),
      query.sort === 'oldest' ? asc(orders.id) : desc(orders.id),
    )
    .limit(ORDER_LIST_LIMIT);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toSummary(
      r,
      lines(r.id).map(({ unitPrice: _u, lineTotal: _l, ...line }) => line),
    ),
  );
}

export async function getAdminOrder(db: Db, ref: string): Promise<AdminOrder | null> {
  const [order] = await db.select().from(orders).where(eq(orders.ref, ref)).limit(1);
  if (!order) return null;
  const [lines, history] = await Promise.all([
    linesOf(db, [order.id]),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const window = DELIVERY_WINDOWS.find((w) => w.value === order.deliveryTime);
  const street = order.deliveryApartment ? `${order.deliveryAddress}, ${order.deliveryApartment}` : order.deliveryAddress;
  const items = lines(order.id);
  const summary = toSummary({ ...order, itemCount: items.reduce((n, i) => n + i.quantity, 0) }, items);
  return {
    ...summary,
    items,
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    tax: order.tax,
    taxLines: taxLinesView(order.taxLines),
    // The one place the number is whole: staff check it against the patient's card (D39).
    patient: summary.patient && order.patientId ? { ...summary.patient, registryId: order.patientId } : null,
    deliveryAddress: `${street}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryZipCode}`,
    deliveryTime: window ? `${window.label} (${window.detail})` : order.deliveryTime,
    deliveryInstructions: order.deliveryInstructions,
    zone: orderZoneOf(order),
    history: history.map((h) => ({ fromStatus: h.fromStatus, toStatus: h.toStatus, actor: h.actor, note: h.note, createdAt: h.createdAt })),
  };
}

/** The order a status change starts from: 404 when there is none, 422 when it is already there. */
async function orderToChange(db: Db, ref: string, to: OrderStatus): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.ref, ref)).limit(1);
  if (!order) throw new HttpError(404, 'not_found', "We couldn't find this order");
  if (order.status === to) throw new HttpError(422, 'unchanged', `The order is already ${to}.`);
  return order;
}

/** What a status change the guards caught, and a second read did not explain, is told. */
const orderChangedMeanwhile = () =>
  new HttpError(409, 'order_conflict', 'This order changed while it was being saved. Reload it and try again.');

/**
 * D17: any status may follow any other; each change is recorded with who, when, from, to and the
 * note, and the customer is e-mailed through the outbox. D16: cancelling returns the stock the
 * order took; leaving 'cancelled' takes it again (refused with 409 when it is no longer there).
 * One batch, guarded by the status read before it (0027), so of two changes of one order made at
 * once only one passes and the stock moves once.
 * 'delivered' is refused here: it needs the ID check at the door (D34), so it is the door's move.
 */
export async function changeOrderStatus(db: Db, ref: string, change: StatusChange, actor: string, siteUrl: string): Promise<void> {
  if (change.status === 'delivered') {
    const message = 'Mark an order delivered from Deliveries, with the ID check at the door';
    throw new HttpError(422, 'delivered_needs_id_check', message, { status: message });
  }
  const order = await orderToChange(db, ref, change.status);
  const leavingCancelled = order.status === 'cancelled';
  const enteringCancelled = change.status === 'cancelled';
  // D33: through the ledger; reopening a cancelled order sells the stock again.
  const stock = enteringCancelled
    ? await moveOrderStock(db, order, { direction: 'return', reason: 'order_cancelled', note: `Order ${order.ref} cancelled`, actor })
    : leavingCancelled
      ? await moveOrderStock(db, order, { direction: 'take', reason: 'sold', note: `Order ${order.ref} reopened`, actor })
      : [];
  try {
    await db.batch([...recordStatusChange(db, order, change.status, { actor, note: change.note, siteUrl }), ...stock]);
  } catch (err) {
    if (isStockGuardError(err)) throw await reopenRefusal(db, order);
    if (!isGuardRefusal(err)) throw err;
    // Read again: the refusal then says what changed (the order is already there), or that something did.
    await orderToChange(db, ref, change.status);
    throw orderChangedMeanwhile();
  }
}

/** What a status move needs of the order, as it was read before the move's batch. */
export type MovedOrder = Pick<OrderRow, 'id' | 'ref' | 'status' | 'deliveryStatus' | 'driverId' | 'firstName' | 'email'>;

/**
 * The batch statements that write `set` on the order only while it is as `order` was read (its
 * status, delivery state and driver, what every move decides on), then fail the batch when it was
 * not: of two moves of one order made at once, the second finds it changed and writes nothing.
 */
export function updateOrderAsRead(
  db: Pick<Db, 'update' | 'run'>,
  order: Pick<OrderRow, 'id' | 'status' | 'deliveryStatus' | 'driverId'>,
  set: Partial<OrderRow>,
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  return [
    db
      .update(orders)
      .set(set)
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          eq(orders.deliveryStatus, order.deliveryStatus),
          order.driverId === null ? isNull(orders.driverId) : eq(orders.driverId, order.driverId),
        ),
      ),
    failUnlessChanged(db),
  ];
}

/**
 * D17: the batch statements that move an order to `to`: the order's status (guarded by
 * updateOrderAsRead, so it comes first and the rest is written only when it passed), a history row
 * (who, when, from, to, note) and the customer's e-mail with the tracking link, through the outbox.
 * Every status move (the admin's, dispatch's, the driver's) goes through here; the caller puts them
 * in its batch with what else the move writes.
 */
export function recordStatusChange(
  db: Pick<Db, 'insert' | 'update' | 'run'>,
  order: MovedOrder,
  to: OrderStatus,
  how: { actor: string; note: string; siteUrl: string; now?: number; extra?: Partial<OrderRow> },
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const email = orderStatusEmail({
    ref: order.ref,
    firstName: order.firstName,
    status: to,
    note: how.note,
    confirmationUrl: new URL(`/order-confirmation/${order.ref}`, how.siteUrl).href,
  });
  return [
    ...updateOrderAsRead(db, order, { ...how.extra, status: to, updatedAt: how.now ?? Date.now() }),
    db.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor: how.actor, note: how.note }),
    enqueueMail(db, 'order_status', { to: order.email, ...email }, order.id),
  ];
}
