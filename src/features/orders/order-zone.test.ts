import { describe, expect, it } from 'vitest';
import { zoneRule } from '../delivery/zones.ts';
import { orderZoneOf, orderZoneText, recordedZone } from './orders.ts';

const zone = { id: 7, name: 'Capitol Hill', state: 'DC' as const, feeCents: null, minimumCents: null, freeFromCents: null, active: true };

describe("an order's recorded zone (D31)", () => {
  it("records the zone with D3's defaults resolved where it sets none", () => {
    expect(recordedZone(zone, zoneRule(zone))).toEqual({
      zoneId: 7,
      zoneName: 'Capitol Hill',
      zoneState: 'DC',
      zoneFeeCents: 999,
      zoneMinimumCents: null,
      zoneFreeFromCents: 5000,
    });
  });

  it("records the zone's own amounts where it sets them", () => {
    const own = { ...zone, feeCents: 1499, minimumCents: 3000, freeFromCents: 10000 };
    expect(recordedZone(own, zoneRule(own))).toMatchObject({ zoneFeeCents: 1499, zoneMinimumCents: 3000, zoneFreeFromCents: 10000 });
  });

  it('reads back what was recorded, and nothing for an order that recorded no zone', () => {
    const row = recordedZone(zone, zoneRule(zone));
    expect(orderZoneOf(row)).toEqual({ id: 7, name: 'Capitol Hill', state: 'DC', feeCents: 999, minimumCents: null, freeFromCents: 5000 });
    const none = { zoneId: null, zoneName: null, zoneState: null, zoneFeeCents: null, zoneMinimumCents: null, zoneFreeFromCents: null };
    expect(orderZoneOf(none)).toBeNull();
  });

  it('says the zone and its rule in one line', () => {
    const row = orderZoneOf(recordedZone(zone, { fee: 1499, freeFrom: 10000, minimum: 3000 }));
    expect(orderZoneText(row)).toBe('Capitol Hill (DC): $14.99 delivery, free from $100.00; minimum order $30.00');
    expect(orderZoneText(orderZoneOf(recordedZone(zone, zoneRule(zone))))).toBe(
      'Capitol Hill (DC): $9.99 delivery, free from $50.00; no minimum order',
    );
    expect(orderZoneText(null)).toBe('None recorded');
  });
});
