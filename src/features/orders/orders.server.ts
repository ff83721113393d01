import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { errorText, isStockGuardError } from '../../db/error-text.ts';
import { nextPackageId } from '../../db/next-package.ts';
import {
  idempotencyKeys,
  type OrderRow,
  orderItems,
  orderStatusHistory,
  orders,
  packages,
  products,
  purchaseLimits,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { dealCoversQuery, dealsOf, productsForCheckout, productsForCheckoutQuery } from '../catalog/catalog.server.ts';
import { firstShortProduct, stockNeeds } from '../catalog/stock.ts';
import type { CheckoutPayload } from '../checkout/checkout.schema.ts';
import { dailyLimitRefusal, limitViolations, type PurchaseLimit, type Usage, usageOf } from '../compliance/limits.ts';
import { patientRefusal } from '../compliance/patients.ts';
import { emailKey, phoneKey } from '../compliance/person.ts';
import { USAGE_SUMS, usageOfSums } from '../compliance/usage.server.ts';
import { stateQuery } from '../delivery/states.server.ts';
import { closedMessage, type StateRow, salesOn, withinHours } from '../delivery/states.ts';
import { nextOpenWindows, windowReads, windowsFrom } from '../delivery/windows.server.ts';
import {
  type BookableWindow,
  type DatedWindow,
  deliveryTimeText,
  nyDate,
  pickWindow,
  type WindowPick,
  windowRefusal,
} from '../delivery/windows.ts';
import { zoneOfZipQuery } from '../delivery/zones.server.ts';
import { type DeliveryZone, minimumMessage, minimumShortfall, notDeliveredMessage, zoneRule } from '../delivery/zones.ts';
import { takeFifo } from '../inventory/package-moves.server.ts';
import { enqueueMail } from '../mail/mail.server.ts';
import { orderConfirmationEmail } from '../mail/templates.ts';
import { computeTotals } from '../pricing/pricing.ts';
import { SITE } from '../site/settings.ts';
import {
  changedPrices,
  newOrderRef,
  type OrderableProduct,
  type OrderView,
  priceChangeMessage,
  priceLines,
  pricingProblemMessage,
  recordedZone,
  requestHash,
  taxLinesView,
  windowChoiceOf,
} from './orders.ts';

export interface PlacedOrder {
  success: true;
  orderId: string;
}

/**
 * What placeOrder tells its handler beside the answer: the products whose next package (D40) this
 * order emptied, so the package a shopper gets next, and the lab results their pages show, changed.
 */
export interface OrderOutcome {
  answer: PlacedOrder;
  nextPackageChanged: number[];
}

/** Each product's next package (D40) and what it holds, read with the rest of checkout's reads. */
function nextPackagesQuery(db: Db, ids: readonly number[]) {
  const next = nextPackageId(products.id);
  return db
    .select({
      productId: products.id,
      quantityMilli: sql<number | null>`(select ${packages.quantityMilli} from ${packages} where ${packages.id} = ${next})`,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The tracked products whose next package holds no more than this order takes from it. */
function emptiedNextPackages(needs: ReadonlyMap<number, number>, rows: readonly { productId: number; quantityMilli: number | null }[]) {
  return rows.filter((r) => r.quantityMilli != null && (needs.get(r.productId) ?? 0) >= r.quantityMilli).map((r) => r.productId);
}

export async function allLimits(db: Db): Promise<PurchaseLimit[]> {
  return db.select().from(purchaseLimits).orderBy(asc(purchaseLimits.state), asc(purchaseLimits.id));
}

/** The answer a key already earned, or null; the same key with another body is refused. */
function replayed(existing: typeof idempotencyKeys.$inferSelect | undefined, hash: string): PlacedOrder | null {
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This checkout was already submitted with different details. Please reload the page and try again.',
    );
  }
  return { success: true, orderId: existing.orderRef };
}

/** One shopper's checkout, as the handler validated it. */
export interface OrderRequest {
  payload: CheckoutPayload;
  key: string;
  siteUrl: string;
}

/** An order that passed every check: the statements that write it, and what its errors need. */
interface DecidedOrder {
  ref: string;
  needs: Map<number, number>;
  /** What the order counts against the limits (D39). */
  usage: Usage;
  writes: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
}

/** The window checkout could not book, and why. */
interface RefusedWindow {
  refused: Exclude<WindowPick, { ok: true }>['reason'];
}

/** Client prices and totals are display only (D2): they take no part in the request's identity. */
function hashOf(payload: CheckoutPayload): Promise<string> {
  return requestHash({
    ...payload,
    subtotal: undefined,
    total: undefined,
    items: payload.items.map(({ price: _p, ...i }) => i),
  });
}

/**
 * Places one order (D2, D13-D16, D18, D31, D36) in two round trips: one read batch (the key's
 * record, the deals, the products, the state's limits, the ZIP's delivery zone, the delivery
 * schedule, rules, closed dates and places booked), then one write batch, which libSQL runs as one
 * transaction. Every price comes from the database. The order's row (with its delivery window and
 * the zone and delivery rule it was priced with, from that one zone read),
 * items, first history row, stock ledger rows, idempotency record and confirmation e-mail are
 * written together or not at all. The stock guard (migrations/0002, through the ledger's trigger
 * in 0009) and the window's capacity trigger (0012) abort the transaction when a concurrent order
 * took the stock or the window's last place since the read, and the key's primary key aborts it
 * when a concurrent retry of this checkout won the race. The write batch goes through `writeDb`
 * (the same database; the handler gives it a longer deadline than the reads, DB_DEADLINE_MS).
 */
export async function placeOrder(db: Db, request: OrderRequest, writeDb: Db = db): Promise<OrderOutcome> {
  const { payload, key } = request;
  const now = Date.now();
  const choice = windowChoiceOf(payload);
  const hash = await hashOf(payload);
  const person = personOf(payload, now);
  const productIds = [...new Set(payload.items.map((i) => i.productId))];
  const [records, dealRows, productRows, nextRows, limits, zoneRows, stateRows, boughtRows, ...windowRows] = await db.batch([
    db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    dealCoversQuery(db),
    productsForCheckoutQuery(db, productIds),
    nextPackagesQuery(db, productIds),
    db.select().from(purchaseLimits).where(eq(purchaseLimits.state, payload.deliveryState)).orderBy(asc(purchaseLimits.id)),
    zoneOfZipQuery(db, payload.deliveryZipCode),
    stateQuery(db, payload.deliveryState),
    boughtTodayQuery(db, person),
    ...windowReads(db, now, choice),
  ]);
  const earlier = replayed(records[0], hash);
  if (earlier) return { answer: earlier, nextPackageChanged: [] };

  const deals = dealsOf(dealRows);
  const byId = new Map<number, OrderableProduct>(productRows.map((r) => [r.id, { ...r, dealPercentOff: deals.get(r.id) ?? null }]));
  const state = stateRows[0];
  const windows = windowsFrom(windowRows, now);
  // D38: only the windows within the state's delivery hours are offered.
  const inHours = <W extends DatedWindow>(list: readonly W[]) => (state ? list.filter((w) => withinHours(w, state)) : []);
  const pick = pickWindow(choice, inHours(windows.bookable), inHours(windows.all), now);
  const order = decideOrder(
    db,
    request,
    hash,
    byId,
    { limits, state, person, boughtToday: usageOfSums(boughtRows[0]) },
    zoneRows[0] ?? null,
    pick,
  );
  if ('refused' in order) throw await windowRefused(db, request, order.refused);
  try {
    await writeOrder(writeDb, order.writes);
  } catch (err) {
    const text = errorText(err);
    if (text.includes('idempotency_keys.key')) {
      const [winner] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      const answer = replayed(winner, hash);
      if (answer) return { answer, nextPackageChanged: [] };
    }
    if (isStockGuardError(err)) {
      const fresh = await productsForCheckout(db, [...order.needs.keys()]);
      const short = firstShortProduct(order.needs, new Map(fresh.map((r) => [r.id, r])));
      throw outOfStock(short?.name ?? null);
    }
    if (text.includes('window_full')) throw await windowRefused(db, request, 'full');
    // D39: a concurrent order of the same person took the day's room since the read.
    if (text.includes('daily_limit')) {
      const [bought] = await boughtTodayQuery(db, person);
      throw dailyLimitError(dailyLimitRefusal(usageOfSums(bought), order.usage, limits) ?? DAILY_LIMIT_RACE);
    }
    throw err;
  }
  return { answer: { success: true, orderId: order.ref }, nextPackageChanged: emptiedNextPackages(order.needs, nextRows) };
}

/** Who is buying, for a day's limits (D39): the normalised phone and e-mail, the state and its New York day. */
interface Person {
  state: string;
  day: string;
  phoneKey: string;
  emailKey: string;
}

function personOf(payload: CheckoutPayload, now: number): Person {
  return {
    state: payload.deliveryState,
    day: nyDate(now),
    phoneKey: phoneKey(payload.customer.phone),
    emailKey: emailKey(payload.customer.email),
  };
}

/**
 * D39: what this person (by phone or by e-mail) bought in the state today, cancelled orders
 * excepted. The same rule as the trigger orders_daily_limit (migration 0021), which holds it
 * under concurrency.
 */
function boughtTodayQuery(db: Db, person: Person) {
  return db
    .select(USAGE_SUMS)
    .from(orders)
    .where(
      and(
        eq(orders.saleDay, person.day),
        eq(orders.deliveryState, person.state as OrderRow['deliveryState']),
        ne(orders.status, 'cancelled'),
        or(eq(orders.phoneKey, person.phoneKey), eq(orders.emailKey, person.emailKey)),
      ),
    );
}

/** Said when the day's limit was reached by a concurrent order but the fresh read shows room again (it was cancelled meanwhile). */
const DAILY_LIMIT_RACE = 'Another order of yours placed just now reached a daily limit. Please review your cart and try again.';

function dailyLimitError(message: string): HttpError {
  return new HttpError(422, 'daily_limit', message, { items: message });
}

const WINDOW_REFUSAL_CODES: Record<RefusedWindow['refused'], string> = {
  full: 'window_full',
  closed: 'window_closed',
  none_today: 'no_window_today',
  none_for_part: 'no_window_for_part',
};

/**
 * D36: the answer to a window checkout cannot book, with the next open windows (read again, after
 * the refusal) for the shopper to choose from. Named on the field the shopper chose with.
 */
async function windowRefused(db: Db, request: OrderRequest, reason: RefusedWindow['refused']): Promise<HttpError> {
  const message = windowRefusal(reason);
  const field = request.payload.deliveryWindow ? 'deliveryWindow' : 'deliveryTime';
  const windows = await nextOpenWindows(db, Date.now());
  const status = reason === 'closed' ? 422 : 409;
  return new HttpError(status, WINDOW_REFUSAL_CODES[reason], message, { [field]: message }, {}, { windows });
}

/**
 * SQLite has one write lock; a batch that waits for it longer than the server allows fails with
 * SQLITE_BUSY and its transaction rolls back whole, so sending the same batch again is safe.
 */
const WRITE_ATTEMPTS = 3;

async function writeOrder(db: Db, writes: DecidedOrder['writes']): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.batch(writes);
      return;
    } catch (err) {
      if (attempt >= WRITE_ATTEMPTS || !errorText(err).includes('SQLITE_BUSY')) throw err;
    }
  }
}

