import { describe, expect, it } from 'vitest';
import type { TaxLine } from '../../db/state-values.ts';
import { computeTotals, DEFAULT_DELIVERY, deliveryFee } from '../pricing/pricing.ts';
import { PATIENTS_NEED, patientsHeading, type StateRow } from './states.ts';
import {
  type DeliveryZone,
  minimumMessage,
  minimumShortfall,
  notDeliveredMessage,
  quoteFor,
  quoteRule,
  quoteSummary,
  readQuote,
  zoneRule,
} from './zones.ts';

type QuotedState = Pick<StateRow, 'code' | 'name' | 'sales' | 'opensOn' | 'taxes'>;

/** The seeded states (migration 0020), as far as a quote reads them. */
const MD_TAX: TaxLine = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' };
const MD: QuotedState = { code: 'MD', name: 'Maryland', sales: 'adult', opensOn: '2023-07-01', taxes: [MD_TAX] };
const DC: QuotedState = { code: 'DC', name: 'Washington DC', sales: 'patients', opensOn: null, taxes: [] };
const VA: QuotedState = { code: 'VA', name: 'Virginia', sales: 'closed', opensOn: null, taxes: [] };
const TODAY = '2026-12-01';

const zone = (over: Partial<DeliveryZone> = {}): DeliveryZone => ({
  id: 7,
  state: 'MD',
  name: 'Baltimore & Columbia',
  feeCents: null,
  minimumCents: null,
  freeFromCents: null,
  active: true,
  ...over,
});

describe('zone rules (D31)', () => {
  it("takes D3's fee and threshold where the zone sets none, and no minimum", () => {
    expect(zoneRule(zone())).toEqual({ fee: 999, freeFrom: 5000, minimum: null });
    expect(zoneRule(zone())).toEqual(DEFAULT_DELIVERY);
  });

  it("charges the zone's fee where it sets one, waived from its own threshold", () => {
    const rule = zoneRule(zone({ feeCents: 1499, freeFromCents: 10000 }));
    expect(deliveryFee(4999, rule)).toBe(1499);
    expect(deliveryFee(5000, rule)).toBe(1499);
    expect(deliveryFee(9999, rule)).toBe(1499);
    expect(deliveryFee(10000, rule)).toBe(0);
    expect(computeTotals([{ price: 3000, quantity: 2 }], rule)).toEqual({
      itemCount: 2,
      subtotal: 6000,
      deliveryFee: 1499,
      tax: 0,
      taxLines: [],
      total: 7499,
    });
  });

  it('a zone may make delivery free from a lower subtotal, with the default fee', () => {
    const rule = zoneRule(zone({ freeFromCents: 3000 }));
    expect(deliveryFee(2999, rule)).toBe(999);
    expect(deliveryFee(3000, rule)).toBe(0);
  });

  it('measures the shortfall against the minimum order', () => {
    const rule = zoneRule(zone({ minimumCents: 5000 }));
    expect(minimumShortfall(rule, 4999)).toBe(1);
    expect(minimumShortfall(rule, 3250)).toBe(1750);
    expect(minimumShortfall(rule, 5000)).toBe(0);
    expect(minimumShortfall(zoneRule(zone()), 1)).toBe(0);
    expect(minimumMessage(rule, 3250)).toBe('The minimum order for delivery here is $50.00. Please add $17.50 more.');
  });

  it('quotes a covered ZIP with its amounts, and refuses an uncovered or inactive one plainly', () => {
    expect(quoteFor('21201', zone({ feeCents: 1499, minimumCents: 5000, freeFromCents: 10000 }), MD, TODAY)).toEqual({
      deliverable: true,
      zip: '21201',
      zone: { id: 7, name: 'Baltimore & Columbia', state: 'MD' },
      state: { code: 'MD', name: 'Maryland' },
      sales: 'adult',
      taxes: [MD_TAX],
      fee: 1499,
      minimum: 5000,
      freeFrom: 10000,
      message:
        'We deliver to 21201 (Baltimore & Columbia): $14.99 delivery, free from $100.00; minimum order $50.00; 12% Maryland cannabis sales and use tax on goods.',
    });
    expect(quoteFor('22901', null, null, TODAY)).toEqual({
      deliverable: false,
      zip: '22901',
      reason: 'not_served',
      message: "We don't deliver to 22901 yet",
    });
    expect(quoteFor('21201', zone({ active: false }), MD, TODAY)).toEqual({
      deliverable: false,
      zip: '21201',
      reason: 'not_served',
      message: notDeliveredMessage('21201'),
    });
    // A zone whose state has no row: nothing says it may sell there.
    expect(quoteFor('21201', zone(), null, TODAY)).toMatchObject({ deliverable: false, reason: 'not_served' });
  });

  it('sums a quote up in one line, naming each tax', () => {
    expect(quoteSummary(quoteFor('21201', zone({ feeCents: 1499, minimumCents: 5000, freeFromCents: 10000 }), MD, TODAY))).toBe(
      'We deliver to 21201 (Baltimore & Columbia): $14.99 delivery, free from $100.00; minimum order $50.00; 12% Maryland cannabis sales and use tax on goods.',
    );
    const untaxed = { ...MD, taxes: [] };
    expect(quoteSummary(quoteFor('20850', zone({ name: 'Close-in Montgomery County' }), untaxed, TODAY))).toBe(
      'We deliver to 20850 (Close-in Montgomery County): $9.99 delivery, free from $50.00; no minimum order.',
    );
    const twoTaxes = {
      ...MD,
      taxes: [
        { name: 'Cannabis excise tax', basisPoints: 825, appliesTo: 'both' as const },
        { name: 'Delivery tax', basisPoints: 100, appliesTo: 'fee' as const },
      ],
    };
    expect(quoteSummary(quoteFor('20850', zone({ name: 'Close-in' }), twoTaxes, TODAY))).toBe(
      'We deliver to 20850 (Close-in): $9.99 delivery, free from $50.00; no minimum order; 8.25% Cannabis excise tax on goods and delivery; 1% Delivery tax on the delivery fee.',
    );
    expect(quoteSummary(quoteFor('22901', null, null, TODAY))).toBe("We don't deliver to 22901 yet");
  });

  it('reads back a stored quote, and nothing else', () => {
    const covered = quoteFor('20850', zone({ minimumCents: 2500 }), MD, TODAY);
    expect(readQuote(JSON.parse(JSON.stringify(covered)))).toEqual(covered);
    const patients = quoteFor('20001', zone({ state: 'DC', name: 'Downtown' }), DC, TODAY);
    expect(readQuote(JSON.parse(JSON.stringify(patients)))).toEqual(patients);
    const closed = quoteFor('22201', zone({ state: 'VA' }), VA, TODAY);
    expect(readQuote(JSON.parse(JSON.stringify(closed)))).toEqual(closed);
    expect(readQuote(quoteFor('22901', null, null, TODAY))).toEqual(quoteFor('22901', null, null, TODAY));
    for (const bad of [
      null,
      'x',
      {},
      { ...covered, fee: -1 },
      { ...covered, zip: '2085' },
      { ...covered, minimum: '5' },
      { ...covered, zone: null },
      { ...covered, zone: { id: 4, name: 'Close-in', state: 'NY' } },
      { ...covered, taxes: [{ name: 'Tax', basisPoints: 12.5, appliesTo: 'goods' }] },
      { ...covered, taxes: [{ name: 'Tax', basisPoints: 1200, appliesTo: 'everything' }] },
      { ...covered, taxes: 'none' },
      { ...covered, sales: 'closed' },
      { deliverable: false, zip: '22901' },
    ]) {
      expect(readQuote(bad)).toBeNull();
    }
  });

  it('reads a quote stored before states were data as the zone state, adults, no tax', () => {
    // What a browser stored before D38: no state, sales, taxes, message or reason.
    const old = {
      deliverable: true,
      zip: '20850',
      zone: { id: 4, name: 'Close-in', state: 'MD' },
      fee: 999,
      minimum: null,
      freeFrom: 5000,
    };
    expect(readQuote(old)).toEqual({
      ...old,
      state: { code: 'MD', name: 'Maryland' },
      sales: 'adult',
      taxes: [],
      message: 'We deliver to 20850 (Close-in): $9.99 delivery, free from $50.00; no minimum order.',
    });
    expect(readQuote({ deliverable: false, zip: '22901', message: "We don't deliver to 22901 yet" })).toEqual({
      deliverable: false,
      zip: '22901',
      reason: 'not_served',
      message: "We don't deliver to 22901 yet",
    });
  });
});

