/**
 * D2: the one pricing module. Islands use it to show prices; the server uses it to charge them.
 * Every amount is integer cents (D1). Thresholds come from the settings module (D3), deal percents
 * from the deals (D32), tax lines from the order's state (D38).
 */

import type { TaxLine } from '../../db/state-values.ts';
import { PRICING } from '../site/settings.ts';
import { availableWeights, WEIGHT_OPTIONS, type WeightOption, type WeightPrices } from './weights.ts';

export interface PricedProduct extends WeightPrices {
  category: string;
  price: number;
  salePrice: number | null;
  /** Percent off from the deals live at the time of pricing (D32); null when none covers it. */
  dealPercentOff: number | null;
}

/** One product's place in one deal, as the database holds it (D32). */
export interface DealCover {
  productId: number;
  percentOff: number;
  /** Epoch ms; null = open-ended on that side. */
  startsAt: number | null;
  endsAt: number | null;
}

/** D32: a deal is live from its start (inclusive) to its end (exclusive). */
export function isDealLive(deal: Pick<DealCover, 'startsAt' | 'endsAt'>, now: number): boolean {
  return (deal.startsAt == null || deal.startsAt <= now) && (deal.endsAt == null || now < deal.endsAt);
}

/**
 * D32, the deal rule (the database keeps only raw prices and the deals): a product's deal percent
 * at `now` is the largest percent off among the live deals that name it. The catalogue's reads
 * apply it in SQL (catalog/list-price.server.ts), checked against this by tests/api/catalogue-prices.
 */
export function liveDealPercents(covers: readonly DealCover[], now: number): ReadonlyMap<number, number> {
  const percents = new Map<number, number>();
  for (const cover of covers) {
    if (!isDealLive(cover, now)) continue;
    percents.set(cover.productId, Math.max(percents.get(cover.productId) ?? 0, cover.percentOff));
  }
  return percents;
}

/** The deal price of a regular price in cents: round(price x (100 - percent) / 100). */
export function dealPrice(cents: number, percentOff: number): number {
  return Math.round((cents * (100 - percentOff)) / 100);
}

/** The badge a deal product wears ('40% OFF'). */
export function dealBadge(percentOff: number): string {
  return `${percentOff}% OFF`;
}

export function findWeight(category: string, key: string | null | undefined): WeightOption | undefined {
  return key ? WEIGHT_OPTIONS[category]?.find((w) => w.key === key) : undefined;
}

/** Whether the product sells by weight (Flower, Concentrate); such products need a weight to be bought. */
export function sellsByWeight(category: string): boolean {
  return WEIGHT_OPTIONS[category] !== undefined;
}

/**
 * The regular (pre-deal) price of one unit: the chosen weight's price for weighed products, the base
 * price otherwise. Null when the product cannot be bought that way (no weight, or a weight not offered).
 */
export function regularUnitPrice(product: PricedProduct, weightKey: string | null | undefined): number | null {
  if (!sellsByWeight(product.category)) return weightKey ? null : product.price;
  const weight = availableWeights(product.category, product).find((w) => w.key === weightKey);
  return weight ? (product[weight.field] ?? null) : null;
}

/** What the shopper pays for one unit: the regular price, or the deal price for deal products (D4). */
export function unitPrice(product: PricedProduct, weightKey: string | null | undefined): number | null {
  const regular = regularUnitPrice(product, weightKey);
  if (regular == null) return null;
  return product.dealPercentOff != null ? dealPrice(regular, product.dealPercentOff) : regular;
}

export interface DisplayPrice {
  /** The price charged. */
  price: number;
  /** The struck-through price, when there is one. */
  compareAt: number | null;
}

/**
 * §9: the price a card or buy box shows for the chosen weight, falling back to the lowest option and
 * then the base price. A deal strikes through the regular price; otherwise salePrice (the "was"
 * price of the base option) is struck through where it applies and is higher.
 */
