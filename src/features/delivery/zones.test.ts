import { describe, expect, it } from 'vitest';
import { computeTotals, DEFAULT_DELIVERY, deliveryFee } from '../pricing/pricing.ts';
import {
  type DeliveryZone,
  minimumMessage,
  minimumShortfall,
  notDeliveredMessage,
  quoteFor,
  quoteSummary,
  readQuote,
  zoneRule,
} from './zones.ts';

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
    expect(quoteFor('21201', zone({ feeCents: 1499, minimumCents: 5000, freeFromCents: 10000 }))).toEqual({
      deliverable: true,
      zip: '21201',
      zone: { id: 7, name: 'Baltimore & Columbia', state: 'MD' },
      fee: 1499,
      minimum: 5000,
      freeFrom: 10000,
    });
    expect(quoteFor('22901', null)).toEqual({ deliverable: false, zip: '22901', message: "We don't deliver to 22901 yet" });
    expect(quoteFor('21201', zone({ active: false }))).toEqual({
      deliverable: false,
      zip: '21201',
      message: notDeliveredMessage('21201'),
    });
  });

  it('sums a quote up in one line', () => {
    expect(quoteSummary(quoteFor('21201', zone({ feeCents: 1499, minimumCents: 5000, freeFromCents: 10000 })))).toBe(
      'We deliver to 21201 (Baltimore & Columbia): $14.99 delivery, free from $100.00; minimum order $50.00.',
    );
    expect(quoteSummary(quoteFor('20850', zone({ name: 'Close-in Montgomery County' })))).toBe(
      'We deliver to 20850 (Close-in Montgomery County): $9.99 delivery, free from $50.00; no minimum order.',
    );
    expect(quoteSummary(quoteFor('22901', null))).toBe("We don't deliver to 22901 yet");
  });

  it('reads back a stored quote, and nothing else', () => {
    const covered = quoteFor('20850', zone({ minimumCents: 2500 }));
    expect(readQuote(JSON.parse(JSON.stringify(covered)))).toEqual(covered);
    expect(readQuote(quoteFor('22901', null))).toEqual(quoteFor('22901', null));
    for (const bad of [
      null,
      'x',
      {},
      { ...covered, fee: -1 },
      { ...covered, zip: '2085' },
      { ...covered, minimum: '5' },
      { ...covered, zone: null },
    ]) {
      expect(readQuote(bad)).toBeNull();
    }
  });
});
