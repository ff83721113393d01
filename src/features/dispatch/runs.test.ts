import { describe, expect, it } from 'vitest';
import { toEpochOrThrow } from '../../lib/ny-time.ts';
import {
  amountText,
  buildRunManifest,
  NEEDS_A_TAG,
  NOT_TRACED,
  plannedInstant,
  planTimes,
  type RunManifestInput,
  runHasLeft,
  stopRefusal,
} from './runs.ts';

const ny = toEpochOrThrow;
const TAG = '1A4000000000000000001234';

const stop = (over: Partial<RunManifestInput['stops'][number]> = {}): RunManifestInput['stops'][number] => ({
  ref: 'AAAAAAAAAAAAAAAAAAAAAA',
  cancelled: false,
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '(301) 555-0177',
  deliveryAddress: '12 Main Street',
  deliveryApartment: 'Apt 4',
  deliveryCity: 'Rockville',
  deliveryState: 'MD',
  deliveryZipCode: '20850',
  deliveryInstructions: 'Buzz 4B',
  total: 6500,
  lines: [
    {
      name: 'Blue Dream',
      category: 'Flower',
      weight: 'half-oz',
      quantity: 2,
      packages: [
        { tag: TAG, quantity: 20, unit: 'g', batch: 'B-1' },
        { tag: null, quantity: 8, unit: 'g', batch: '' },
      ],
    },
    { name: 'Gummies', category: 'Edible', weight: null, quantity: 3, packages: [{ tag: null, quantity: 3, unit: 'each', batch: 'G' }] },
  ],
  ...over,
});

const input = (over: Partial<RunManifestInput> = {}): RunManifestInput => ({
  shipper: { name: 'Greenline Delivery', phone: '(202) 555-0142', licences: [{ state: 'MD', number: 'DA-1234' }] },
  driver: { name: 'Sam Lee', phone: '(202) 555-0101', employeeId: 'E-17', licenceNumber: 'S-123-456-789' },
  vehicle: { make: 'Toyota', model: 'Prius', colour: 'grey', plate: '1AB2345', registrationState: 'MD' },
  date: '2026-11-27',
  plannedDeparture: ny('2026-11-27T16:30'),
  plannedArrival: ny('2026-11-27T21:15'),
  route: '',
  stops: [stop()],
  builtAt: ny('2026-11-27T12:00'),
  ...over,
});

