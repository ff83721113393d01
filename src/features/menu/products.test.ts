import { describe, expect, it } from 'vitest';
import {
  type BulkProduct,
  changedPrice,
  isLowStock,
  type MenuCategory,
  placeProduct,
  planBulk,
  stockDeltaMilli,
  takesNetGrams,
  takesThcMg,
} from './products.ts';

const categories: MenuCategory[] = [
  { id: 1, name: 'Flower', kind: 'Flower', parentId: null, retired: false },
  { id: 2, name: 'Edible', kind: 'Edible', parentId: null, retired: false },
  { id: 3, name: 'Concentrate', kind: 'Concentrate', parentId: null, retired: false },
  { id: 4, name: 'Vaporizer', kind: 'Vaporizer', parentId: null, retired: true },
  { id: 10, name: 'Blue Dream', kind: null, parentId: 1, retired: false },
  { id: 11, name: 'Old Strain', kind: null, parentId: 1, retired: true },
];

const none = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };
const gummies: BulkProduct = {
  id: 1,
  name: 'Gummies',
  status: 'draft',
  categoryId: 2,
  subcategoryId: null,
  price: 2500,
  salePrice: 3000,
  thcMg: 100,
  netGrams: null,
  ...none,
};
const bud: BulkProduct = {
  id: 2,
  name: 'Bud',
  status: 'active',
  categoryId: 1,
  subcategoryId: 10,
  price: 3500,
  salePrice: null,
  thcMg: null,
  netGrams: null,
  ...none,
  price3_5g: 3500,
  priceOz: 22000,
};

describe('where a product may sit', () => {
  it('takes a top-level category and, under Flower, one of its strains', () => {
    expect(placeProduct(categories, 1, 10)).toMatchObject({ ok: true, category: { name: 'Flower' }, subcategoryId: 10 });
    expect(placeProduct(categories, 2, null)).toMatchObject({ ok: true, subcategoryId: null });
    expect(placeProduct(categories, 10, null)).toMatchObject({ ok: false, fields: { categoryId: 'Choose one of the categories' } });
    expect(placeProduct(categories, 2, 10)).toMatchObject({ ok: false, fields: { subcategoryId: 'Edible products have no strain' } });
    expect(placeProduct(categories, 1, 99)).toMatchObject({ ok: false, fields: { subcategoryId: 'Choose one of the Flower strains' } });
  });

  it('refuses a retired category or strain to new products, not to those already there', () => {
    expect(placeProduct(categories, 4, null)).toMatchObject({ ok: false, fields: { categoryId: 'Vaporizer is retired' } });
    expect(placeProduct(categories, 4, null, { categoryId: 4, subcategoryId: null })).toMatchObject({ ok: true });
    expect(placeProduct(categories, 1, 11)).toMatchObject({ ok: false, fields: { subcategoryId: 'Old Strain is retired' } });
    expect(placeProduct(categories, 1, 11, { categoryId: 1, subcategoryId: 11 })).toMatchObject({ ok: true });
  });

  it('states THC per package for edibles and net grams for pre-rolls and vaporizers', () => {
    expect(['Edible', 'Flower', 'Pre-roll'].map(takesThcMg)).toEqual([true, false, false]);
    expect(['Pre-roll', 'Vaporizer', 'Edible', 'Accessories'].map(takesNetGrams)).toEqual([true, true, false, false]);
  });
});

