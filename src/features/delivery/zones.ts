/**
 * D31: delivery zones. A ZIP belongs to at most one zone; the zone's fee and free-from threshold
 * override D3's defaults where it sets them, and its minimum order, where set, must be reached.
 * The same rule prices the cart, the checkout summary and the server's order (D2) through
 * pricing's DeliveryRule. A quote also tells what the zone's state allows (D38): closed, patients
 * only, or adults, and the tax it charges.
 */
import { type StateSales, TAX_BASES, type TaxBase, type TaxLine } from '../../db/state-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { DEFAULT_DELIVERY, type DeliveryRule } from '../pricing/pricing.ts';
import { SITE, stateName, type UsStateCode, ZIP_PATTERN } from '../site/settings.ts';
import { closedMessage, PATIENTS_NEED, patientsHeading, type StateRow, salesOn } from './states.ts';

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

/** The state a deliverable quote names (D38), so the cart can say where its tax comes from. */
export interface QuoteState {
  code: UsStateCode;
  name: string;
}

/** Why a ZIP gets no delivery: no active zone covers it, or its state does not sell yet (D38). */
export type NotDeliverableReason = 'not_served' | 'state_closed';

/**
 * What `GET /api/delivery/quote` answers for one ZIP. Every answer carries `message`, the one plain
 * line a shopper reads (quoteSummary), so an island shows it as it is.
 */
export type DeliveryQuote =
  | {
      deliverable: true;
      zip: string;
      zone: { id: number; name: string; state: UsStateCode };
      state: QuoteState;
      /** Who may buy in the zone's state today: adults 21+, or registered patients only. */
      sales: Exclude<StateSales, 'closed'>;
      /** The state's tax lines, as checkout charges them; empty when it taxes nothing. */
      taxes: TaxLine[];
      /** Cents, before the free-from waiver. */
      fee: number;
      /** Cents; null when the zone has no minimum order. */
      minimum: number | null;
      /** Cents: the subtotal from which delivery is free. */
      freeFrom: number;
      message: string;
    }
  | { deliverable: false; zip: string; reason: NotDeliverableReason; message: string };

type Deliverable = Extract<DeliveryQuote, { deliverable: true }>;

/** The plain answer for a ZIP no active zone covers. */
export function notDeliveredMessage(zip: string): string {
  return `We don't deliver to ${zip} yet`;
}

/**
 * The quote for a ZIP, the zone that covers it (null, or inactive: not served) and that zone's
 * state row, on the New York date `today`. A state closed that day refuses with its own words
 * (and its opening date when one is known); a zone whose state has no row is not served, since
 * nothing says it may sell.
 */
export function quoteFor(
  zip: string,
  zone: DeliveryZone | null,
  state: Pick<StateRow, 'code' | 'name' | 'sales' | 'opensOn' | 'taxes'> | null,
  today: string,
): DeliveryQuote {
  if (!zone?.active || !state) return { deliverable: false, zip, reason: 'not_served', message: notDeliveredMessage(zip) };
  const sales = salesOn(state, today);
  if (sales === 'closed') return { deliverable: false, zip, reason: 'state_closed', message: closedMessage(state, today) };
  const rule = zoneRule(zone);
  return withMessage({
    deliverable: true,
    zip,
    zone: { id: zone.id, name: zone.name, state: zone.state },
    state: { code: zone.state, name: state.name },
    sales,
    taxes: state.taxes.map((t) => ({ name: t.name, basisPoints: t.basisPoints, appliesTo: t.appliesTo })),
    fee: rule.fee,
    minimum: rule.minimum,
    freeFrom: rule.freeFrom,
  });
}

const withMessage = (quote: Omit<Deliverable, 'message'>): Deliverable => ({ ...quote, message: quoteSummary(quote) });

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

/** A rate in percent from basis points, as a shopper reads it: 12, 8.25. */
export const taxPercent = (basisPoints: number): number => basisPoints / 100;