describe('the run manifest (D40)', () => {
  it('names the driver, the vehicle, the planned times in New York, and every package of every line in stop order', () => {
    const m = buildRunManifest(
      input({
        stops: [stop({ ref: 'BBBBBBBBBBBBBBBBBBBBBB', deliveryApartment: '', lines: [] }), stop()],
        route: '  I-270 north, then MD-355  ',
      }),
    );
    expect(m.driver).toEqual({ name: 'Sam Lee', phone: '(202) 555-0101', employeeId: 'E-17', licenceNumber: 'S-123-456-789' });
    expect(m.vehicle).toMatchObject({ label: 'Toyota Prius, grey', plateText: 'MD 1AB2345' });
    expect(m.plannedDepartureText).toBe('Nov 27, 2026, 4:30 PM EST');
    expect(m.plannedArrivalText).toBe('Nov 27, 2026, 9:15 PM EST');
    expect(m.dateLabel).toBe('Friday, November 27, 2026');
    expect(m.route).toBe('I-270 north, then MD-355');
    expect(m.routeText).toBe('I-270 north, then MD-355');
    expect(m.stops.map((s) => [s.number, s.ref, s.street])).toEqual([
      [1, 'BBBBBBBBBBBBBBBBBBBBBB', '12 Main Street'],
      [2, 'AAAAAAAAAAAAAAAAAAAAAA', '12 Main Street, Apt 4'],
    ]);
    expect(m.stops[1]).toMatchObject({
      recipient: 'Grace Hopper',
      place: 'Rockville, MD 20850',
      instructions: 'Buzz 4B',
      cashText: '$65.00',
    });
    expect(m.stops[1]?.lines).toEqual([
      {
        description: 'Blue Dream (1/2 oz)',
        quantity: 2,
        amountText: '28 g',
        packages: [
          { tag: TAG, tagText: TAG, quantity: 20, unit: 'g', amountText: '20 g', batch: 'B-1' },
          { tag: null, tagText: NEEDS_A_TAG, quantity: 8, unit: 'g', amountText: '8 g', batch: '' },
        ],
      },
      {
        description: 'Gummies',
        quantity: 3,
        amountText: '3 pieces',
        packages: [{ tag: null, tagText: NEEDS_A_TAG, quantity: 3, unit: 'each', amountText: '3 pieces', batch: 'G' }],
      },
    ]);
    expect(m).toMatchObject({ packageCount: 3, untaggedCount: 2, grams: 28, pieces: 3, amountText: '28 g and 3 pieces', cash: 13000 });
    // The kept manifest names no database ids: the driver's page shows it as it is.
    expect(JSON.stringify(m)).not.toMatch(/"id"|"(package|driver|vehicle|order|run)Id"/);
  });

  it('marks an accessory’s untagged package as not tracked in Metrc, not as needing a tag (D40)', () => {
    const papers = {
      name: 'Papers',
      category: 'Accessories',
      weight: null,
      quantity: 2,
      packages: [{ tag: null, quantity: 2, unit: 'each' as const, batch: '' }],
    };
    const m = buildRunManifest(input({ stops: [stop({ lines: [papers] })] }));
    expect(m.stops[0]?.lines[0]?.packages[0]?.tagText).toBe(NOT_TRACED);
    expect(m.untaggedCount).toBe(0);
  });

  it('writes the route from the stops when none was planned in words, and leaves a cancelled stop marked and empty', () => {
    const m = buildRunManifest(
      input({ stops: [stop({ cancelled: true, ref: 'CCCCCCCCCCCCCCCCCCCCCC' }), stop({ deliveryApartment: '' })] }),
    );
    expect(m.route).toBe('');
    expect(m.routeText).toBe('From the shop → 2. 12 Main Street, Rockville, MD 20850 → back to the shop');
    expect(m.stops[0]).toMatchObject({ cancelled: true, lines: [], cash: 0 });
    expect(m.packageCount).toBe(3);
    expect(m.cash).toBe(6500);
  });

  it('counts an untracked line (no package) from the order: its weight times the units, or the units', () => {
    const m = buildRunManifest(
      input({
        stops: [
          stop({
            lines: [
              { name: 'Old Stock', category: 'Flower', weight: '3.5g', quantity: 3, packages: [] },
              { name: 'Lighter', category: 'Accessories', weight: null, quantity: 1, packages: [] },
            ],
          }),
        ],
      }),
    );
    expect(m.stops[0]?.lines.map((l) => [l.description, l.amountText, l.packages])).toEqual([
      ['Old Stock (3.5g)', '10.5 g', []],
      ['Lighter', '1 piece', []],
    ]);
    expect(m.packageCount).toBe(0);
    expect(amountText(0.1 + 0.2, 'g')).toBe('0.3 g');
  });
});

