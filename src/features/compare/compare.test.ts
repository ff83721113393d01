import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import {
  addBlock,
  addToCompare,
  COMPARE_MAX,
  cellText,
  comparePrice,
  compareRows,
  missingIds,
  NOT_AVAILABLE,
  parseCompareIds,
  removeFromCompare,
  selectedProducts,
} from './compare.ts';

describe('selection (§5: at most 4, no duplicates)', () => {
  it('adds at the end, ignores a duplicate and a fifth product', () => {
    let ids: number[] = [];
    for (const id of [3, 1, 3, 7, 9, 11]) ids = addToCompare(ids, id);
    expect(ids).toEqual([3, 1, 7, 9]);
    expect(ids).toHaveLength(COMPARE_MAX);
  });

  it('says why a product cannot be added', () => {
    expect(addBlock([1, 2], 3)).toBeNull();
    expect(addBlock([1, 2], 2)).toBe('added');
    expect(addBlock([1, 2, 3, 4], 5)).toBe('full');
    expect(addBlock([1, 2, 3, 4], 4)).toBe('added');
  });

  it('removes one at a time', () => {
    expect(removeFromCompare([1, 2, 3], 2)).toEqual([1, 3]);
    expect(removeFromCompare([1, 3], 2)).toEqual([1, 3]);
  });

  it('validates what local storage holds', () => {
    expect(parseCompareIds([4, 2, 4])).toEqual([4, 2]);
    expect(parseCompareIds([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4]);
    expect(parseCompareIds(['1', 2])).toEqual([]);
    expect(parseCompareIds([0])).toEqual([]);
    expect(parseCompareIds([1.5])).toEqual([]);
    expect(parseCompareIds({ ids: [1] })).toEqual([]);
    expect(parseCompareIds(null)).toEqual([]);
  });

  it('lists the selected products in the order chosen and spots deleted ones', () => {
    const a = makeProduct({ id: 10 });
    const b = makeProduct({ id: 20 });
    const known = new Map([
      [10, a],
      [20, b],
    ]);
    expect(selectedProducts([20, 99, 10], known)).toEqual([b, a]);
    expect(missingIds([20, 99, 10], [a, b])).toEqual([99]);
  });
});

describe('rows (§2)', () => {
  it('shows THC, CBD and strain rows only when some product has the value', () => {
    const edible = makeProduct({ category: 'Edible', thcContent: null, cbdContent: null, strainType: null });
    const flower = makeFlower({ thcContent: 22.5, cbdContent: null, strainType: 'Indica' });
    expect(compareRows([edible])).toEqual(['category', 'price', 'rating', 'effects', 'flavor', 'actions']);
    expect(compareRows([edible, flower])).toEqual(['category', 'price', 'rating', 'thc', 'strain', 'effects', 'flavor', 'actions']);
    expect(compareRows([makeProduct({ cbdContent: 0 })])).toContain('cbd');
  });

  it("shows 'N/A' for a missing value", () => {
    const p = makeProduct({ thcContent: null, cbdContent: 0.4, strainType: ' ', effects: '', flavor: null });
    expect(cellText(p, 'thc')).toBe(NOT_AVAILABLE);
    expect(cellText(p, 'cbd')).toBe('0.4%');
    expect(cellText(p, 'strain')).toBe(NOT_AVAILABLE);
    expect(cellText(p, 'effects')).toBe(NOT_AVAILABLE);
    expect(cellText(p, 'flavor')).toBe(NOT_AVAILABLE);
  });

  it('lists effects and names the category', () => {
    const p = makeFlower({ effects: 'Relaxing,  Happy', thcContent: 24 });
    expect(cellText(p, 'effects')).toBe('Relaxing, Happy');
    expect(cellText(p, 'thc')).toBe('24%');
    expect(cellText(p, 'category')).toBe('Flower');
  });

  it("shows the next package's lab results over the listed THC and CBD, and says where they come from (D40)", () => {
    const lab = { packageId: 5, thcPercent: 19.25, cbdPercent: null, thcMg: null, testedOn: '2026-03-01', lab: 'Acme', coaUrl: null };
    const tested = makeFlower({ thcContent: 22, cbdContent: 0.3, labResults: lab });
    const listed = makeFlower({ thcContent: 18, cbdContent: 0.2 });
    // The lab left CBD out: it is missing, not the listed 0.3.
    expect([cellText(tested, 'thc'), cellText(tested, 'cbd'), cellText(tested, 'potency')]).toEqual([
      '19.25%',
      NOT_AVAILABLE,
      'Lab tested',
    ]);
    expect([cellText(listed, 'thc'), cellText(listed, 'potency')]).toEqual(['18%', 'As listed']);
    expect(compareRows([tested, listed])).toEqual([
      'category',
      'price',
      'rating',
      'thc',
      'cbd',
      'potency',
      'strain',
      'effects',
      'flavor',
      'actions',
    ]);
    // With nothing lab tested the table is as it was: no row for the source.
    expect(compareRows([listed])).not.toContain('potency');
    // A lab result with no figure (a certificate alone) leaves the listed figures shown.
    const certificateOnly = makeFlower({ thcContent: 21, labResults: { ...lab, thcPercent: null, coaUrl: '/api/packages/5/coa' } });
    expect([cellText(certificateOnly, 'thc'), cellText(certificateOnly, 'potency')]).toEqual(['21%', 'As listed']);
  });

  it('prices a weighed product at the first weight on offer, as Add to Cart charges it', () => {
    expect(comparePrice(makeFlower({ price3_5g: null, price7g: 6500 }))).toEqual({ price: 6500, compareAt: null, weight: '7g' });
    expect(comparePrice(makeProduct({ price: 2500 }))).toEqual({ price: 2500, compareAt: null, weight: null });
    expect(comparePrice(makeProduct({ price: 5000, isDeal: true, dealPercentOff: 40 }))).toEqual({
      price: 3000,
      compareAt: 5000,
      weight: null,
    });
  });
});