describe('what the zone state allows (D38)', () => {
  it("refuses a ZIP in a closed state with the state's words, and no opening date when none is known", () => {
    expect(quoteFor('22201', zone({ state: 'VA', name: 'Arlington & Alexandria' }), VA, TODAY)).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet.",
    });
  });

  it('names the opening date of a closed state while it is ahead, and delivers from that New York date on', () => {
    const opening = { ...VA, sales: 'adult' as const, opensOn: '2027-01-01' };
    const arlington = zone({ state: 'VA', name: 'Arlington & Alexandria' });
    expect(quoteFor('22201', arlington, opening, '2026-12-31')).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet. Sales open on January 1, 2027.",
    });
    expect(quoteFor('22201', arlington, opening, '2027-01-01')).toMatchObject({
      deliverable: true,
      sales: 'adult',
      state: { code: 'VA', name: 'Virginia' },
      message: 'We deliver to 22201 (Arlington & Alexandria): $9.99 delivery, free from $50.00; no minimum order.',
    });
    // A state the owner keeps closed stays closed past a date, and then names none.
    expect(quoteFor('22201', arlington, { ...VA, opensOn: '2027-01-01' }, '2027-02-01')).toMatchObject({
      deliverable: false,
      message: "We can't deliver to Virginia yet.",
    });
  });

  it('delivers in a patients-only state, saying so first and what a patient needs', () => {
    const quote = quoteFor('20001', zone({ state: 'DC', name: 'Downtown & Northwest DC' }), DC, TODAY);
    expect(quote).toMatchObject({ deliverable: true, sales: 'patients', taxes: [], state: { code: 'DC', name: 'Washington DC' } });
    expect(quote.message).toBe(
      `DC: for registered medical patients. We deliver to 20001 (Downtown & Northwest DC): $9.99 delivery, free from $50.00; no minimum order. ${PATIENTS_NEED}`,
    );
    expect(quote.message.startsWith(patientsHeading(DC))).toBe(true);
    expect(quoteSummary(quote)).toBe(quote.message);
  });

  it("carries an adult state's tax lines, which price the cart as checkout does", () => {
    const quote = quoteFor('20850', zone(), MD, TODAY);
    if (!quote.deliverable) throw new Error('20850 is served');
    expect(quote.taxes).toEqual([MD_TAX]);
    const totals = computeTotals([{ price: 4000, quantity: 1 }], quoteRule(quote), quote.taxes);
    expect(totals).toMatchObject({ subtotal: 4000, deliveryFee: 999, tax: 480, total: 5479 });
  });
});
