import { describe, expect, it } from 'vitest';
import { checkPrices, slugify, uniqueSlug } from './product-fields.ts';

const none = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };

describe('product prices by category (§5, D5)', () => {
  it('drops weight prices outside weighed categories and keeps the base price', () => {
    expect(checkPrices('Edible', { ...none, price7g: 4000, price: 2500, salePrice: null })).toEqual({
      ok: true,
      price: 2500,
      weights: none,
    });
  });

  it('makes a weighed product price follow its smallest weight, and needs one', () => {
    const check = checkPrices('Flower', { ...none, price3_5g: 3500, priceOz: 22000, price: 1, salePrice: null });
    expect(check).toMatchObject({ ok: true, price: 3500 });
    expect(checkPrices('Flower', { ...none, price: 3000, salePrice: null })).toMatchObject({
      ok: false,
      fields: { price: 'Enter at least one weight price' },
    });
  });

  it('refuses a sale price that is not above the price', () => {
    expect(checkPrices('Edible', { ...none, price: 2500, salePrice: 2500 })).toMatchObject({
      ok: false,
      fields: { salePrice: 'Must be higher than the price' },
    });
  });
});

describe('slugs', () => {
  it('makes a readable slug of a name, and a unique one', () => {
    expect(slugify('Blue Dream (3.5g) — Reserve')).toBe('blue-dream-3-5g-reserve');
    expect(slugify('Crème Brûlée Gummies')).toBe('creme-brulee-gummies');
    expect(slugify('!!!')).toBe('product');
    expect(uniqueSlug('blue-dream', new Set(['blue-dream', 'blue-dream-2']))).toBe('blue-dream-3');
    expect(uniqueSlug('og-kush', new Set())).toBe('og-kush');
  });
});
