import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { BulkEdit, ProductCreate, StockChange } from './admin.schema.ts';

const fieldsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFields(result.issues);
};

describe('new product input', () => {
  it('starts a draft, untracked, with the default threshold, and takes only what it knows', () => {
    const parsed = v.parse(ProductCreate, { name: ' Lemon Gummies ', categoryId: 2, price: 2500 });
    expect(parsed).toMatchObject({ name: 'Lemon Gummies', status: 'draft', stockQuantity: null, lowStockQuantity: 5, image: '' });
    expect(fieldsOf(ProductCreate, { name: 'x', categoryId: 2, price: 2500, slug: 'mine' })).toHaveProperty('slug');
  });

  it('names every bad field', () => {
    expect(
      Object.keys(
        fieldsOf(ProductCreate, {
          name: '',
          categoryId: 0,
          price: 12.5,
          status: 'live',
          image: 'javascript:alert(1)',
          stockQuantity: 1.0001,
          thcMg: 2.5,
        }),
      ).sort(),
    ).toEqual(['categoryId', 'image', 'name', 'price', 'status', 'stockQuantity', 'thcMg']);
    expect(fieldsOf(ProductCreate, { name: 'x', categoryId: 2, image: 'http://example.com/a.png' })).toEqual({
      image: 'Use a path on this site (/...) or an https:// address',
    });
  });
});

describe('stock change input (D33)', () => {
  it('takes a positive quantity for received and damaged, a signed one for a correction', () => {
    expect(v.parse(StockChange, { quantity: 3.5, reason: 'received' })).toEqual({ quantity: 3.5, reason: 'received', note: '' });
    expect(fieldsOf(StockChange, { quantity: -1, reason: 'damaged' })).toEqual({ quantity: 'Enter the quantity as a positive number' });
    expect(v.parse(StockChange, { quantity: -1, reason: 'correction', note: ' Recount ' }).note).toBe('Recount');
    expect(fieldsOf(StockChange, { quantity: 0, reason: 'correction' })).toEqual({ quantity: 'Quantity cannot be 0' });
    expect(fieldsOf(StockChange, { quantity: 1, reason: 'sold' })).toEqual({ reason: 'Reason is received, damaged or correction' });
  });
});

describe('bulk edit input', () => {
  it('takes each id once and one known action', () => {
    expect(v.parse(BulkEdit, { ids: [3, 1, 3], action: { type: 'archive' } }).ids).toEqual([3, 1]);
    expect(fieldsOf(BulkEdit, { ids: [], action: { type: 'archive' } })).toEqual({ ids: 'Select at least one product' });
    expect(fieldsOf(BulkEdit, { ids: [1], action: { type: 'delete' } })).toHaveProperty(['action.type']);
    expect(fieldsOf(BulkEdit, { ids: [1], action: { type: 'changePrices', percent: 0 } })).toEqual({
      'action.percent': 'Percent cannot be 0',
    });
    expect(fieldsOf(BulkEdit, { ids: [1], action: { type: 'changePrices', percent: -95 } })).toEqual({
      'action.percent': 'Percent must be at least -90',
    });
    expect(fieldsOf(BulkEdit, { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: { type: 'archive' } })).toEqual({
      ids: 'Select at most 1,000 products',
    });
  });
});
