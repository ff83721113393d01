/**
 * Order rules: how a checkout's lines are priced from catalogue rows (D2, D4, D5), with what each
 * line takes from stock (../catalog/stock.ts), the reference an order is read by (D14) and the
 * delivery window it books (D36).
 */

import { formatMoney } from '../../lib/money.ts';
import { MAX_LINE_QUANTITY } from '../cart/cart.ts';
import { WEIGHT_OPTIONS } from '../catalog/catalog.ts';
import { unitStockMilli } from '../catalog/stock.ts';
import type { LimitLine } from '../compliance/limits.ts';
import type { PartOfDay, WindowChoice } from '../delivery/windows.ts';
import type { DeliveryZone } from '../delivery/zones.ts';
import { type DeliveryRule, findWeight, type PricedProduct, sellsByWeight, unitPrice } from '../pricing/pricing.ts';

export interface CheckoutLineInput {
  productId: number;
  quantity: number;
  weight: string | null;
}

export interface OrderableProduct extends PricedProduct {
  id: number;
  name: string;
  image: string;
  available: boolean;
  stockMilli: number | null;
  thcMg: number | null;
  netGrams: number | null;
}

export interface PricedLine extends LimitLine {
  productId: number;
  name: string;
  image: string;
  weight: string | null;
  unitPrice: number;
  lineTotal: number;
  /** What this line takes from the product's stock, in stock units. */
  stockMilli: number;
  /** The cart's line price (for totals). */
  price: number;
}

export type PricingProblem =
  | { kind: 'unknown_product'; productId: number }
  | { kind: 'needs_weight'; name: string }
  | { kind: 'weight_not_offered'; name: string; weight: string }
  | { kind: 'too_many'; name: string };

export interface PriceChange {
  name: string;
  /** The unit price the shopper's cart showed, and the one the shop charges now, in cents. */
  shown: number;
  now: number;
}

/**
 * D32: the lines whose unit price differs from what the shopper's cart showed. A line sent without
 * a price (an API client that did not show one) has nothing to differ from.
 */
export function changedPrices(
  items: readonly { productId: number; weight?: string | null; price?: unknown }[],
  lines: readonly PricedLine[],
): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const item of items) {
    if (typeof item.price !== 'number') continue;
    const line = lines.find((l) => l.productId === item.productId && l.weight === (item.weight ?? null));
    if (line && line.unitPrice !== item.price && !changes.some((c) => c.name === line.name)) {
      changes.push({ name: line.name, shown: item.price, now: line.unitPrice });
    }
  }
  return changes;
}

/** What the shopper reads when prices moved: every changed line, and what to do. */
export function priceChangeMessage(changes: readonly PriceChange[]): string {
  const each = changes.map((c) => `${c.name} is now ${formatMoney(c.now)} (was ${formatMoney(c.shown)})`).join('; ');
  return `Prices changed since you filled your cart: ${each}. Please review your order and place it again.`;
}

