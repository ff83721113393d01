import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../db/order-values.ts';
import { toEpochOrThrow } from '../../lib/ny-time.ts';
import { deliveryTimeText } from '../delivery/windows.ts';
import { firstNameOf, type TrackedHistoryRow, type TrackedOrder, trackingOf } from './tracking.ts';

const ny = (wall: string) => toEpochOrThrow(wall);
const PLACED = ny('2026-11-26T10:02');

const order = (over: Partial<TrackedOrder> = {}): TrackedOrder => ({
  status: 'processing',
  deliveryStatus: 'unassigned',
  windowStart: ny('2026-11-26T17:00'),
  windowEnd: ny('2026-11-26T21:00'),
  deliveryTime: 'evening',
  createdAt: PLACED,
  driverFirstName: null,
  deliveryFailureReason: null,
  ...over,
});

const move = (fromStatus: OrderStatus | null, toStatus: OrderStatus, wall: string, note = ''): TrackedHistoryRow => ({
  fromStatus,
  toStatus,
  note,
  createdAt: ny(wall),
});

const PLACED_ROW = move(null, 'processing', '2026-11-26T10:02', 'Order placed');
const CONFIRMED_ROW = move('processing', 'confirmed', '2026-11-26T10:15');
const SHIPPED_ROW = move('confirmed', 'shipped', '2026-11-26T17:20', 'Out for delivery with Sam');
const DELIVERED_ROW = move('shipped', 'delivered', '2026-11-26T17:48');

/** Each step as [label, state, time, detail]: what the shopper reads. */
const read = (t: ReturnType<typeof trackingOf>) => t.steps.map((s) => [s.label, s.state, s.time, s.detail]);