const TAX_BASE_WORDS: Record<TaxBase, string> = { goods: 'on goods', fee: 'on the delivery fee', both: 'on goods and delivery' };

/** One tax line as the quote names it: "12% Maryland cannabis sales and use tax on goods". */
export const taxWords = (t: TaxLine): string => `${taxPercent(t.basisPoints)}% ${t.name} ${TAX_BASE_WORDS[t.appliesTo]}`;

/**
 * One plain line about a quote, as the ZIP checker, the cart and checkout show it: the terms and
 * the state's tax; in a patients-only state it opens with who may buy and ends with what they need.
 */
export function quoteSummary(quote: DeliveryQuote | Omit<Deliverable, 'message'>): string {
  if (!quote.deliverable) return quote.message;
  const minimum = quote.minimum == null ? 'no minimum order' : `minimum order ${formatMoney(quote.minimum)}`;
  const terms = [`${formatMoney(quote.fee)} delivery, free from ${formatMoney(quote.freeFrom)}`, minimum, ...quote.taxes.map(taxWords)];
  const line = `We deliver to ${quote.zip} (${quote.zone.name}): ${terms.join('; ')}.`;
  return quote.sales === 'patients' ? `${patientsHeading(quote.state)}. ${line} ${PATIENTS_NEED}` : line;
}

const isTaxLine = (x: unknown): x is TaxLine => {
  if (typeof x !== 'object' || x == null) return false;
  const t = x as Record<string, unknown>;
  return (
    typeof t.name === 'string' &&
    Number.isInteger(t.basisPoints) &&
    (t.basisPoints as number) >= 0 &&
    TAX_BASES.some((b) => b === t.appliesTo)
  );
};

/**
 * A quote read back from storage, checked by hand (valibot stays out of the storefront's first
 * load); anything else reads as no quote. Quotes stored before states were data (no state, sales
 * or taxes) still read: as the zone's state, adults, no tax; the server prices checkout anyway.
 * The message is made again from the fields, so it always says what they say.
 */
export function readQuote(raw: unknown): DeliveryQuote | null {
  if (typeof raw !== 'object' || raw == null) return null;
  const q = raw as Record<string, unknown>;
  if (typeof q.zip !== 'string' || !ZIP_PATTERN.test(q.zip)) return null;
  if (q.deliverable === false) {
    if (typeof q.message !== 'string') return null;
    const reason: NotDeliverableReason = q.reason === 'state_closed' ? 'state_closed' : 'not_served';
    return { deliverable: false, zip: q.zip, reason, message: q.message };
  }
  const zone = q.zone as Record<string, unknown> | null | undefined;
  const cents = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  if (q.deliverable !== true || !zone || typeof zone.name !== 'string' || typeof zone.id !== 'number') return null;
  const code = SITE.states.find((s) => s.code === zone.state)?.code;
  if (!code) return null;
  if (!cents(q.fee) || !cents(q.freeFrom) || !(q.minimum === null || cents(q.minimum))) return null;
  if (q.taxes !== undefined && !(Array.isArray(q.taxes) && q.taxes.every(isTaxLine))) return null;
  if (q.sales !== undefined && q.sales !== 'adult' && q.sales !== 'patients') return null;
  const state = q.state as Record<string, unknown> | null | undefined;
  return withMessage({
    deliverable: true,
    zip: q.zip,
    zone: { id: zone.id, name: zone.name, state: code },
    state: { code, name: typeof state?.name === 'string' ? state.name : stateName(code) },
    sales: q.sales ?? 'adult',
    taxes: ((q.taxes as TaxLine[] | undefined) ?? []).map((t) => ({ name: t.name, basisPoints: t.basisPoints, appliesTo: t.appliesTo })),
    fee: q.fee as number,
    minimum: q.minimum as number | null,
    freeFrom: q.freeFrom as number,
  });
}
