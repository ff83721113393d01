/**
 * D31: delivery zones. A ZIP belongs to at most one zone; the zone's fee and free-from threshold
 * override D3's defaults where it sets them, and its minimum order, where set, must be reached.
 * The same rule prices the cart, the checkout summary and the server's order (D2) through
 * pricing's DeliveryRule.
 */
import { formatMoney } from '../../lib/money.ts';
import { DEFAULT_DELIVERY, type DeliveryRule } from '../pricing/pricing.ts';
import { type UsStateCode, ZIP_PATTERN } from '../site/settings.ts';

/** A zone as the database holds it; null money fields take the defaults. */
export interface DeliveryZone {
  id: number;
  state: UsStateCode;
  name: string;
  feeCents: number | null;
  minimumCents: number | null;
  freeFromCents: number | null;
  active: boolean;
}

/** The delivery rule of a zone: its own amounts where it sets them, D3's otherwise. */
export function zoneRule(zone: Pick<DeliveryZone, 'feeCents' | 'minimumCents' | 'freeFromCents'>): DeliveryRule {
  return {
    fee: zone.feeCents ?? DEFAULT_DELIVERY.fee,
    freeFrom: zone.freeFromCents ?? DEFAULT_DELIVERY.freeFrom,
    minimum: zone.minimumCents ?? DEFAULT_DELIVERY.minimum,
  };
}

/** What `GET /api/delivery/quote` answers for one ZIP. */
export type DeliveryQuote =
  | {
      deliverable: true;
      zip: string;
      zone: { id: number; name: string; state: UsStateCode };
      /** Cents, before the free-from waiver. */
      fee: number;
      /** Cents; null when the zone has no minimum order. */
      minimum: number | null;
      /** Cents: the subtotal from which delivery is free. */
      freeFrom: number;
    }
  | { deliverable: false; zip: string; message: string };

/** The plain answer for a ZIP no active zone covers. */
export function notDeliveredMessage(zip: string): string {
  return `We don't deliver to ${zip} yet`;
}

/** The quote for a ZIP and the zone that covers it (null, or inactive: not served). */
export function quoteFor(zip: string, zone: DeliveryZone | null): DeliveryQuote {
  if (!zone?.active) return { deliverable: false, zip, message: notDeliveredMessage(zip) };
  const rule = zoneRule(zone);
  return {
    deliverable: true,
    zip,
    zone: { id: zone.id, name: zone.name, state: zone.state },
    fee: rule.fee,
    minimum: rule.minimum,
    freeFrom: rule.freeFrom,
  };
}

/** The delivery rule a deliverable quote stands for (what the cart and checkout price with). */
export function quoteRule(quote: DeliveryQuote): DeliveryRule | undefined {
  return quote.deliverable ? { fee: quote.fee, freeFrom: quote.freeFrom, minimum: quote.minimum } : undefined;
}

/** How many cents the subtotal falls short of the rule's minimum order; 0 when it is met. */
export function minimumShortfall(rule: DeliveryRule, subtotal: number): number {
  return rule.minimum == null ? 0 : Math.max(0, rule.minimum - subtotal);
}

/** The refusal of an order under the minimum: the minimum and the amount still missing. */
export function minimumMessage(rule: DeliveryRule, subtotal: number): string {
  const short = minimumShortfall(rule, subtotal);
  return `The minimum order for delivery here is ${formatMoney(rule.minimum ?? 0)}. Please add ${formatMoney(short)} more.`;
}

/** One plain line about a quote, as the ZIP checker, the cart and checkout show it. */
export function quoteSummary(quote: DeliveryQuote): string {
  if (!quote.deliverable) return quote.message;
  const minimum = quote.minimum == null ? 'no minimum order' : `minimum order ${formatMoney(quote.minimum)}`;
  return `We deliver to ${quote.zip} (${quote.zone.name}): ${formatMoney(quote.fee)} delivery, free from ${formatMoney(quote.freeFrom)}; ${minimum}.`;
}

/**
 * A quote read back from storage, checked by hand (valibot stays out of the storefront's first
 * load); anything else reads as no quote.
 */
export function readQuote(raw: unknown): DeliveryQuote | null {
  if (typeof raw !== 'object' || raw == null) return null;
  const q = raw as Record<string, unknown>;
  if (typeof q.zip !== 'string' || !ZIP_PATTERN.test(q.zip)) return null;
  if (q.deliverable === false) return typeof q.message === 'string' ? { deliverable: false, zip: q.zip, message: q.message } : null;
  const zone = q.zone as Record<string, unknown> | null | undefined;
  const cents = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  if (q.deliverable !== true || !zone || typeof zone.name !== 'string' || typeof zone.id !== 'number') return null;
  if (!cents(q.fee) || !cents(q.freeFrom) || !(q.minimum === null || cents(q.minimum))) return null;
  return {
    deliverable: true,
    zip: q.zip,
    zone: { id: zone.id, name: zone.name, state: zone.state as UsStateCode },
    fee: q.fee as number,
    minimum: q.minimum as number | null,
    freeFrom: q.freeFrom as number,
  };
}
