/**
 * The stock reports' screens as the server renders them (R8, R9): a captioned table, the summary in
 * a status region, "Needs a tag" for an untagged package and amounts in each package's unit.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InventoryView, ReconciliationView } from './StockReports.tsx';
import { inventoryReport, type PackageMovesRow, reconciliationReport } from './stock-reports.ts';

const RANGE = { from: '2026-11-02', to: '2026-11-04' };
const status = (html: string) => /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

const row = (over: Partial<PackageMovesRow>): PackageMovesRow => ({
  packageId: 1,
  tag: null,
  productId: 1,
  product: 'Gummies',
  batch: 'LOT-1',
  unit: 'each',
  receivedOn: '2026-11-01',
  status: 'active',
  openingMilli: 0,
  receivedMilli: 5000,
  soldMilli: 3000,
  adjustedMilli: -1000,
  closingMilli: 1000,
  onHandMilli: 1000,
  ...over,
});

describe('InventoryView', () => {
  it('captions its table, says whether moves agree, and names an untagged package', () => {
    const html = renderToStaticMarkup(createElement(InventoryView, { report: inventoryReport(RANGE, [row({})], true) }));
    expect(html).toMatch(/<caption[^>]*>Packages, Nov 2 - Nov 4, 2026<\/caption>/);
    expect(status(html)).toMatch(/^All moves agree/);
    expect(html).toContain('Needs a tag');
    expect(html).toContain('>5 pieces<');
    expect(html).toContain('>-1 piece<');
    expect(html).toContain('Total in pieces (1 package)');
  });
});

describe('ReconciliationView', () => {
  it('says "All moves agree", or how many disagree and which', () => {
    const line = { date: '2026-11-03', productId: 1, product: 'Gummies', unit: 'each' as const, unmatchedRows: 0 };
    const good = renderToStaticMarkup(
      createElement(ReconciliationView, {
        report: reconciliationReport(RANGE, [{ ...line, orderedMilli: 2000, movedMilli: 2000 }], []),
      }),
    );
    expect(status(good)).toMatch(/^All moves agree:/);
    expect(good).toMatch(/<caption[^>]*>Sold by orders against moved by packages, per day, Nov 2 - Nov 4, 2026<\/caption>/);
    const bad = renderToStaticMarkup(
      createElement(ReconciliationView, {
        report: reconciliationReport(RANGE, [{ ...line, orderedMilli: 2000, movedMilli: 3000, unmatchedRows: 1 }], []),
      }),
    );
    expect(status(bad)).toBe('1 disagreement: see below.');
    expect(bad).toMatch(/<caption[^>]*>Days and products that disagree<\/caption>/);
    expect(bad).toContain('>+1 piece<');
  });
});
