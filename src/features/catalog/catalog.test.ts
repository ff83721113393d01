import { describe, expect, it } from 'vitest';
import { availableWeights, splitList, type WeightPrices } from './catalog.ts';

const noWeights: WeightPrices = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };

describe('weight options (D5)', () => {
  it('offers only the category weights whose price is present and above zero', () => {
    const prices = { ...noWeights, price3_5g: 3500, price7g: 0, priceHalfOz: 12000, price1g: 1500 };
    expect(availableWeights('Flower', prices).map((w) => w.label)).toEqual(['3.5g', '1/2 oz']);
    expect(availableWeights('Concentrate', prices).map((w) => w.label)).toEqual(['1g', '3.5g']);
    expect(availableWeights('Edible', prices)).toEqual([]);
  });
});

describe('lists', () => {
  it('splits comma-separated text into trimmed entries', () => {
    expect(splitList(' Relaxing, Happy ,,Sleepy ')).toEqual(['Relaxing', 'Happy', 'Sleepy']);
    expect(splitList(null)).toEqual([]);
  });
});