describe('the shopper timeline (D30)', () => {
  it('a new order: placed now, the rest to come, still open', () => {
    const t = trackingOf(order(), [PLACED_ROW]);
    expect(read(t)).toEqual([
      ['Placed', 'current', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'upcoming', null, null],
      ['Out for delivery', 'upcoming', null, null],
      ['Delivered', 'upcoming', null, null],
    ]);
    expect(t.open).toBe(true);
    expect(t.status).toBe('processing');
    expect(t.window).toBe('Thu, Nov 26, Evening, 5:00 PM - 9:00 PM');
    expect(t.summary).toBe('Your order is placed. We will confirm it shortly.');
  });

  it('a confirmed order', () => {
    const t = trackingOf(order({ status: 'confirmed' }), [PLACED_ROW, CONFIRMED_ROW]);
    expect(read(t)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'current', 'Nov 26, 2026, 10:15 AM EST', null],
      ['Out for delivery', 'upcoming', null, null],
      ['Delivered', 'upcoming', null, null],
    ]);
    expect(t.open).toBe(true);
  });

  it('out for delivery names the driver by first name', () => {
    const t = trackingOf(order({ status: 'shipped', deliveryStatus: 'out', driverFirstName: 'Sam' }), [
      PLACED_ROW,
      CONFIRMED_ROW,
      SHIPPED_ROW,
    ]);
    expect(read(t)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'done', 'Nov 26, 2026, 10:15 AM EST', null],
      ['Out for delivery', 'current', 'Nov 26, 2026, 5:20 PM EST', 'with Sam'],
      ['Delivered', 'upcoming', null, null],
    ]);
    expect(t.open).toBe(true);
    expect(t.summary).toBe('Your order is out for delivery with Sam.');
  });

  it('an assigned driver is not named before the order leaves', () => {
    const t = trackingOf(order({ status: 'confirmed', deliveryStatus: 'assigned', driverFirstName: 'Sam' }), [PLACED_ROW, CONFIRMED_ROW]);
    expect(t.steps.map((s) => s.detail)).toEqual([null, null, null, null]);
    expect(JSON.stringify(t)).not.toContain('Sam');
  });

  it('a delivered order is closed, every step with its time', () => {
    const t = trackingOf(order({ status: 'delivered', deliveryStatus: 'delivered', driverFirstName: 'Sam' }), [
      PLACED_ROW,
      CONFIRMED_ROW,
      SHIPPED_ROW,
      DELIVERED_ROW,
    ]);
    expect(read(t)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'done', 'Nov 26, 2026, 10:15 AM EST', null],
      ['Out for delivery', 'done', 'Nov 26, 2026, 5:20 PM EST', 'with Sam'],
      ['Delivered', 'current', 'Nov 26, 2026, 5:48 PM EST', null],
    ]);
    expect(t.open).toBe(false);
  });

  it('a failed delivery ends in Cancelled with its reason, and nothing after it', () => {
    const t = trackingOf(
      order({ status: 'cancelled', deliveryStatus: 'failed', driverFirstName: 'Sam', deliveryFailureReason: 'Nobody was home' }),
      [PLACED_ROW, CONFIRMED_ROW, SHIPPED_ROW, move('shipped', 'cancelled', '2026-11-26T18:05', 'Delivery failed: Nobody was home')],
    );
    expect(read(t)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'done', 'Nov 26, 2026, 10:15 AM EST', null],
      ['Out for delivery', 'done', 'Nov 26, 2026, 5:20 PM EST', 'with Sam'],
      ['Cancelled', 'current', 'Nov 26, 2026, 6:05 PM EST', 'Delivery failed: Nobody was home'],
    ]);
    expect(t.open).toBe(false);
    expect(t.summary).toBe('Your order was cancelled: the delivery failed (Nobody was home). Nothing is due.');
  });

  it('a failed delivery whose note gives no reason takes the one recorded on the order', () => {
    const t = trackingOf(order({ status: 'cancelled', deliveryStatus: 'failed', deliveryFailureReason: 'No valid ID' }), [
      PLACED_ROW,
      move('processing', 'cancelled', '2026-11-26T18:05', 'Cancelled at the door'),
    ]);
    expect(t.steps.at(-1)?.detail).toBe('Delivery failed: No valid ID');
  });

  it("a cancellation by the shop shows the steps reached and no reason: staff's notes are theirs", () => {
    const t = trackingOf(order({ status: 'cancelled' }), [
      PLACED_ROW,
      CONFIRMED_ROW,
      move('confirmed', 'cancelled', '2026-11-26T11:00', 'Customer called, duplicate order'),
    ]);
    expect(read(t)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Confirmed', 'done', 'Nov 26, 2026, 10:15 AM EST', null],
      ['Cancelled', 'current', 'Nov 26, 2026, 11:00 AM EST', null],
    ]);
    expect(JSON.stringify(t)).not.toContain('duplicate');
    expect(t.open).toBe(false);
    expect(t.summary).toBe('Your order was cancelled. Nothing is due.');
  });

  it('an order cancelled before confirmation, or with no history, shows Placed then Cancelled', () => {
    expect(
      trackingOf(order({ status: 'cancelled' }), [PLACED_ROW, move('processing', 'cancelled', '2026-11-26T10:30')]).steps.map(
        (s) => s.label,
      ),
    ).toEqual(['Placed', 'Cancelled']);
    const bare = trackingOf(order({ status: 'cancelled' }), []);
    expect(read(bare)).toEqual([
      ['Placed', 'done', 'Nov 26, 2026, 10:02 AM EST', null],
      ['Cancelled', 'current', null, null],
    ]);
  });

  it('a step skipped by staff counts as done without a time; a step left behind is upcoming again', () => {
    const skipped = trackingOf(order({ status: 'shipped' }), [PLACED_ROW, move('processing', 'shipped', '2026-11-26T17:20')]);
    expect(read(skipped).slice(1, 3)).toEqual([
      ['Confirmed', 'done', null, null],
      ['Out for delivery', 'current', 'Nov 26, 2026, 5:20 PM EST', null],
    ]);
    const back = trackingOf(order({ status: 'confirmed' }), [
      PLACED_ROW,
      CONFIRMED_ROW,
      SHIPPED_ROW,
      move('shipped', 'confirmed', '2026-11-26T17:30', 'Back at the shop'),
    ]);
    expect(read(back).slice(1)).toEqual([
      ['Confirmed', 'current', 'Nov 26, 2026, 5:30 PM EST', null],
      ['Out for delivery', 'upcoming', null, null],
      ['Delivered', 'upcoming', null, null],
    ]);
  });

  it('a reopened order after a failed delivery is tracked from its status again', () => {
    const t = trackingOf(order({ status: 'processing', deliveryStatus: 'failed', deliveryFailureReason: 'Nobody was home' }), [
      PLACED_ROW,
      move('processing', 'cancelled', '2026-11-26T18:05', 'Delivery failed: Nobody was home'),
      move('cancelled', 'processing', '2026-11-26T18:30', 'Reopened'),
    ]);
    expect(t.open).toBe(true);
    expect(t.steps.map((s) => [s.label, s.state])).toEqual([
      ['Placed', 'current'],
      ['Confirmed', 'upcoming'],
      ['Out for delivery', 'upcoming'],
      ['Delivered', 'upcoming'],
    ]);
  });

  it('reads history in time order whatever order it arrives in', () => {
    const t = trackingOf(order({ status: 'confirmed' }), [CONFIRMED_ROW, PLACED_ROW]);
    expect(t.steps[1]?.time).toBe('Nov 26, 2026, 10:15 AM EST');
  });
});

