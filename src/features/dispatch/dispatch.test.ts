import { describe, expect, it } from 'vitest';
import { toEpochOrThrow } from '../../lib/ny-time.ts';
import type { ScheduleWindow } from '../delivery/windows.ts';
import { assignRefusal, buildManifest, type DispatchOrderRow, dayRange, dispatchDay, type ManifestOrderRow } from './dispatch.ts';

const ny = (wall: string) => toEpochOrThrow(wall);

const SCHEDULE: ScheduleWindow[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { id: weekday * 2 + 1, weekday, startMinute: 540, endMinute: 720, capacity: 10, active: true },
  { id: weekday * 2 + 2, weekday, startMinute: 1020, endMinute: 1260, capacity: 3, active: true },
]);

let n = 0;
function row(start: string, end: string, over: Partial<DispatchOrderRow> = {}): DispatchOrderRow {
  n += 1;
  return {
    ref: `REF${String(n).padStart(19, '0')}`,
    status: 'processing',
    deliveryStatus: 'unassigned',
    firstName: 'Ada',
    lastName: `L${n}`,
    phone: '3015550100',
    deliveryAddress: `${n} Main St`,
    deliveryApartment: '',
    deliveryCity: 'Rockville',
    deliveryState: 'MD',
    deliveryZipCode: '20850',
    deliveryInstructions: '',
    total: 1000,
    itemCount: 1,
    windowStart: ny(start),
    windowEnd: ny(end),
    windowCapacity: 10,
    driverId: null,
    driverName: null,
    driverActive: null,
    ...over,
  };
}

describe('a day of dispatch (D36)', () => {
  it("shows every window of the day's schedule, counts only orders not cancelled, and keeps windows the schedule lost", () => {
    const day = dispatchDay({
      date: '2026-11-26',
      schedule: SCHEDULE,
      closedNote: null,
      orders: [
        row('2026-11-26T17:00', '2026-11-26T21:00', { deliveryZipCode: '20852' }),
        row('2026-11-26T17:00', '2026-11-26T21:00', { deliveryZipCode: '20814' }),
        row('2026-11-26T17:00', '2026-11-26T21:00', { status: 'cancelled' }),
        row('2026-11-26T17:00', '2026-11-26T21:00', { driverId: 4, driverName: 'Sam', driverActive: false }),
        row('2026-11-26T13:00', '2026-11-26T15:00', { windowCapacity: 6 }),
      ],
      drivers: [{ id: 1, name: 'Al' }],
    });
    expect(day.dateLabel).toBe('Thursday, November 26, 2026');
    expect(day.windows.map((w) => [w.time, w.label, w.scheduled, `${w.booked}/${w.capacity}`])).toEqual([
      ['09:00', 'Morning, 9:00 AM - 12:00 PM', true, '0/10'],
      ['13:00', 'Afternoon, 1:00 PM - 3:00 PM', false, '1/6'],
      ['17:00', 'Evening, 5:00 PM - 9:00 PM', true, '3/3'],
    ]);
    const evening = day.windows[2];
    expect(evening?.orders.map((o) => o.zip)).toEqual(['20814', '20850', '20852']);
    expect(evening?.cancelled).toHaveLength(1);
    expect(evening?.drivers).toEqual([{ id: 4, name: 'Sam' }]);
    expect(evening?.orders.find((o) => o.driver)?.driver).toEqual({ id: 4, name: 'Sam', active: false });
  });

  it('has no schedule windows on a closed date, and New York days keep their hours across DST', () => {
    expect(dispatchDay({ date: '2026-12-25', schedule: SCHEDULE, closedNote: 'Closed', orders: [], drivers: [] }).windows).toEqual([]);
    // The spring-forward day is 23 hours long, the fall-back day 25.
    const spring = dayRange('2026-03-08');
    const fall = dayRange('2026-11-01');
    expect((spring.to - spring.from) / 3_600_000).toBe(23);
    expect((fall.to - fall.from) / 3_600_000).toBe(25);
    const day = dispatchDay({ date: '2026-03-08', schedule: SCHEDULE, closedNote: null, orders: [], drivers: [] });
    expect(day.windows.map((w) => [w.id, w.start])).toEqual([
      ['2026-03-08T09:00', ny('2026-03-08T09:00')],
      ['2026-03-08T17:00', ny('2026-03-08T17:00')],
    ]);
  });

  it('lets dispatch give an order only before it is out, delivered, failed or cancelled (D30)', () => {
    expect(assignRefusal({ status: 'processing', deliveryStatus: 'unassigned' })).toBeNull();
    expect(assignRefusal({ status: 'confirmed', deliveryStatus: 'assigned' })).toBeNull();
    expect(assignRefusal({ status: 'shipped', deliveryStatus: 'out' })).toBe('out for delivery');
    expect(assignRefusal({ status: 'shipped', deliveryStatus: 'unassigned' })).toBe('out for delivery');
    expect(assignRefusal({ status: 'delivered', deliveryStatus: 'delivered' })).toBe('delivered');
    expect(assignRefusal({ status: 'cancelled', deliveryStatus: 'failed' })).toBe('cancelled');
    expect(assignRefusal({ status: 'confirmed', deliveryStatus: 'failed' })).toBe('its delivery failed');
  });
});

describe('the manifest', () => {
  const stop = (ref: string, start: string, end: string, zip: string, total: number): ManifestOrderRow => ({
    ref,
    firstName: 'Ada',
    lastName: ref,
    phone: '3015550100',
    deliveryAddress: '1 Main St',
    deliveryApartment: 'Apt 2',
    deliveryCity: 'Rockville',
    deliveryState: 'MD',
    deliveryZipCode: zip,
    deliveryInstructions: 'Side door',
    total,
    windowStart: ny(start),
    windowEnd: ny(end),
    items: [
      { name: 'Blue Dream', category: 'Flower', quantity: 1, weight: 'half-oz' },
      { name: 'Gummies', category: 'Edible', quantity: 3, weight: null },
    ],
  });

  it('numbers stops across windows in departure order, nearby ZIPs together, with the cash to collect', () => {
    const m = buildManifest({
      shop: { name: 'Shop', phone: '1' },
      driver: { id: 1, name: 'Sam', phone: '2' },
      date: '2026-11-26',
      orders: [
        stop('C', '2026-11-26T17:00', '2026-11-26T21:00', '20850', 3000),
        stop('B', '2026-11-26T09:00', '2026-11-26T12:00', '20852', 2000),
        stop('A', '2026-11-26T09:00', '2026-11-26T12:00', '20814', 1050),
      ],
    });
    expect(m.windows.map((w) => [w.departureText, w.stops.map((s) => `${s.number}:${s.ref}`), w.cashText])).toEqual([
      ['9:00 AM', ['1:A', '2:B'], '$30.50'],
      ['5:00 PM', ['3:C'], '$30.00'],
    ]);
    expect(m.windows[0]?.stops[0]).toMatchObject({
      street: '1 Main St, Apt 2',
      place: 'Rockville, MD 20814',
      items: [
        { name: 'Blue Dream', quantity: 1, weight: '1/2 oz' },
        { name: 'Gummies', quantity: 3, weight: null },
      ],
    });
    expect([m.stopCount, m.cash, m.cashText]).toEqual([3, 6050, '$60.50']);
  });
});
