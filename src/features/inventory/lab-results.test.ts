import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import { coaUrl as catalogueCoaUrl } from '../catalog/catalog.ts';
import { coaUrl } from './coa.ts';
import {
  COA_LINK_TEXT,
  LAB_RESULTS_UNAVAILABLE,
  labResultsOf,
  labResultsView,
  NOT_REPORTED,
  type ProductLabResults,
  potencyFigures,
  shownPotency,
  testedOnText,
} from './lab-results.ts';

const RAW = { id: 12, thcPercent: 24.1, cbdPercent: 0.1, thcMg: null, testedOn: '2026-03-03', lab: 'Acme Labs', coaKey: 'coa/12.pdf' };
const LAB: ProductLabResults = {
  packageId: 12,
  thcPercent: 24.1,
  cbdPercent: 0.1,
  thcMg: null,
  testedOn: '2026-03-03',
  lab: 'Acme Labs',
  coaUrl: '/api/packages/12/coa',
};

describe('the lab results a shopper sees (D40)', () => {
  it("shapes the next package's columns, with the certificate's public address and never its storage key", () => {
    expect(labResultsOf(RAW)).toEqual(LAB);
    expect(JSON.stringify(labResultsOf(RAW))).not.toContain('coa/12.pdf');
    expect(labResultsOf({ ...RAW, coaKey: null })?.coaUrl).toBeNull();
    // The address the packages API answers and the admin links.
    expect(catalogueCoaUrl(12)).toBe(coaUrl(12));
  });

  it('is null without a next package, or when the package has no lab results at all', () => {
    expect(labResultsOf(null)).toBeNull();
    expect(labResultsOf({ ...RAW, id: null })).toBeNull();
    const empty = { id: 12, thcPercent: null, cbdPercent: null, thcMg: null, testedOn: null, lab: null, coaKey: null };
    expect(labResultsOf(empty)).toBeNull();
    expect(labResultsOf({ ...empty, lab: '  ', testedOn: '' })).toBeNull();
    // Any one result is a result: a certificate alone, or a date alone.
    expect(labResultsOf({ ...empty, coaKey: 'coa/12.pdf' })).toMatchObject({ packageId: 12, coaUrl: '/api/packages/12/coa' });
    expect(labResultsOf({ ...empty, testedOn: '2026-03-03' })).toMatchObject({ testedOn: '2026-03-03', thcPercent: null });
  });
});

describe('shownPotency: one source for the THC and CBD shown (D40)', () => {
  const flower = makeFlower({ thcContent: 22, cbdContent: 0.3, thcMg: null });

  it("takes the lab's figures when the next package reports any", () => {
    expect(shownPotency(flower, LAB)).toEqual({ thcPercent: 24.1, cbdPercent: 0.1, thcMg: null, source: 'lab' });
  });

  it('never mixes sources: a figure the lab left out is missing, not the listed one', () => {
    expect(shownPotency(flower, { ...LAB, cbdPercent: null })).toEqual({ thcPercent: 24.1, cbdPercent: null, thcMg: null, source: 'lab' });
  });

  it('takes the listed figures without lab results, or when the lab reported no figure', () => {
    const listed = { thcPercent: 22, cbdPercent: 0.3, thcMg: null, source: 'listed' };
    expect(shownPotency(flower, null)).toEqual(listed);
    expect(shownPotency(flower, { ...LAB, thcPercent: null, cbdPercent: null })).toEqual(listed);
  });

  it("counts an edible's total THC in mg as a lab figure", () => {
    const edible = makeProduct({ category: 'Edible', thcMg: 100 });
    const lab = { ...LAB, thcPercent: null, cbdPercent: null, thcMg: 98.5 };
    expect(shownPotency(edible, lab)).toEqual({ thcPercent: null, cbdPercent: null, thcMg: 98.5, source: 'lab' });
    expect(potencyFigures(shownPotency(edible, lab))).toEqual([{ label: 'THC per package', value: '98.5 mg' }]);
  });

  it('lists only the figures that have a value, without float noise', () => {
    expect(potencyFigures({ thcPercent: 0.1 + 0.2, cbdPercent: 0, thcMg: null, source: 'lab' })).toEqual([
      { label: 'THC', value: '0.3%' },
      { label: 'CBD', value: '0%' },
    ]);
    expect(potencyFigures({ thcPercent: null, cbdPercent: null, thcMg: null, source: 'listed' })).toEqual([]);
  });
});

describe("the product page's Lab results section (D40)", () => {
  it('lists THC, CBD, the date tested in words and the lab, with the certificate', () => {
    expect(labResultsView(LAB, 'Flower')).toEqual({
      available: true,
      rows: [
        { term: 'THC', detail: '24.1%' },
        { term: 'CBD', detail: '0.1%' },
        { term: 'Tested on', detail: 'March 3, 2026' },
        { term: 'Lab', detail: 'Acme Labs' },
      ],
      coaUrl: '/api/packages/12/coa',
    });
    expect(COA_LINK_TEXT).toBe('Certificate of analysis (PDF)');
  });

  it("adds an edible's total THC in mg, and says what the lab did not report", () => {
    const view = labResultsView({ ...LAB, thcPercent: null, thcMg: 100, lab: null, coaUrl: null }, 'Edible');
    expect(view).toEqual({
      available: true,
      rows: [
        { term: 'THC', detail: NOT_REPORTED },
        { term: 'CBD', detail: '0.1%' },
        { term: 'Total THC', detail: '100 mg' },
        { term: 'Tested on', detail: 'March 3, 2026' },
        { term: 'Lab', detail: NOT_REPORTED },
      ],
      coaUrl: null,
    });
    const rows = (category: string) => {
      const v = labResultsView(LAB, category);
      return v?.available ? v.rows.map((r) => `${r.term}: ${r.detail}`) : [];
    };
    expect(rows('Edible')).toContain(`Total THC: ${NOT_REPORTED}`);
    expect(rows('Flower').some((r) => r.startsWith('Total THC'))).toBe(false);
  });

  it('says the results are not available yet rather than showing any figure; an accessory says nothing', () => {
    expect(labResultsView(null, 'Flower')).toEqual({ available: false, message: LAB_RESULTS_UNAVAILABLE });
    expect(labResultsView(null, 'Accessories')).toBeNull();
  });

  it('writes a date in words, and anything else as it was written', () => {
    expect(testedOnText('2026-11-05')).toBe('November 5, 2026');
    expect(testedOnText('spring 2026')).toBe('spring 2026');
  });
});