/** What the state's law (D38, D39) needs to decide an order: its limits, its rules and what the person bought today. */
interface StateLaw {
  limits: readonly PurchaseLimit[];
  state: StateRow | undefined;
  person: Person;
  boughtToday: Usage;
}

/** Prices and checks one order against what was read; throws the HttpError a shopper reads. */
function decideOrder(
  db: Db,
  request: OrderRequest,
  hash: string,
  byId: ReadonlyMap<number, OrderableProduct>,
  law: StateLaw,
  zone: DeliveryZone | null,
  pick: WindowPick,
): DecidedOrder | RefusedWindow {
  const { payload, siteUrl } = request;
  const { limits, state, person } = law;
  // D38: first whether the state lets us sell at all today, and to whom.
  const sales = state ? salesOn(state, person.day) : 'closed';
  if (!state || sales === 'closed') {
    const message = state ? closedMessage(state, person.day) : `We can't deliver to ${payload.deliveryState} yet.`;
    throw new HttpError(422, 'state_closed', message, { deliveryState: message });
  }
  const patient = sales === 'patients' ? payload.patient : undefined;
  if (sales === 'patients') {
    const refusal = patientRefusal(payload.patient, person.day);
    if (refusal) throw new HttpError(422, 'patient_required', refusal.message, { [refusal.field]: refusal.message });
  }
  // D31: the ZIP's zone decides whether we deliver there and what delivery costs.
  if (!zone?.active) {
    const message = notDeliveredMessage(payload.deliveryZipCode);
    throw new HttpError(422, 'zip_not_served', message, { deliveryZipCode: message });
  }
  // D36: then whether we deliver at the time asked for.
  if (!pick.ok) return { refused: pick.reason };
  const window: BookableWindow = pick.window;
  const rule = zoneRule(zone);
  const priced = priceLines(
    payload.items.map((i) => ({ productId: i.productId, quantity: i.quantity, weight: i.weight ?? null })),
    byId,
  );
  if ('problem' in priced) {
    throw new HttpError(422, priced.problem.kind, pricingProblemMessage(priced.problem), { items: pricingProblemMessage(priced.problem) });
  }
  const { lines } = priced;

  // D32: the shopper pays what they were shown. A price that moved since (a deal ended or began,
  // the admin re-priced) is answered with the changed lines, never charged silently.
  const changes = changedPrices(payload.items, lines);
  if (changes.length > 0) {
    const message = priceChangeMessage(changes);
    throw new HttpError(409, 'price_changed', message, { items: message });
  }

  const needs = stockNeeds(lines);
  const short = firstShortProduct(needs, byId);
  if (short) throw outOfStock(short.name);

  const usage = usageOf(lines);
  const violations = limitViolations(usage, limits);
  if (violations.length > 0) throw new HttpError(422, 'purchase_limit', violations.join(' '), { items: violations.join(' ') });
  // D39: where the state counts a day, today's earlier orders of this person count too.
  if (state.limitScope === 'day') {
    const refusal = dailyLimitRefusal(law.boughtToday, usage, limits);
    if (refusal) throw dailyLimitError(refusal);
  }

  const totals = computeTotals(lines, rule, state.taxes);
  if (minimumShortfall(rule, totals.subtotal) > 0) {
    const message = minimumMessage(rule, totals.subtotal);
    throw new HttpError(422, 'below_minimum', message, { items: message });
  }
  const ref = newOrderRef();
  const orderId: SQL = sql`(select ${orders.id} from ${orders} where ${orders.ref} = ${ref})`;
  const c = payload.customer;
  const address = formatAddress(payload);
  // An order asked for ASAP says so; any other names the part of the day of the window it booked.
  const deliveryTime = windowChoiceOf(payload).kind === 'asap' ? 'asap' : window.part;
  const email = orderConfirmationEmail({
    ref,
    firstName: c.firstName,
    deliveryTime,
    windowStart: window.start,
    windowEnd: window.end,
    address,
    items: lines,
    ...totals,
    confirmationUrl: new URL(`/order-confirmation/${ref}`, siteUrl).href,
  });
  return {
    ref,
    needs,
    usage,
    writes: [
      // First, so a concurrent retry with the same key fails here before touching stock.
      db.insert(idempotencyKeys).values({ key: request.key, requestHash: hash, orderRef: ref }),
      db.insert(orders).values({
        ref,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        phone: c.phone,
        deliveryAddress: payload.deliveryAddress,
        deliveryApartment: payload.deliveryApartment,
        deliveryCity: payload.deliveryCity,
        deliveryState: payload.deliveryState,
        deliveryZipCode: payload.deliveryZipCode,
        deliveryInstructions: payload.deliveryInstructions,
        deliveryTime,
        windowStart: window.start,
        windowEnd: window.end,
        // The trigger (migration 0012) holds the window to the capacity it had when booked.
        windowCapacity: window.capacity,
        subtotal: totals.subtotal,
        deliveryFee: totals.deliveryFee,
        tax: totals.tax,
        taxLines: totals.taxLines,
        total: totals.total,
        patientId: patient?.id ?? null,
        patientExpiresOn: patient?.expiresOn ?? null,
        phoneKey: person.phoneKey,
        emailKey: person.emailKey,
        saleDay: person.day,
        limitFlowerG: usage.flower,
        limitConcentrateG: usage.concentrate,
        limitEdibleThcMg: usage.edible_thc,
        // D31: the zone and rule that priced this order, from the same read, so reports and the
        // order itself keep them whatever later happens to the zone.
        ...recordedZone(zone, rule),
      }),
      db.insert(orderItems).values(
        lines.map((l) => ({
          orderId,
          productId: l.productId,
          name: l.name,
          image: l.image,
          category: l.category,
          weight: l.weight,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          lineTotal: l.lineTotal,
          stockTakenMilli: byId.get(l.productId)?.stockMilli != null ? l.stockMilli : null,
        })),
      ),
      // D33, D40: the stock leaves through the ledger, for tracked products only, line by line
      // from the product's packages first in, first out, each row naming its package and line.
      ...lines
        .filter((l) => byId.get(l.productId)?.stockMilli != null)
        .flatMap((l) =>
          takeFifo(db, l.stockMilli, {
            productId: l.productId,
            reason: 'sold',
            note: `Order ${ref}`,
            actor: 'system',
            orderId,
            orderItemId: sql`(select ${orderItems.id} from ${orderItems} where ${orderItems.orderId} = ${orderId} and ${orderItems.productId} = ${l.productId} and ${orderItems.weight} is ${l.weight})`,
          }),
        ),
      db.insert(orderStatusHistory).values({ orderId, fromStatus: null, toStatus: 'processing', actor: 'system', note: 'Order placed' }),
      enqueueMail(db, 'order_confirmation', { to: c.email, ...email }, orderId),
    ],
  };
}

