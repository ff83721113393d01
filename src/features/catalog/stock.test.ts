import { describe, expect, it } from 'vitest';
import type { WeightPrices } from './catalog.ts';
import { baseUnitsToStock, firstShortProduct, isInStock, stockNeeds, stockToBaseUnits, unitStockMilli } from './stock.ts';

const noWeights: WeightPrices = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };

describe('stock (D6)', () => {
  it('keeps half grams exact', () => {
    expect(baseUnitsToStock(3.5)).toBe(3500);
    expect(stockToBaseUnits(3500)).toBe(3.5);
    expect(baseUnitsToStock(null)).toBeNull();
  });

  it('is in stock when untracked or enough for the smallest option, and never when switched off', () => {
    const flower = { category: 'Flower', available: true, ...noWeights, price3_5g: 3500, price7g: 6000 };
    expect(isInStock({ ...flower, stockMilli: null })).toBe(true);
    expect(isInStock({ ...flower, stockMilli: 3500 })).toBe(true);
    expect(isInStock({ ...flower, stockMilli: 3499 })).toBe(false);
    expect(isInStock({ ...flower, stockMilli: 7000, price3_5g: null })).toBe(true);
    expect(isInStock({ ...flower, stockMilli: 6999, price3_5g: null })).toBe(false);
    expect(isInStock({ ...flower, stockMilli: null, available: false })).toBe(false);
    const edible = { category: 'Edible', available: true, ...noWeights };
    expect(isInStock({ ...edible, stockMilli: 1000 })).toBe(true);
    expect(isInStock({ ...edible, stockMilli: 0 })).toBe(false);
  });

  it('takes a weight in grams per unit, sums the lines of one product, and names the first product it cannot cover', () => {
    expect(unitStockMilli({ grams: 3.5 })).toBe(3500);
    expect(unitStockMilli(undefined)).toBe(1000);
    const needs = stockNeeds([
      { productId: 1, stockMilli: 3500 },
      { productId: 1, stockMilli: 7000 },
      { productId: 2, stockMilli: 1000 },
    ]);
    expect([...needs]).toEqual([
      [1, 10_500],
      [2, 1000],
    ]);
    const jar = { id: 1, name: 'Jar', available: true, stockMilli: 10_500 };
    const gummies = { id: 2, name: 'Gummies', available: true, stockMilli: 999 };
    expect(firstShortProduct(needs, new Map([[1, jar]]))).toBeNull();
    expect(firstShortProduct(needs, new Map([[1, { ...jar, stockMilli: 10_499 }]]))).toEqual({ id: 1, name: 'Jar' });
    expect(
      firstShortProduct(
        needs,
        new Map([
          [1, jar],
          [2, gummies],
        ]),
      ),
    ).toEqual({ id: 2, name: 'Gummies' });
    expect(firstShortProduct(needs, new Map([[2, { ...gummies, stockMilli: null, available: false }]]))).toEqual({
      id: 2,
      name: 'Gummies',
    });
  });
});
