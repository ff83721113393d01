import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import type { TaxLine } from '../../db/state-values.ts';
import { parseCart } from './cart.schema.ts';
import {
  addItem,
  cartTotals,
  MAX_LINE_QUANTITY,
  removeItem,
  repriceLines,
  setPrices,
  taxRows,
  toCartItem,
  updateQuantity,
} from './cart.ts';

const MD_TAX: TaxLine = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' };

const edible = makeProduct({ id: 7, name: 'Gummies', price: 2000, thcMg: 100 });
const flower = makeFlower({ id: 12, name: 'Blue Dream' });

function line(product = edible, weight: string | null = null, quantity = 1) {
  const item = toCartItem(product, weight, quantity);
  if (!item) throw new Error('not addable');
  return item;
}

describe('cart lines (§3, D5)', () => {
  it('uses the product id for plain products and {id}-{weight} for variants, with the weight in the name', () => {
    expect(line()).toMatchObject({ id: 7, productId: 7, name: 'Gummies', price: 2000, quantity: 1, weight: null, thcMg: 100 });
    expect(line(flower, '7g')).toMatchObject({ id: '12-7g', productId: 12, name: 'Blue Dream - 7g', price: 6500, unitGrams: 7 });
    expect(line(flower, 'half-oz').name).toBe('Blue Dream - 1/2 oz');
  });

  it('adds nothing for a weighed product without a weight or with an unpriced weight (§5)', () => {
    expect(toCartItem(flower, null)).toBeNull();
    expect(toCartItem({ ...flower, priceOz: null }, 'oz')).toBeNull();
  });

  it('charges the deal price for deal products (D4)', () => {
    expect(line({ ...edible, isDeal: true, dealPercentOff: 40 }).price).toBe(1200);
  });
});

describe('cart rules (§4)', () => {
  it('raises the quantity of an id already present by 1, and adds new ids with quantity 1', () => {
    let cart = addItem([], line());
    cart = addItem(cart, line());
    cart = addItem(cart, line(flower, '7g'));
    expect(cart.map((l) => [l.id, l.quantity])).toEqual([
      [7, 2],
      ['12-7g', 1],
    ]);
  });

  it('adds a chosen quantity from the product page', () => {
    expect(addItem(addItem([], line(flower, '7g', 2)), line(flower, '7g', 3))[0]?.quantity).toBe(5);
  });

  it('removes by id and ignores quantity updates below 1', () => {
    const cart = addItem(addItem([], line()), line(flower, '3.5g'));
    expect(removeItem(cart, 7).map((l) => l.id)).toEqual(['12-3.5g']);
    expect(updateQuantity(cart, 7, 0)[0]?.quantity).toBe(1);
    expect(updateQuantity(cart, 7, -3)[0]?.quantity).toBe(1);
    expect(updateQuantity(cart, 7, 1.5)[0]?.quantity).toBe(1);
    expect(updateQuantity(cart, 7, 4)[0]?.quantity).toBe(4);
    expect(updateQuantity(cart, 7, 10_000)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('yields itemCount, subtotal, fee, tax and total (D3)', () => {
    const cart = addItem(addItem([], line(edible, null, 2)), line(flower, '3.5g'));
    expect(cartTotals(cart)).toEqual({ itemCount: 3, subtotal: 7500, deliveryFee: 0, tax: 0, taxLines: [], total: 7500 });
    expect(cartTotals([line()])).toEqual({ itemCount: 1, subtotal: 2000, deliveryFee: 999, tax: 0, taxLines: [], total: 2999 });
  });

  it("charges the known state's tax lines, each a row by name and percent, the total including them (D38)", () => {
    const cart = addItem([], line(edible, null, 2));
    const totals = cartTotals(cart, undefined, [MD_TAX]);
    // 12% of the $40.00 of goods; the $9.99 fee is not taxed in Maryland.
    expect(totals).toMatchObject({ subtotal: 4000, deliveryFee: 999, tax: 480, total: 5479 });
    expect(taxRows(totals)).toEqual([{ name: 'Maryland cannabis sales and use tax', percent: 12, amount: 480 }]);
    const both = cartTotals(cart, undefined, [MD_TAX, { name: 'Delivery tax', basisPoints: 825, appliesTo: 'fee' }]);
    expect(taxRows(both)).toEqual([
      { name: 'Maryland cannabis sales and use tax', percent: 12, amount: 480 },
      { name: 'Delivery tax', percent: 8.25, amount: 82 },
    ]);
    expect(both.total).toBe(4000 + 999 + 480 + 82);
    // Without a known state: no tax and no rows.
    expect(taxRows(cartTotals(cart))).toEqual([]);
  });

  it('reads a stored cart defensively: anything malformed becomes an empty cart', () => {
    const good = [line()];
    expect(parseCart(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('nonsense')).toEqual([]);
    expect(parseCart([{ ...line(), quantity: -1 }])).toEqual([]);
    expect(parseCart([{ ...line(), price: 'free' }])).toEqual([]);
  });
});

describe('prices that moved since the cart was filled (D32)', () => {
  it('prices every line again as the shop sells it now and lists the lines that changed', () => {
    const dealEdible = { ...edible, isDeal: true, dealPercentOff: 40 };
    const dealFlower = { ...flower, isDeal: true, dealPercentOff: 20 };
    const cart = [line(dealEdible, null, 2), line(dealFlower, '7g'), line(makeProduct({ id: 99, name: 'Gone', price: 500 }))];
    // The deals ended; product 99 is no longer sold.
    const { lines, changes } = repriceLines(cart, [edible, flower]);
    expect(changes).toEqual([
      { id: 7, name: 'Gummies', was: 1200, now: 2000 },
      { id: '12-7g', name: 'Blue Dream - 7g', was: 5200, now: 6500 },
    ]);
    expect(lines.map((l) => [l.id, l.price, l.quantity])).toEqual([
      [7, 2000, 2],
      ['12-7g', 6500, 1],
      [99, 500, 1],
    ]);
    expect(repriceLines(lines, [edible, flower]).changes).toEqual([]);
  });

  it('sets new prices by line id and leaves the other lines as they are', () => {
    const cart = [line(), line(flower, '7g')];
    const next = setPrices(cart, new Map([['12-7g', 6000]]));
    expect(next.map((l) => l.price)).toEqual([2000, 6000]);
    expect(next[0]).toBe(cart[0]);
  });
});
