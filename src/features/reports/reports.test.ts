import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toEpochOrThrow } from '../../lib/ny-time.ts';
import { ReportQuery, reportFileOf } from './reports.schema.ts';
import {
  averageCents,
  dateOfDayNumber,
  dayNumberOf,
  offsetSpans,
  presetRange,
  productsReport,
  rangeInstants,
  refusalCauseOf,
  refusalsReport,
  reportCsvText,
  resolveRange,
  salesReport,
  windowsReport,
} from './reports.ts';

const HOUR = 3_600_000;

describe('ranges (R1)', () => {
  it('takes both dates, or the last 7 days ending today', () => {
    expect(resolveRange({ from: '2026-03-01', to: '2026-03-02' }, '2026-11-27')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(resolveRange({}, '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('today', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetRange('90', '2026-11-27')).toEqual({ from: '2026-08-30', to: '2026-11-27' });
  });

  it('refuses one date alone, a range that ends before it starts, one too long and a date that does not exist', () => {
    const field = (q: Record<string, string>) => {
      const r = v.safeParse(ReportQuery, q);
      return r.success ? null : v.getDotPath(r.issues[0]);
    };
    expect(field({ from: '2026-03-01' })).toBe('to');
    expect(field({ from: '2026-03-02', to: '2026-03-01' })).toBe('to');
    expect(field({ from: '2026-01-01', to: '2027-01-02' })).toBe('to');
    expect(field({ from: '2026-01-01', to: '2027-01-01' })).toBeNull();
    expect(field({ from: '2026-02-30', to: '2026-03-01' })).toBe('from');
    expect(field({ from: 'yesterday', to: '2026-03-01' })).toBe('from');
  });

  it('covers New York midnight to midnight, a fall-back day being 25 hours long', () => {
    const { from, to } = rangeInstants({ from: '2026-11-01', to: '2026-11-01' });
    expect(from).toBe(Date.parse('2026-11-01T04:00:00Z'));
    expect(to - from).toBe(25 * HOUR);
  });

  it('names the instants New York changes its clocks, so a query can cut days by the right offset', () => {
    const { from, to } = rangeInstants({ from: '2026-03-01', to: '2026-11-30' });
    expect(offsetSpans(from, to)).toEqual([
      { until: Date.parse('2026-03-08T07:00:00Z'), offsetMs: -5 * HOUR },
      { until: Date.parse('2026-11-01T06:00:00Z'), offsetMs: -4 * HOUR },
      { until: null, offsetMs: -5 * HOUR },
    ]);
    const summer = rangeInstants({ from: '2026-06-01', to: '2026-06-30' });
    expect(offsetSpans(summer.from, summer.to)).toEqual([{ until: null, offsetMs: -4 * HOUR }]);
  });

  it('numbers days as the queries do', () => {
    expect(dayNumberOf('1970-01-02')).toBe(1);
    expect(dateOfDayNumber(dayNumberOf('2026-11-01'))).toBe('2026-11-01');
    const lateFallBack = toEpochOrThrow('2026-11-01T23:30');
    expect(dateOfDayNumber(Math.floor((lateFallBack - 5 * HOUR) / 86_400_000))).toBe('2026-11-01');
  });

  it('reads a report file name', () => {
    expect(reportFileOf('sales.csv')).toEqual({ report: 'sales', csv: true });
    expect(reportFileOf('windows')).toEqual({ report: 'windows', csv: false });
  });
});

describe('refusal causes (R6)', () => {
  it('counts the refusals by cause, every window refusal as a full window', () => {
    expect(refusalCauseOf('purchase_limit')).toBe('purchase_limit');
    expect(refusalCauseOf('out_of_stock')).toBe('out_of_stock');
    expect(refusalCauseOf('zip_not_served')).toBe('zip_not_served');
    expect(refusalCauseOf('below_minimum')).toBe('below_minimum');
    for (const code of ['window_full', 'window_closed', 'no_window_today', 'no_window_for_part'])
      expect(refusalCauseOf(code)).toBe('window_full');
  });

  it('does not count a changed price, bad input or a reused key', () => {
    for (const code of ['price_changed', 'invalid_order', 'unknown_product', 'idempotency_key_reused', 'toString', '__proto__']) {
      expect(refusalCauseOf(code)).toBeNull();
    }
  });

  it('lists every cause, zero counts included', () => {
    const r = refusalsReport({ from: '2026-01-01', to: '2026-01-01' }, [{ cause: 'out_of_stock', count: 2 }]);
    expect(r.total).toBe(2);
    expect(r.causes.map((c) => c.count)).toEqual([0, 0, 2, 0, 0, 0, 0, 0]);
  });
});

describe('sales (R2)', () => {
  const range = { from: '2026-11-01', to: '2026-11-03' };

  it('fills every day, averages to the cent and totals', () => {
    const r = salesReport(
      range,
      [{ day: dayNumberOf('2026-11-02'), orders: 3, revenueCents: 1000, taxCents: 0, cancelled: 1, failed: 0 }],
      [{ reason: 'b', count: 1 }],
      [],
    );
    expect(r.days.map((d) => d.date)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(r.days[1]).toEqual({
      date: '2026-11-02',
      orders: 3,
      revenueCents: 1000,
      taxCents: 0,
      averageCents: 333,
      cancelled: 1,
      failed: 0,
    });
    expect(r.days[0]?.averageCents).toBe(0);
    expect(r.totals).toEqual({ orders: 3, revenueCents: 1000, averageCents: 333, taxCents: 0 });
    expect(r.taxes).toEqual([]);
    expect(averageCents(1001, 2)).toBe(501);
  });

  it('counts the tax collected per day, in the total and by state and line (D38)', () => {
    const md = 'Maryland cannabis sales and use tax';
    const r = salesReport(
      range,
      [
        { day: dayNumberOf('2026-11-01'), orders: 1, revenueCents: 10_900, taxCents: 900, cancelled: 0, failed: 0 },
        { day: dayNumberOf('2026-11-03'), orders: 2, revenueCents: 25_200, taxCents: 2_400, cancelled: 0, failed: 0 },
      ],
      [],
      [],
      [
        { state: 'MD', name: md, percent: 12, orders: 2, taxCents: 2_400 },
        { state: 'DC', name: 'DC tax', percent: 6, orders: 1, taxCents: 0 },
        { state: 'MD', name: md, percent: 9, orders: 1, taxCents: 900 },
      ],
    );
    expect(r.days.map((d) => d.taxCents)).toEqual([900, 0, 2_400]);
    expect(r.totals).toEqual({ orders: 3, revenueCents: 36_100, averageCents: 12_033, taxCents: 3_300 });
    // By state, then the larger amount first: a rate that changed is a row of its own.
    expect(r.taxes.map((t) => [t.state, t.percent, t.taxCents])).toEqual([
      ['DC', 6, 0],
      ['MD', 12, 2_400],
      ['MD', 9, 900],
    ]);
    const csv = reportCsvText('sales', r);
    expect(csv).toContain('Date,Orders,Revenue (USD),Average order (USD),Cancelled,Failed deliveries,Tax (USD)\r\n');
    expect(csv).toContain('2026-11-01,1,109.00,109.00,0,0,9.00\r\n');
    expect(csv).toContain('Total,3,361.00,120.33,0,0,33.00\r\n');
    expect(csv).toContain(`State,Tax,Rate (%),Orders,Tax (USD)\r\nDC,DC tax,6,1,0.00\r\nMD,${md},12,2,24.00\r\nMD,${md},9,1,9.00\r\n`);
  });

  it('writes a CSV whose text cells cannot run as formulas', () => {
    const r = salesReport(range, [], [{ reason: '=HYPERLINK("http://evil.example")', count: 1 }], [{ reason: '+1 no answer', count: 2 }]);
    const csv = reportCsvText('sales', r);
    expect(csv.startsWith('\uFEFFSales,2026-11-01 to 2026-11-03\r\n')).toBe(true);
    expect(csv).toContain('\r\n"\'=HYPERLINK(""http://evil.example"")",1\r\n');
    expect(csv).toContain("\r\n'+1 no answer,2\r\n");
    expect(csv).toContain('2026-11-02,0,0.00,0.00,0,0,0.00\r\n');
  });
});

describe('windows (R3)', () => {
  const schedule = [
    { weekday: 1, startMinute: 540, endMinute: 720, capacity: 10, active: true },
    { weekday: 2, startMinute: 540, endMinute: 720, capacity: 10, active: true },
    { weekday: 3, startMinute: 540, endMinute: 720, capacity: 10, active: false },
  ];

  it('counts a booked date’s capacity as booked, the schedule’s for other dates, none on closed dates', () => {
    // 2026-11-02 and 2026-11-09 are Mondays, 2026-11-03 and 2026-11-10 Tuesdays.
    const r = windowsReport(
      { from: '2026-11-02', to: '2026-11-10' },
      [{ day: dayNumberOf('2026-11-02'), startMinute: 540, endMinute: 720, orders: 4, capacity: 12 }],
      schedule,
      new Set(['2026-11-10']),
    );
    expect(r.cells).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 720, orders: 4, capacity: 22 },
      { weekday: 2, startMinute: 540, endMinute: 720, orders: 0, capacity: 10 },
    ]);
    expect(r.slots).toEqual([{ startMinute: 540, endMinute: 720 }]);
    expect(r.totals).toEqual({ orders: 4, capacity: 32 });
  });
});

describe('products (R5)', () => {
  it('orders the lists and keeps PRODUCT_LIST_SIZE of each', () => {
    const p = (productId: number, units: number, revenueCents: number) => ({
      productId,
      name: `P${productId}`,
      category: 'Edible',
      units,
      revenueCents,
    });
    const many = Array.from({ length: 12 }, (_, i) => p(i + 1, i, i * 100));
    const r = productsReport({ from: '2026-01-01', to: '2026-01-01' }, many, many, [
      { categoryId: 1, name: 'Flower', units: 1, revenueCents: 5 },
      { categoryId: 2, name: 'Edible', units: 3, revenueCents: 50 },
    ]);
    expect(r.top.map((x) => x.productId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(r.bottom.map((x) => x.productId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.categories.map((c) => c.name)).toEqual(['Edible', 'Flower']);
  });
});
