import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import {
  computeTotals,
  dealPrice,
  deliveryFee,
  displayPrice,
  liveDealPercents,
  pricePerGram,
  ratingStars,
  starFillPercent,
  taxLines,
  unitPrice,
} from './pricing.ts';

describe('unit prices (D2, D4, D5)', () => {
  it('charges the chosen weight for weighed products and nothing without a weight', () => {
    const flower = makeFlower();
    expect(unitPrice(flower, '7g')).toBe(6500);
    expect(unitPrice(flower, 'oz')).toBe(22000);
    expect(unitPrice(flower, null)).toBeNull();
    expect(unitPrice(flower, '1g')).toBeNull();
    expect(unitPrice({ ...flower, priceOz: 0 }, 'oz')).toBeNull();
  });

  it('charges the base price for other categories, and refuses a weight there', () => {
    expect(unitPrice(makeProduct({ price: 2800 }), null)).toBe(2800);
    expect(unitPrice(makeProduct({ price: 2800 }), '7g')).toBeNull();
  });

  it('charges round(price x (100 - percent) / 100) for deal products, per weight too', () => {
    expect(dealPrice(2999, 40)).toBe(1799);
    expect(dealPrice(2500, 40)).toBe(1500);
    expect(dealPrice(3325, 40)).toBe(1995);
    expect(dealPrice(2999, 15)).toBe(2549);
    expect(unitPrice(makeProduct({ price: 2999, isDeal: true, dealPercentOff: 40 }), null)).toBe(1799);
    expect(unitPrice(makeFlower({ isDeal: true, dealPercentOff: 40 }), '7g')).toBe(3900);
  });

  it('gives a product the largest percent among the deals live at that moment (D32)', () => {
    const covers = [
      { productId: 1, percentOff: 40, startsAt: null, endsAt: null },
      { productId: 1, percentOff: 50, startsAt: 1000, endsAt: 2000 },
      { productId: 2, percentOff: 20, startsAt: 1000, endsAt: null },
      { productId: 3, percentOff: 30, startsAt: null, endsAt: 1000 },
    ];
    expect([...liveDealPercents(covers, 999)]).toEqual([
      [1, 40],
      [3, 30],
    ]);
    expect([...liveDealPercents(covers, 1000)]).toEqual([
      [1, 50],
      [2, 20],
    ]);
    expect([...liveDealPercents(covers, 2000)]).toEqual([
      [1, 40],
      [2, 20],
    ]);
  });
});

describe('display price (§9)', () => {
  it('shows the selected weight, else the lowest option, else the base price', () => {
    const flower = makeFlower({ price3_5g: null, price7g: 6500, price: 6500 });
    expect(displayPrice(flower, 'half-oz').price).toBe(12000);
    expect(displayPrice(flower).price).toBe(6500);
    expect(displayPrice(makeFlower({ price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null, price: 4000 })).price).toBe(4000);
  });

  it('strikes through the sale ("was") price only where it applies and is higher', () => {
    const edible = makeProduct({ price: 2500, salePrice: 3000 });
    expect(displayPrice(edible)).toEqual({ price: 2500, compareAt: 3000 });
    expect(displayPrice(makeProduct({ price: 2500, salePrice: 2000 }))).toEqual({ price: 2500, compareAt: null });
    const flower = makeFlower({ salePrice: 4200 });
    expect(displayPrice(flower, '3.5g')).toEqual({ price: 3500, compareAt: 4200 });
    expect(displayPrice(flower, '7g')).toEqual({ price: 6500, compareAt: null });
  });

  it('shows a deal as the deal price with the regular price struck through', () => {
    expect(displayPrice(makeProduct({ price: 3000, isDeal: true, dealPercentOff: 40 }))).toEqual({ price: 1800, compareAt: 3000 });
    expect(displayPrice(makeFlower({ isDeal: true, dealPercentOff: 40 }), 'oz')).toEqual({ price: 13200, compareAt: 22000 });
  });

  it('gives price per gram for weights above 1 g', () => {
    expect(pricePerGram(3500, 3.5)).toBe(1000);
    expect(pricePerGram(22000, 28)).toBe(786);
    expect(pricePerGram(1500, 1)).toBeNull();
  });
});