describe('New York times across DST', () => {
  it('tells the two 1:30 AMs of the fall-back night apart', () => {
    const edt = Date.UTC(2026, 10, 1, 5, 30); // 1:30 AM EDT, the first one
    const est = Date.UTC(2026, 10, 1, 6, 30); // 1:30 AM EST, an hour later
    const at = (ms: number) =>
      trackingOf(order({ status: 'confirmed', createdAt: edt - 60_000 }), [
        { fromStatus: 'processing', toStatus: 'confirmed', note: '', createdAt: ms },
      ]).steps[1]?.time;
    expect(at(edt)).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(at(est)).toBe('Nov 1, 2026, 1:30 AM EST');
  });

  it('names summer times in EDT and keeps a window its wall-clock hours', () => {
    const t = trackingOf(
      order({ createdAt: ny('2026-07-04T09:15'), windowStart: ny('2026-07-04T12:00'), windowEnd: ny('2026-07-04T17:00') }),
      [],
    );
    expect(t.steps[0]?.time).toBe('Jul 4, 2026, 9:15 AM EDT');
    expect(t.window).toBe('Sat, Jul 4, Afternoon, 12:00 PM - 5:00 PM');
  });
});

describe('window and driver', () => {
  it('labels a booked window in full, and an older order by its old choice', () => {
    expect(deliveryTimeText({ windowStart: ny('2026-11-27T09:00'), windowEnd: ny('2026-11-27T12:00'), deliveryTime: 'asap' })).toBe(
      'Fri, Nov 27, Morning, 9:00 AM - 12:00 PM',
    );
    expect(deliveryTimeText({ windowStart: null, windowEnd: null, deliveryTime: 'asap' })).toBe('ASAP (Next open window today)');
    expect(deliveryTimeText({ windowStart: null, windowEnd: null, deliveryTime: 'evening' })).toBe('Evening (5pm-9pm)');
  });

  it("keeps only the driver's first name", () => {
    expect(firstNameOf('Sam Okafor')).toBe('Sam');
    expect(firstNameOf('  Maria   de la Cruz ')).toBe('Maria');
    expect(firstNameOf('Cher')).toBe('Cher');
    expect(firstNameOf('   ')).toBeNull();
    expect(firstNameOf(null)).toBeNull();
  });
});
