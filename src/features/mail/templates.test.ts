/**
 * The order e-mails' totals (D38): each tax line by name, rate and amount as pricing charged it,
 * and no tax line at all when no tax applied.
 */
import { describe, expect, it } from 'vitest';
import type { TaxLine } from '../../db/state-values.ts';
import { computeTotals } from '../pricing/pricing.ts';
import { type ConfirmationOrder, dailySummaryEmail, orderConfirmationEmail, percentText, taxTextLines } from './templates.ts';

const MD_TAX: TaxLine = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' };
const RULE = { fee: 999, freeFrom: 5000, minimum: null };

function order(lines: { price: number; quantity: number }[], taxes: TaxLine[]): ConfirmationOrder {
  const totals = computeTotals(lines, RULE, taxes);
  // As checkout passes them: the totals spread, tax lines and all.
  return {
    ref: 'REF123',
    firstName: 'Tia',
    deliveryTime: 'asap',
    windowStart: null,
    windowEnd: null,
    address: '1 Main Street, Rockville, MD 20850',
    items: lines.map((l, i) => ({ name: `Item ${i + 1}`, quantity: l.quantity, lineTotal: l.price * l.quantity })),
    ...totals,
    confirmationUrl: 'https://shop.example/order-confirmation/REF123',
  };
}

describe('order confirmation e-mail totals (D38)', () => {
  it('names each tax line with its rate and the amount pricing rounded once per line', () => {
    // 3 x $14.41 = $43.23; 12 % of it is 518.76 cents, charged as $5.19; $9.99 delivery, not taxed.
    const { body } = orderConfirmationEmail(order([{ price: 1441, quantity: 3 }], [MD_TAX]));
    expect(body).toContain(
      ['Subtotal: $43.23', 'Delivery fee: $9.99', 'Maryland cannabis sales and use tax (12%): $5.19', 'Total: $58.41'].join('\n'),
    );
    expect(body).not.toContain('Tax:');
  });

  it('shows a half cent rounded up, and two lines as two rows', () => {
    const old = { name: 'Maryland sales and use tax (before 2025-07-01)', basisPoints: 900, appliesTo: 'goods' as const };
    const fee = { name: 'Delivery surcharge', basisPoints: 1000, appliesTo: 'fee' as const };
    // 9 % of $50.50 is 454.5 cents: $4.55. Free delivery from $50: 10 % of $0.00 is $0.00.
    const o = order([{ price: 5050, quantity: 1 }], [old, fee]);
    expect(taxTextLines(o)).toEqual(['Maryland sales and use tax (before 2025-07-01) (9%): $4.55', 'Delivery surcharge (10%): $0.00']);
    expect(orderConfirmationEmail(o).body).toContain('Delivery fee: Free\nMaryland sales and use tax (before 2025-07-01) (9%): $4.55\n');
    expect(orderConfirmationEmail(o).body).toContain('Total: $55.05');
  });

  it('has no tax line at all where no tax applied', () => {
    const { body } = orderConfirmationEmail(order([{ price: 2000, quantity: 1 }], []));
    expect(body).toContain('Subtotal: $20.00\nDelivery fee: $9.99\nTotal: $29.99\n');
    expect(body).not.toMatch(/tax/i);
  });

  it('still says "Tax:" when a caller gives only the sum', () => {
    expect(taxTextLines({ tax: 125 })).toEqual(['Tax: $1.25']);
    expect(taxTextLines({ tax: 0, taxLines: [] })).toEqual([]);
  });

  it('writes a rate without trailing zeros', () => {
    expect(percentText(1200)).toBe('12%');
    expect(percentText(875)).toBe('8.75%');
    expect(percentText(600)).toBe('6%');
  });
});

describe('daily summary (R7)', () => {
  it('tells the tax collected beside the revenue', () => {
    const { body } = dailySummaryEmail({
      date: '2026-08-10',
      dateLabel: 'Monday, August 10, 2026',
      orders: 2,
      revenueCents: 11_200,
      averageCents: 5_600,
      taxCents: 1_200,
      failed: { count: 0, reasons: [] },
      lowStock: [],
      lowStockMore: 0,
      reportsUrl: 'https://shop.example/admin',
    });
    expect(body).toContain('Revenue: $112.00\nOrders: 2\nAverage order: $56.00\nTax collected: $12.00\n');
  });
});
