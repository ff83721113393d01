import { describe, expect, it } from 'vitest';
import { STOCK_REASONS } from '../../db/menu-values.ts';
import { parseCsv } from '../menu/csv.ts';
import { reportCsvText } from './reports.ts';
import {
  INVENTORY_COLUMNS,
  inventoryReport,
  inventorySummary,
  MOVE_KINDS,
  type PackageMovesRow,
  reasonsOf,
  reconciliationReport,
  reconciliationSummary,
} from './stock-reports.ts';

const RANGE = { from: '2026-11-02', to: '2026-11-04' };

const pkg = (over: Partial<PackageMovesRow>): PackageMovesRow => ({
  packageId: 1,
  tag: null,
  productId: 1,
  product: 'Blue Dream',
  batch: '',
  unit: 'g',
  receivedOn: '2026-11-01',
  status: 'active',
  openingMilli: 0,
  receivedMilli: 0,
  soldMilli: 0,
  adjustedMilli: 0,
  closingMilli: 0,
  onHandMilli: 0,
  ...over,
});

describe('what each ledger reason counts as (R8)', () => {
  it('gives every reason one kind: sales net of their returns, counts, damage and waste as adjustments', () => {
    expect(Object.keys(MOVE_KINDS).sort()).toEqual([...STOCK_REASONS].sort());
    expect(reasonsOf('received')).toEqual(['received']);
    expect(reasonsOf('sold')).toEqual(['sold', 'order_cancelled', 'delivery_failed']);
    expect(reasonsOf('adjusted')).toEqual(['correction', 'damaged', 'waste']);
  });
});