export function displayPrice(product: PricedProduct, weightKey?: string | null): DisplayPrice {
  const options = availableWeights(product.category, product);
  const chosen = options.find((w) => w.key === weightKey);
  const lowest = options
    .map((w) => product[w.field] ?? Number.POSITIVE_INFINITY)
    .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const regular = chosen ? (product[chosen.field] ?? product.price) : Number.isFinite(lowest) ? lowest : product.price;
  if (product.dealPercentOff != null) return { price: dealPrice(regular, product.dealPercentOff), compareAt: regular };
  const saleApplies = product.salePrice != null && product.salePrice > regular && regular === product.price;
  return { price: regular, compareAt: saleApplies ? product.salePrice : null };
}

/** §9: price per gram for a weight option (not shown for 1 g, where it equals the price). */
export function pricePerGram(priceCents: number, grams: number): number | null {
  return grams > 1 ? Math.round(priceCents / grams) : null;
}

/**
 * What delivery costs where an order goes (D3, D31): the fee, the subtotal from which delivery is
 * free, and the smallest subtotal delivered (null: no minimum). A zone's rule comes from
 * delivery/zones.ts; without one, D3's defaults apply.
 */
export interface DeliveryRule {
  fee: number;
  freeFrom: number;
  minimum: number | null;
}

/** D3: $9.99 per order, free from $50.00, no minimum. */
export const DEFAULT_DELIVERY: DeliveryRule = {
  fee: PRICING.deliveryFeeCents,
  freeFrom: PRICING.freeDeliveryThresholdCents,
  minimum: null,
};

/** The rule's fee, waived from its free-from subtotal; an empty cart has no fee. */
export function deliveryFee(subtotal: number, rule: DeliveryRule = DEFAULT_DELIVERY): number {
  if (subtotal <= 0) return 0;
  return subtotal >= rule.freeFrom ? 0 : rule.fee;
}

/** One tax line charged on an order: the state's line (D38) and its amount in cents. */
export interface ChargedTax extends TaxLine {
  amount: number;
}

/**
 * D38, the tax rounding rule: each tax line is its rate times its base, rounded to the cent once,
 * half a cent up; the base is the goods after deals (the lines' charged prices), the delivery fee
 * after any waiver, or both, as the line says. Lines are never rounded item by item, so a cart
 * pays the same tax however its items are split.
 */
export function taxLines(subtotal: number, fee: number, taxes: readonly TaxLine[]): ChargedTax[] {
  return taxes.map((t) => {
    const base = (t.appliesTo === 'fee' ? 0 : subtotal) + (t.appliesTo === 'goods' ? 0 : fee);
    return { ...t, amount: Math.floor((base * t.basisPoints + 5000) / 10000) };
  });
}

export interface Totals {
  itemCount: number;
  subtotal: number;
  deliveryFee: number;
  tax: number;
  /** Each tax line of the state (D38); empty when no state is known or it taxes nothing. */
  taxLines: ChargedTax[];
  total: number;
}

/**
 * Totals of any list of priced lines under a delivery rule and a state's tax lines: the cart, the
 * checkout summary and the server's order. total = subtotal + delivery fee + tax.
 */
export function computeTotals(
  lines: readonly { price: number; quantity: number }[],
  rule: DeliveryRule = DEFAULT_DELIVERY,
  taxes: readonly TaxLine[] = [],
): Totals {
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const fee = deliveryFee(subtotal, rule);
  const charged = taxLines(subtotal, fee, taxes);
  const tax = charged.reduce((sum, t) => sum + t.amount, 0);
  return { itemCount, subtotal, deliveryFee: fee, tax, taxLines: charged, total: subtotal + fee + tax };
}

/** §9 stars: full stars, then a half star when the fraction is 0.5 or more. */
export function ratingStars(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.max(0, Math.min(5, rating));
  const full = Math.floor(clamped);
  const half = clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

/** The drawn share of the five stars, in percent: whole stars plus the half star, as ratingStars. */
export function starFillPercent(rating: number): number {
  const { full, half } = ratingStars(rating);
  return ((full + (half ? 0.5 : 0)) / 5) * 100;
}