describe('planned times in New York wall time', () => {
  it("reads 'HH:mm' on the run's date, a wall time, or an instant with its offset, right across DST", () => {
    // Spring forward (2026-03-08): 1:30 AM is EST, 3:30 AM EDT; 2:30 AM does not happen.
    expect(plannedInstant('2026-03-08', '01:30')).toEqual({ ok: true, ms: Date.UTC(2026, 2, 8, 6, 30) });
    expect(plannedInstant('2026-03-08', '03:30')).toEqual({ ok: true, ms: Date.UTC(2026, 2, 8, 7, 30) });
    expect(plannedInstant('2026-03-08', '02:30')).toMatchObject({ ok: false, message: expect.stringMatching(/clocks skip/) });
    // Fall back (2026-11-01): 1:30 AM happens twice; the first (EDT) counts.
    expect(plannedInstant('2026-11-01', '01:30')).toEqual({ ok: true, ms: Date.UTC(2026, 10, 1, 5, 30) });
    expect(plannedInstant('2026-07-01', '2026-07-01T10:00')).toEqual({ ok: true, ms: Date.UTC(2026, 6, 1, 14, 0) });
    expect(plannedInstant('2026-07-01', '2026-07-01T14:00:00Z')).toEqual({ ok: true, ms: Date.UTC(2026, 6, 1, 14, 0) });
    expect(plannedInstant('2026-07-01', '10am')).toMatchObject({ ok: false });
    expect(plannedInstant('2026-07-01', '25:00')).toMatchObject({ ok: false });
  });

  it('plans a run over the fall-back night by the clock: 6 wall-clock hours are 7 real ones', () => {
    const r = planTimes('2026-10-31', { plannedDeparture: '22:00', plannedArrival: '2026-11-01T04:00' });
    expect(r.ok && (r.times.plannedArrival - r.times.plannedDeparture) / 3_600_000).toBe(7);
  });

  it('refuses an arrival before the departure, a departure on another day, and a run longer than a day, naming the field', () => {
    expect(planTimes('2026-07-01', { plannedDeparture: '17:00', plannedArrival: '16:00' })).toEqual({
      ok: false,
      fields: { plannedArrival: 'The planned arrival back must be after the departure.' },
    });
    expect(planTimes('2026-07-01', { plannedDeparture: '17:00', plannedArrival: '17:00' })).toMatchObject({ ok: false });
    expect(planTimes('2026-07-01', { plannedDeparture: '2026-07-02T09:00', plannedArrival: '2026-07-02T10:00' })).toMatchObject({
      ok: false,
      fields: { plannedDeparture: expect.stringMatching(/Wednesday, July 1, 2026/) },
    });
    expect(planTimes('2026-07-01', { plannedDeparture: '09:00', plannedArrival: '2026-07-02T10:00' })).toMatchObject({
      ok: false,
      fields: { plannedArrival: expect.stringMatching(/24 hours/) },
    });
    expect(planTimes('2026-03-08', { plannedDeparture: '02:30', plannedArrival: '04:00' })).toMatchObject({
      ok: false,
      fields: { plannedDeparture: expect.stringMatching(/clocks skip/) },
    });
  });

  it('keeps the times not sent', () => {
    const current = { plannedDeparture: ny('2026-07-01T09:00'), plannedArrival: ny('2026-07-01T12:00') };
    expect(planTimes('2026-07-01', { plannedArrival: '13:00' }, current)).toEqual({
      ok: true,
      times: { plannedDeparture: current.plannedDeparture, plannedArrival: ny('2026-07-01T13:00') },
    });
  });
});

describe('which orders a run takes', () => {
  const run = { runId: null, driverId: 7, date: '2026-07-01' };
  const order = {
    ref: 'A',
    status: 'confirmed' as const,
    deliveryStatus: 'assigned' as const,
    driverId: 7,
    windowStart: ny('2026-07-01T17:00'),
    runId: null,
  };
  it("takes the driver's assigned orders of that day only, on no other run", () => {
    expect(stopRefusal(order, run)).toBeNull();
    expect(stopRefusal({ ...order, runId: 3 }, { ...run, runId: 3 })).toBeNull();
    expect(stopRefusal({ ...order, runId: 3 }, run)).toBe('already on run 3');
    expect(stopRefusal({ ...order, driverId: 8 }, run)).toBe('not assigned to this driver in Deliveries');
    expect(stopRefusal({ ...order, windowStart: ny('2026-07-02T09:00') }, run)).toBe('its delivery window is on another day');
    expect(stopRefusal({ ...order, status: 'cancelled' }, run)).toBe('cancelled');
    expect(stopRefusal({ ...order, status: 'delivered', deliveryStatus: 'delivered' }, run)).toBe('delivered');
    expect(stopRefusal({ ...order, status: 'shipped', deliveryStatus: 'out' }, run)).toBe('out for delivery');
  });

  it('says a run has left once a stop is out or done', () => {
    expect(
      runHasLeft([
        { status: 'confirmed', deliveryStatus: 'assigned' },
        { status: 'cancelled', deliveryStatus: 'assigned' },
      ]),
    ).toBe(false);
    expect(runHasLeft([{ status: 'shipped', deliveryStatus: 'out' }])).toBe(true);
    expect(runHasLeft([{ status: 'cancelled', deliveryStatus: 'failed' }])).toBe(true);
  });
});