describe('bulk price change', () => {
  it('rounds each price to whole cents, halves up, without float drift', () => {
    expect(changedPrice(2500, 10)).toBe(2750);
    expect(changedPrice(999, -10)).toBe(899);
    expect(changedPrice(12345, 50)).toBe(18518);
    expect(changedPrice(1999, 12.5)).toBe(2249);
    expect(changedPrice(100, -90)).toBe(10);
  });

  it('changes every price a product has, and the weighed price follows the smallest weight', () => {
    const plan = planBulk([gummies, bud], { type: 'changePrices', percent: 10 }, categories);
    expect(plan).toMatchObject({ ok: true });
    if (!plan.ok) return;
    expect(plan.changes).toEqual([
      { id: 1, name: 'Gummies', field: 'price', from: 2500, to: 2750 },
      { id: 1, name: 'Gummies', field: 'salePrice', from: 3000, to: 3300 },
      { id: 2, name: 'Bud', field: 'price', from: 3500, to: 3850 },
      { id: 2, name: 'Bud', field: 'price3_5g', from: 3500, to: 3850 },
      { id: 2, name: 'Bud', field: 'priceOz', from: 22000, to: 24200 },
    ]);
    expect(plan.updates[1]).toEqual({ id: 2, set: { price: 3850, price3_5g: 3850, priceOz: 24200 } });
  });

  it('refuses the whole change when one product cannot take it, naming it', () => {
    const cheap = { ...gummies, id: 3, name: 'Penny candy', price: 1, salePrice: null };
    const tooLow = planBulk([gummies, cheap], { type: 'changePrices', percent: -90 }, categories);
    expect(tooLow).toEqual({
      ok: false,
      message: 'Penny candy: a price would fall below one cent',
      fields: { 'action.percent': 'Penny candy: a price would fall below one cent' },
    });
    const dear = { ...gummies, price: 9_000_000, salePrice: null };
    expect(planBulk([dear, { ...dear, id: 5, name: 'Other' }], { type: 'changePrices', percent: 500 }, categories)).toMatchObject({
      ok: false,
      message: 'Gummies: a price would be too large (and 1 more product)',
    });
  });
});

describe('bulk status and category', () => {
  it('activates and archives, listing only what changes', () => {
    const plan = planBulk([gummies, bud], { type: 'activate' }, categories);
    expect(plan).toMatchObject({ ok: true, changes: [{ id: 1, field: 'status', from: 'draft', to: 'active' }] });
    expect(planBulk([gummies, bud], { type: 'archive' }, categories)).toMatchObject({
      ok: true,
      changes: [
        { id: 1, field: 'status', from: 'draft', to: 'archived' },
        { id: 2, field: 'status', from: 'active', to: 'archived' },
      ],
    });
  });

  it('does not activate a product of a retired category', () => {
    const vape = { ...gummies, name: 'Old vape', categoryId: 4 };
    expect(planBulk([vape], { type: 'activate' }, categories)).toMatchObject({ ok: false, message: 'Old vape: Vaporizer is retired' });
  });

  it('moves products, dropping what the new category does not take', () => {
    const plan = planBulk([bud], { type: 'setCategory', categoryId: 2, subcategoryId: null }, categories);
    // Edibles sell by the unit: the weight prices and the strain go, the price stays.
    expect(plan).toMatchObject({
      ok: true,
      changes: [
        { field: 'categoryId', from: 1, to: 2 },
        { field: 'subcategoryId', from: 10, to: null },
        { field: 'price3_5g', from: 3500, to: null },
        { field: 'priceOz', from: 22000, to: null },
      ],
    });
    expect(plan.ok && plan.changes.length).toBe(4);
    const edible = planBulk([gummies], { type: 'setCategory', categoryId: 1, subcategoryId: 10 }, categories);
    expect(edible).toEqual({
      ok: false,
      message: 'Gummies: A flower product needs at least one weight with a price.',
      fields: { 'action.categoryId': 'Gummies: A flower product needs at least one weight with a price.' },
    });
    expect(planBulk([gummies], { type: 'setCategory', categoryId: 2, subcategoryId: 10 }, categories)).toMatchObject({
      ok: false,
      fields: { 'action.subcategoryId': 'Edible products have no strain' },
    });
  });
});

describe('stock', () => {
  it('moves the ledger by the reason: received adds, damaged removes, a correction by its sign', () => {
    expect(stockDeltaMilli({ reason: 'received', quantity: 3.5 })).toBe(3500);
    expect(stockDeltaMilli({ reason: 'damaged', quantity: 2 })).toBe(-2000);
    expect(stockDeltaMilli({ reason: 'correction', quantity: -0.125 })).toBe(-125);
    expect(stockDeltaMilli({ reason: 'correction', quantity: 4 })).toBe(4000);
  });

  it('is low at or under the threshold, and never when untracked', () => {
    expect(isLowStock({ stockQuantity: 5, lowStockQuantity: 5 })).toBe(true);
    expect(isLowStock({ stockQuantity: 5.001, lowStockQuantity: 5 })).toBe(false);
    expect(isLowStock({ stockQuantity: null, lowStockQuantity: 5 })).toBe(false);
  });
});