describe('inventory by package (R8)', () => {
  const rows = [
    pkg({ packageId: 3, product: 'Gummies', productId: 2, unit: 'each', receivedMilli: 5000, soldMilli: 3000, adjustedMilli: -1000 }),
    pkg({
      packageId: 2,
      tag: '1A4000000000000000000002',
      receivedOn: '2026-11-03',
      receivedMilli: 7000,
      closingMilli: 7000,
      onHandMilli: 7000,
    }),
    pkg({ packageId: 1, tag: '1A4000000000000000000001', openingMilli: 3500, soldMilli: 1750, closingMilli: 1750, onHandMilli: 1750 }),
  ].map((r) => ({ ...r, closingMilli: r.openingMilli + r.receivedMilli - r.soldMilli + r.adjustedMilli }));
  rows[0] = { ...(rows[0] as PackageMovesRow), onHandMilli: 1000 };

  it('lists packages by product, oldest first, in their own unit, with totals per unit', () => {
    const r = inventoryReport(RANGE, rows, true);
    expect(r.packages.map((p) => p.packageId)).toEqual([1, 2, 3]);
    expect(r.packages[0]).toMatchObject({ opening: 3.5, sold: 1.75, closing: 1.75, onHand: 1.75, unit: 'g' });
    expect(r.packages[2]).toMatchObject({ received: 5, sold: 3, adjusted: -1, closing: 1, onHand: 1, unit: 'each' });
    expect(r.totals).toEqual([
      { unit: 'g', packages: 2, opening: 3.5, received: 7, sold: 1.75, adjusted: 0, closing: 8.75, onHand: 8.75 },
      { unit: 'each', packages: 1, opening: 0, received: 5, sold: 3, adjusted: -1, closing: 1, onHand: 1 },
    ]);
    expect(r.needsTag).toBe(1);
    expect(r.disagreements).toBe(0);
    expect(inventorySummary(r)).toBe('All moves agree: every package holds what its ledger adds up to. 3 packages, 1 without a tag.');
  });

  it('compares closing with on hand only when the range runs to now', () => {
    const off = rows.map((r) => (r.packageId === 2 ? { ...r, onHandMilli: 6000 } : r));
    expect(inventoryReport(RANGE, off, true).disagreements).toBe(1);
    expect(inventorySummary(inventoryReport(RANGE, off, true))).toMatch(/^1 disagreement: 1 package holds other than/);
    const past = inventoryReport(RANGE, off, false);
    expect(past.disagreements).toBe(0);
    expect(inventorySummary(past)).toMatch(/^3 packages, 1 without a tag\. Closing is what the ledger held/);
  });

  it('writes the CSV with a row per package, "Needs a tag" for an untagged one, then the totals', () => {
    const lines = parseCsv(reportCsvText('inventory', inventoryReport(RANGE, rows, true)).replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual(['Inventory by package', '2026-11-02 to 2026-11-04']);
    const header = lines.findIndex((l) => l[0] === 'Tag');
    expect(lines[header]).toEqual([...INVENTORY_COLUMNS]);
    expect(lines[header + 3]).toEqual(['Needs a tag', '3', 'Gummies', '', 'pieces', '2026-11-01', 'active', '0', '5', '3', '-1', '1', '1']);
    expect(lines[header + 4]?.slice(0, 5)).toEqual(['Total (g)', '', '2 packages', '', 'g']);
    expect(lines[header + 5]?.slice(7)).toEqual(['0', '5', '3', '-1', '1', '1']);
  });
});

describe('daily reconciliation (R9)', () => {
  const line = (date: string, productId: number, orderedMilli: number, movedMilli: number, unmatchedRows = 0) => ({
    date,
    productId,
    product: productId === 1 ? 'Blue Dream' : 'Gummies',
    unit: productId === 1 ? ('g' as const) : ('each' as const),
    orderedMilli,
    movedMilli,
    unmatchedRows,
  });

  it('agrees when every day and product moved what the orders took, and stock adds up', () => {
    const r = reconciliationReport(RANGE, [line('2026-11-03', 2, 3000, 3000), line('2026-11-02', 1, 3500, 3500)], []);
    expect(r.agrees).toBe(true);
    expect(reconciliationSummary(r)).toBe('All moves agree');
    expect(r.days).toEqual([
      { date: '2026-11-02', products: 1, disagreements: 0 },
      { date: '2026-11-03', products: 1, disagreements: 0 },
      { date: '2026-11-04', products: 0, disagreements: 0 },
    ]);
    expect(r.lines.map((l) => [l.date, l.ordered, l.moved, l.difference, l.agrees])).toEqual([
      ['2026-11-02', 3.5, 3.5, 0, true],
      ['2026-11-03', 3, 3, 0, true],
    ]);
  });

  it('lists each disagreement and each figure that does not add up, and counts them', () => {
    const r = reconciliationReport(
      RANGE,
      [line('2026-11-03', 2, 3000, 4000, 1), line('2026-11-03', 1, 3500, 0)],
      [
        {
          check: 'package',
          productId: 2,
          product: 'Gummies',
          packageId: 9,
          tag: null,
          unit: 'each',
          recordedMilli: 2000,
          expectedMilli: 1000,
        },
      ],
    );
    expect(r.agrees).toBe(false);
    expect(r.disagreementCount).toBe(3);
    expect(reconciliationSummary(r)).toBe('3 disagreements');
    expect(r.disagreements.map((l) => [l.product, l.ordered, l.moved, l.difference, l.unmatchedRows])).toEqual([
      ['Blue Dream', 3.5, 0, -3.5, 0],
      ['Gummies', 3, 4, 1, 1],
    ]);
    expect(r.days[1]).toEqual({ date: '2026-11-03', products: 2, disagreements: 2 });
    expect(r.stock).toEqual([
      { check: 'package', productId: 2, product: 'Gummies', packageId: 9, tag: null, unit: 'each', recorded: 2, expected: 1 },
    ]);
    const csv = parseCsv(reportCsvText('reconciliation', r).replace(/^\uFEFF/, ''));
    expect(csv).toContainEqual(['Summary', '3 disagreements']);
    expect(csv).toContainEqual(['2026-11-03', '2', 'Gummies', 'pieces', '3', '4', '1', '1', 'no']);
    expect(csv).toContainEqual(["Package's quantity against its ledger rows", '2', 'Gummies', '9', 'Needs a tag', 'pieces', '2', '1', '1']);
  });
});