function outOfStock(name: string | null): HttpError {
  const message = name
    ? `Sorry, ${name} is out of stock in the amount you asked for. Please lower the quantity or remove it from your cart.`
    : 'Sorry, a product in your cart just sold out. Please review your cart and try again.';
  return new HttpError(409, 'out_of_stock', message, { items: message });
}

function formatAddress(
  o: Pick<CheckoutPayload, 'deliveryAddress' | 'deliveryApartment' | 'deliveryCity' | 'deliveryState' | 'deliveryZipCode'>,
) {
  const street = o.deliveryApartment ? `${o.deliveryAddress}, ${o.deliveryApartment}` : o.deliveryAddress;
  return `${street}, ${o.deliveryCity}, ${o.deliveryState} ${o.deliveryZipCode}`;
}

export async function getOrderByRef(db: Db, ref: string): Promise<OrderView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.ref, ref)).limit(1);
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [order.id]))
    .orderBy(asc(orderItems.id));
  return {
    orderId: order.ref,
    status: order.status,
    orderDate: new Date(order.createdAt).toISOString(),
    subtotal: order.subtotal,
    shipping: order.deliveryFee,
    tax: order.tax,
    taxLines: taxLinesView(order.taxLines),
    total: order.total,
    shippingAddress: formatAddress(order),
    shippingMethod: `Delivery: ${deliveryTimeText(order)}`,
    paymentMethod: SITE.payment,
    customer: { firstName: order.firstName, lastName: order.lastName, email: order.email },
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      image: i.image,
      quantity: i.quantity,
      price: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
  };
}