/** Same product in the same weight twice becomes one line (a retried add, two tabs). */
export function mergeLines(items: readonly CheckoutLineInput[]): CheckoutLineInput[] {
  const merged = new Map<string, CheckoutLineInput>();
  for (const item of items) {
    const key = `${item.productId}|${item.weight ?? ''}`;
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}

/** Prices every line from the catalogue (the client's prices play no part, D2). */
export function priceLines(
  items: readonly CheckoutLineInput[],
  products: ReadonlyMap<number, OrderableProduct>,
): { lines: PricedLine[] } | { problem: PricingProblem } {
  const lines: PricedLine[] = [];
  for (const item of mergeLines(items)) {
    const product = products.get(item.productId);
    if (!product) return { problem: { kind: 'unknown_product', productId: item.productId } };
    if (item.quantity > MAX_LINE_QUANTITY) return { problem: { kind: 'too_many', name: product.name } };
    const weighed = sellsByWeight(product.category);
    if (weighed && !item.weight) return { problem: { kind: 'needs_weight', name: product.name } };
    // A weight on a product not sold by weight means the client and the catalogue disagree.
    const price = unitPrice(product, item.weight);
    if (price == null) return { problem: { kind: 'weight_not_offered', name: product.name, weight: item.weight ?? '' } };
    const weight = weighed ? findWeight(product.category, item.weight) : undefined;
    const unitGrams = weight?.grams ?? product.netGrams;
    lines.push({
      productId: product.id,
      name: weight ? `${product.name} - ${weight.label}` : product.name,
      image: product.image,
      category: product.category,
      weight: weight?.key ?? null,
      quantity: item.quantity,
      unitPrice: price,
      price,
      lineTotal: price * item.quantity,
      unitGrams,
      thcMg: product.thcMg,
      stockMilli: unitStockMilli(weight) * item.quantity,
    });
  }
  return { lines };
}

export function pricingProblemMessage(p: PricingProblem): string {
  switch (p.kind) {
    case 'unknown_product':
      return 'A product in your cart is no longer sold. Please remove it and try again.';
    case 'needs_weight':
      return `Please choose a weight for ${p.name}.`;
    case 'weight_not_offered':
      return `${p.name} is not sold in ${findWeightLabel(p.weight)}. Please choose another weight.`;
    case 'too_many':
      return `You can order at most ${MAX_LINE_QUANTITY} of ${p.name}.`;
  }
}

function findWeightLabel(key: string): string {
  for (const options of Object.values(WEIGHT_OPTIONS)) {
    const found = options.find((w) => w.key === key);
    if (found) return found.label;
  }
  return 'that weight';
}

/**
 * D31: what an order records of the zone it was priced in (the orders.zone_* columns): the zone as
 * it was, and the rule that priced the order, resolved (D3's defaults filled in where the zone left
 * an amount empty), so the record reads the same after the zone changes or is deleted.
 */
export interface RecordedZone {
  zoneId: number;
  zoneName: string;
  zoneState: DeliveryZone['state'];
  zoneFeeCents: number;
  /** Null: the zone had no minimum order. */
  zoneMinimumCents: number | null;
  zoneFreeFromCents: number;
}

/** The record of `zone` on an order priced with `rule`, the one zoneRule(zone) gave checkout. */
export function recordedZone(zone: Pick<DeliveryZone, 'id' | 'name' | 'state'>, rule: DeliveryRule): RecordedZone {
  return {
    zoneId: zone.id,
    zoneName: zone.name,
    zoneState: zone.state,
    zoneFeeCents: rule.fee,
    zoneMinimumCents: rule.minimum,
    zoneFreeFromCents: rule.freeFrom,
  };
}

/** The zone an order recorded, as the admin reads it: resolved amounts in cents (see RecordedZone). */
export interface OrderZone {
  id: number;
  name: string;
  state: DeliveryZone['state'];
  feeCents: number;
  minimumCents: number | null;
  freeFromCents: number;
}

/** The zone an order row recorded; null when it recorded none. */
export function orderZoneOf(o: { [K in keyof RecordedZone]: RecordedZone[K] | null }): OrderZone | null {
  if (o.zoneId == null || o.zoneName == null || o.zoneState == null || o.zoneFeeCents == null || o.zoneFreeFromCents == null) {
    return null;
  }
  return {
    id: o.zoneId,
    name: o.zoneName,
    state: o.zoneState,
    feeCents: o.zoneFeeCents,
    minimumCents: o.zoneMinimumCents,
    freeFromCents: o.zoneFreeFromCents,
  };
}

/** One line about the zone an order was priced in, as the admin's order view shows it. */
export function orderZoneText(zone: OrderZone | null): string {
  if (!zone) return 'None recorded';
  const minimum = zone.minimumCents == null ? 'no minimum order' : `minimum order ${formatMoney(zone.minimumCents)}`;
  return `${zone.name} (${zone.state}): ${formatMoney(zone.feeCents)} delivery, free from ${formatMoney(zone.freeFromCents)}; ${minimum}`;
}

/** D14: 128 random bits, URL-safe (22 characters); never sequential. */
export function newOrderRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const ORDER_REF_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A stable hash of a request body, so a reused idempotency key can be told apart from a retry. */
export async function requestHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stableJson(value)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * D36: the window a checkout asks for: the one it names, else ASAP (the next open window today)
 * or the first open window of a part of the day.
 */
export function windowChoiceOf(p: { deliveryWindow?: string | undefined; deliveryTime: 'asap' | PartOfDay }): WindowChoice {
  if (p.deliveryWindow) return { kind: 'window', id: p.deliveryWindow };
  return p.deliveryTime === 'asap' ? { kind: 'asap' } : { kind: 'part', part: p.deliveryTime };
}

/** The order as the confirmation page reads it (§3 Order, D14): only what the page needs. */
export interface OrderView {
  orderId: string;
  status: string;
  orderDate: string;
  subtotal: number;
  shipping: number;
  tax: number;
  /** D38: each tax line the order paid, by name, with its percent and amount in cents; tax is their sum. */
  taxLines: TaxLineView[];
  total: number;
  shippingAddress: string;
  shippingMethod: string;
  paymentMethod: string;
  customer: { firstName: string; lastName: string; email: string };
  items: { id: number; productId: number; name: string; image: string; quantity: number; price: number; lineTotal: number }[];
}

/** A tax line as pages, e-mails and reports show it (D38). */
export interface TaxLineView {
  name: string;
  percent: number;
  amount: number;
}

/** The order's recorded tax lines as shown: "Maryland cannabis sales and use tax (12%)". */
export function taxLinesView(lines: readonly { name: string; basisPoints: number; amount: number }[]): TaxLineView[] {
  return lines.map((t) => ({ name: t.name, percent: t.basisPoints / 100, amount: t.amount }));
}
