import { describe, expect, it } from 'vitest';
import { availableWeights, baseUnitsToStock, isInStock, splitList, stockToBaseUnits, type WeightPrices } from './catalog.ts';

const noWeights: WeightPrices = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };

describe('weight options (D5)', () => {
  it('offers only the category weights whose price is present and above zero', () => {
    const prices = { ...noWeights, price3_5g: 3500, price7g: 0, priceHalfOz: 12000, price1g: 1500 };
    expect(availableWeights('Flower', prices).map((w) => w.label)).toEqual(['3.5g', '1/2 oz']);
    expect(availableWeights('Concentrate', prices).map((w) => w.label)).toEqual(['1g', '3.5g']);
    expect(availableWeights('Edible', prices)).toEqual([]);
  });
});

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
});

describe('lists', () => {
  it('splits comma-separated text into trimmed entries', () => {
    expect(splitList(' Relaxing, Happy ,,Sleepy ')).toEqual(['Relaxing', 'Happy', 'Sleepy']);
    expect(splitList(null)).toEqual([]);
  });
});