describe('fees and totals (D3)', () => {
  it('charges $9.99 below $50, nothing from $50, nothing for an empty cart', () => {
    expect(deliveryFee(0)).toBe(0);
    expect(deliveryFee(1)).toBe(999);
    expect(deliveryFee(4999)).toBe(999);
    expect(deliveryFee(5000)).toBe(0);
  });

  it('adds up lines in cents', () => {
    expect(computeTotals([])).toEqual({ itemCount: 0, subtotal: 0, deliveryFee: 0, tax: 0, taxLines: [], total: 0 });
    expect(computeTotals([{ price: 1999, quantity: 2 }])).toEqual({
      itemCount: 2,
      subtotal: 3998,
      deliveryFee: 999,
      tax: 0,
      taxLines: [],
      total: 4997,
    });
    expect(
      computeTotals([
        { price: 2500, quantity: 1 },
        { price: 2500, quantity: 1 },
      ]).total,
    ).toBe(5000);
    // Float-prone amounts stay exact in cents.
    expect(
      computeTotals([
        { price: 10, quantity: 3 },
        { price: 20, quantity: 1 },
      ]).subtotal,
    ).toBe(50);
  });
});

describe('tax lines (D38)', () => {
  const MD = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' } as const;

  it('rounds each line once, half a cent up, on the goods after deals', () => {
    // 12 % of $10.04 is 120.48 cents: 120. Of $10.05, 120.6: 121. Of $0.25 at 2 %, 0.5: 1 (half up).
    expect(taxLines(1004, 0, [MD])).toEqual([{ ...MD, amount: 120 }]);
    expect(taxLines(1005, 0, [MD])).toEqual([{ ...MD, amount: 121 }]);
    expect(taxLines(25, 0, [{ name: 'Two', basisPoints: 200, appliesTo: 'goods' }])[0]?.amount).toBe(1);
    // A deal's price is what is taxed: $40.00 at 25 % off is $30.00, taxed 360.
    const deal = dealPrice(4000, 25);
    expect(computeTotals([{ price: deal, quantity: 1 }], undefined, [MD]).tax).toBe(360);
  });

  it('taxes the order, not item by item, so splitting a cart never changes the tax', () => {
    // Three items of $1.04: 12 % of each rounds to 12 (36 in all), of the whole 312 cents to 37.
    const lines = [{ price: 104, quantity: 3 }];
    expect(computeTotals(lines, undefined, [MD]).tax).toBe(37);
    expect(
      computeTotals(
        [
          { price: 104, quantity: 1 },
          { price: 104, quantity: 2 },
        ],
        undefined,
        [MD],
      ).tax,
    ).toBe(37);
  });

  it('taxes the fee where a line says so, and not a waived fee', () => {
    const fee = { name: 'Delivery', basisPoints: 600, appliesTo: 'fee' } as const;
    const both = { name: 'Both', basisPoints: 1000, appliesTo: 'both' } as const;
    const totals = computeTotals([{ price: 2000, quantity: 1 }], undefined, [MD, fee, both]);
    expect(totals.deliveryFee).toBe(999);
    expect(totals.taxLines.map((t) => t.amount)).toEqual([240, 60, 300]);
    expect(totals.tax).toBe(600);
    expect(totals.total).toBe(2000 + 999 + 600);
    // From $50 the fee is waived, and there is no fee to tax.
    expect(computeTotals([{ price: 5000, quantity: 1 }], undefined, [fee]).tax).toBe(0);
  });
});

describe('rating stars (§9)', () => {
  it('adds a half star from a fraction of 0.5', () => {
    expect(ratingStars(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(ratingStars(4.4)).toEqual({ full: 4, half: false, empty: 1 });
    expect(ratingStars(3.7)).toEqual({ full: 3, half: true, empty: 1 });
    expect(ratingStars(5)).toEqual({ full: 5, half: false, empty: 0 });
    expect(ratingStars(0)).toEqual({ full: 0, half: false, empty: 5 });
    // The one-element stars fill to whole and half stars only, never the raw fraction.
    expect([4.5, 4.4, 3.7, 5, 0, 4.8].map(starFillPercent)).toEqual([90, 80, 70, 100, 0, 90]);
  });
});
