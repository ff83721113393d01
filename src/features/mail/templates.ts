/** E-mail texts. Plain text: readable in every client, nothing to render or sanitise. */

import type { OrderStatus } from '../../db/order-values.ts';
import { formatMoney } from '../../lib/money.ts';
import { deliveryTimeText } from '../delivery/windows.ts';
import { SITE } from '../site/settings.ts';

export interface ConfirmationOrder {
  ref: string;
  firstName: string;
  deliveryTime: string;
  /** The booked window (D36), epoch ms; null for an order placed before windows were data. */
  windowStart: number | null;
  windowEnd: number | null;
  address: string;
  items: { name: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  deliveryFee: number;
  /** Cents: the sum of the tax lines. */
  tax: number;
  /** D38: each tax line charged (pricing's ChargedTax or the order's recorded line); none where no tax applied. */
  taxLines?: readonly EmailTaxLine[] | undefined;
  total: number;
  confirmationUrl: string;
}

/** A tax line as an e-mail names it: the state's name for the tax, its rate and the amount charged. */
export interface EmailTaxLine {
  name: string;
  /** Hundredths of a percent: 1200 is 12 %. */
  basisPoints: number;
  /** Cents, rounded once per line by pricing (D38); shown as charged, never recomputed here. */
  amount: number;
}

/** "12%", "8.875%": a rate in basis points as a percent, without trailing zeros. */
export function percentText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/**
 * The tax part of an order's totals, one line per tax line: "Maryland cannabis sales and use tax
 * (12%): $12.00", so the customer reads what each tax is and at what rate, as the receipt shows it.
 * An order no tax applied to has no tax line at all: a "Tax: $0.00" reads as if a tax had been
 * worked out, and for a state that taxes nothing (D38) none was. A tax amount without lines (a
 * caller that passes only the sum) still says "Tax:", so no charged cent goes unexplained.
 */
export function taxTextLines(o: { tax: number; taxLines?: readonly EmailTaxLine[] | undefined }): string[] {
  const lines = o.taxLines ?? [];
  if (lines.length > 0) return lines.map((t) => `${t.name} (${percentText(t.basisPoints)}): ${formatMoney(t.amount)}`);
  return o.tax !== 0 ? [`Tax: ${formatMoney(o.tax)}`] : [];
}

export function orderConfirmationEmail(o: ConfirmationOrder): { subject: string; body: string } {
  const lines = o.items.map((i) => `  ${i.quantity} x ${i.name}  ${formatMoney(i.lineTotal)}`).join('\n');
  return {
    subject: `Your ${SITE.name} order ${o.ref}`,
    body: [
      `Hi ${o.firstName},`,
      '',
      `Thank you for your order. We have received it and will deliver it to:`,
      `  ${o.address}`,
      `Delivery time: ${deliveryTimeText(o)}`,
      '',
      lines,
      '',
      `Subtotal: ${formatMoney(o.subtotal)}`,
      `Delivery fee: ${o.deliveryFee === 0 ? 'Free' : formatMoney(o.deliveryFee)}`,
      ...taxTextLines(o),
      `Total: ${formatMoney(o.total)}`,
      '',
      `Payment: ${SITE.payment}. Please have your ID ready: our driver checks that you are ${SITE.minimumAge} or older.`,
      `Your order: ${o.confirmationUrl}`,
      '',
      `Questions? Call ${SITE.phone} or write to ${SITE.email}.`,
      SITE.name,
    ].join('\n'),
  };
}

/** What each status move tells the customer: the subject's ending and the opening line (D30's words). */
const STATUS_MAIL: Record<OrderStatus, { subject: string; line: string }> = {
  processing: { subject: 'is being prepared', line: 'We are preparing your order.' },
  confirmed: {
    subject: 'is confirmed',
    line: 'Good news: your order is confirmed. We will bring it in the delivery window you chose.',
  },
  shipped: {
    subject: 'is out for delivery',
    line: `Your order is out for delivery. Please have your ID ready (our driver checks that you are ${SITE.minimumAge} or older) and the cash for your total.`,
  },
  delivered: { subject: 'was delivered', line: 'Your order was delivered. Enjoy, and thank you!' },
  cancelled: { subject: 'was cancelled', line: 'Your order was cancelled. Nothing is due.' },
};

/**
 * The e-mail of one status move (recordStatusChange sends one for every move): a subject and an
 * opening line per status, the move's note (on the way out it names the driver by first name; on a
 * cancellation it is the reason), and always the link to the order's live tracking page.
 */
export function orderStatusEmail(o: { ref: string; firstName: string; status: OrderStatus; note: string; confirmationUrl: string }): {
  subject: string;
  body: string;
} {
  const mail = STATUS_MAIL[o.status];
  const note = o.note.trim();
  const noteLines = note ? ['', o.status === 'cancelled' ? `Reason: ${note}` : note] : [];
  return {
    subject: `Your ${SITE.name} order ${o.ref} ${mail.subject}`,
    body: [
      `Hi ${o.firstName},`,
      '',
      mail.line,
      ...noteLines,
      '',
      `Track your order: ${o.confirmationUrl}`,
      '',
      `Questions? Call ${SITE.phone} or write to ${SITE.email}.`,
      SITE.name,
    ].join('\n'),
  };
}

/** A product at or under its low-stock threshold (M2), as the daily summary lists it. */
export interface LowStockLine {
  name: string;
  /** In the product's base unit (grams or units, D6). */
  stock: number;
  unit: 'g' | 'units';
}

export interface DailySummary {
  /** The New York date summed up, 'YYYY-MM-DD'. */
  date: string;
  /** 'Tuesday, March 10, 2026'. */
  dateLabel: string;
  orders: number;
  /** Tax included, as the Sales report counts it (R2). */
  revenueCents: number;
  averageCents: number;
  /** The tax in that revenue (D38). */
  taxCents: number;
  failed: { count: number; reasons: { reason: string; count: number }[] };
  /** The lowest first, up to a limit. */
  lowStock: LowStockLine[];
  /** Low-stock products past the limit, counted only. */
  lowStockMore: number;
  reportsUrl: string;
}

/** R7: yesterday's figures for the admins, read before the day starts. */
export function dailySummaryEmail(s: DailySummary): { subject: string; body: string } {
  const failed =
    s.failed.count === 0
      ? ['Failed deliveries: none']
      : [`Failed deliveries: ${s.failed.count}`, ...s.failed.reasons.map((r) => `  ${r.count} x ${r.reason}`)];
  const lowStock =
    s.lowStock.length === 0
      ? ['Low stock: none']
      : [
          'Low stock:',
          ...s.lowStock.map((p) => `  ${p.name}: ${p.stock} ${p.unit === 'g' ? 'g' : p.stock === 1 ? 'unit' : 'units'} left`),
          ...(s.lowStockMore > 0 ? [`  and ${s.lowStockMore} more`] : []),
        ];
  return {
    subject: `${SITE.name} daily summary for ${s.date}: ${s.orders} orders, ${formatMoney(s.revenueCents)}`,
    body: [
      `${SITE.name}: ${s.dateLabel} (New York time)`,
      '',
      `Revenue: ${formatMoney(s.revenueCents)}`,
      `Orders: ${s.orders}`,
      `Average order: ${formatMoney(s.averageCents)}`,
      // Unlike an order's e-mail, said even when nothing: the summary's figures are always the same list.
      `Tax collected: ${formatMoney(s.taxCents)}`,
      ...failed,
      '',
      ...lowStock,
      '',
      `Reports: ${s.reportsUrl}`,
    ].join('\n'),
  };
}

/** D37: an invitation to a new staff account, or a password reset, with its one-time link. */
export function staffLinkEmail(m: { purpose: 'invite' | 'reset'; name: string; roleLabel: string; link: string; validHours: number }): {
  subject: string;
  body: string;
} {
  const greeting = m.name ? `Hi ${m.name},` : 'Hi,';
  const opening =
    m.purpose === 'invite'
      ? [`You have been given a ${m.roleLabel.toLowerCase()} account at ${SITE.name}.`, 'Open this link to choose your password:']
      : [`A password reset was requested for your ${SITE.name} staff account.`, 'Open this link to choose a new password:'];
  return {
    subject: m.purpose === 'invite' ? `Your ${SITE.name} staff account` : `Reset your ${SITE.name} password`,
    body: [
      greeting,
      '',
      ...opening,
      `  ${m.link}`,
      '',
      `The link works once, for ${m.validHours} hours. If it has expired, ask an admin for a new one.`,
      m.purpose === 'reset' ? 'If you did not expect this, you can ignore it: your password stays as it is.' : '',
      SITE.name,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

/**
 * D18, D19: the receipt for a contact message. It goes to whatever address was posted, so it
 * carries nothing the sender wrote (no name, subject or message): a form that repeated them would
 * let anyone send their own text, under the shop's name, to any inbox.
 */
export function contactReceiptEmail(): { subject: string; body: string } {
  return {
    subject: `${SITE.name} received your message`,
    body: [
      'Hello,',
      '',
      `Your message to ${SITE.name} arrived. We reply within 24 hours.`,
      `To talk to us sooner, call ${SITE.phone} (${SITE.supportHours}).`,
      '',
      'If you did not write to us, you can ignore this e-mail.',
      '',
      SITE.name,
    ].join('\n'),
  };
}
