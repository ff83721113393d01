import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import { errorMessage, formatDateTime, humanize } from '../../components/admin/admin-ui.ts';
import { ApiError, ok } from '../../lib/api.ts';
import { DATABASE_UNAVAILABLE, databaseUnavailable } from '../../server/api/db-errors.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { ProductCreate, ProductUpdate } from './admin.schema.ts';
import type { AdminProduct } from './admin.ts';
import { PRODUCT_PAGE_SIZE } from './admin.ts';
import {
  DEFAULT_PRODUCT_QUERY,
  duplicateForm,
  emptyProductForm,
  fieldLabel,
  filterProducts,
  formatFieldValue,
  formatStockChange,
  formToCreateInput,
  formToUpdateInput,
  listPrice,
  listProducts,
  matchesType,
  pageSizeFor,
  priceFieldsFor,
  productToForm,
  sortProducts,
  stockLabel,
} from './product-form.ts';

const admin = (overrides: Partial<ApiProduct> = {}): AdminProduct => ({
  ...makeProduct(overrides),
  available: true,
  status: 'active',
  lowStockQuantity: 5,
});
const adminFlower = (overrides: Partial<ApiProduct> = {}): AdminProduct => ({
  ...makeFlower(overrides),
  available: true,
  status: 'active',
  lowStockQuantity: 5,
});

describe('type filter (admin.md §2)', () => {
  it('matches strain types by the product strainType', () => {
    expect(matchesType(adminFlower({ strainType: 'Indica' }), 'Indica')).toBe(true);
    expect(matchesType(adminFlower({ strainType: 'Indica' }), 'Sativa')).toBe(false);
    expect(matchesType(admin({ strainType: null }), 'Hybrid')).toBe(false);
  });

  it("calls names with 'Pack' multipacks and pre-rolls without it singles", () => {
    const pack = admin({ category: 'Pre-roll', name: 'Sour Diesel Mini Pre-Rolls 5-Pack' });
    const single = admin({ category: 'Pre-roll', name: 'Blue Dream Pre-Roll 1g' });
    expect(matchesType(pack, 'Multipacks')).toBe(true);
    expect(matchesType(pack, 'Singles')).toBe(false);
    expect(matchesType(single, 'Singles')).toBe(true);
    expect(matchesType(single, 'Multipacks')).toBe(false);
    // Singles are pre-rolls only; 'Package' or 'Backpack' is not a pack.
    expect(matchesType(admin({ category: 'Edible', name: 'Gummies' }), 'Singles')).toBe(false);
    expect(matchesType(admin({ category: 'Accessories', name: 'Smell-proof Backpack' }), 'Multipacks')).toBe(false);
  });

  it('tells disposables from cartridges among vaporizers by their names', () => {
    const pen = admin({ category: 'Vaporizer', name: 'Sour Diesel Disposable Pen 0.5g' });
    const cart = admin({ category: 'Vaporizer', name: 'Jack Herer Cartridge 1g' });
    expect(matchesType(pen, 'Disposable')).toBe(true);
    expect(matchesType(pen, 'Cartridge')).toBe(false);
    expect(matchesType(cart, 'Cartridge')).toBe(true);
    expect(matchesType(admin({ category: 'Accessories', name: 'Cartridge Battery' }), 'Cartridge')).toBe(false);
  });
});

describe('search, category filter and sort', () => {
  const a = admin({ name: 'Apple Gummies', description: 'Tart and sweet', price: 3000, rating: 4.1, stockQuantity: 5 });
  const b = admin({ name: 'berry Chews', description: 'Made with real fruit', price: 1500, rating: 4.9, stockQuantity: null });
  const c = adminFlower({ name: 'Cherry Kush', description: 'Dense buds', price3_5g: 2000, stockQuantity: 2 });

  it('searches name and description, ignoring case', () => {
    expect(filterProducts([a, b, c], { search: 'FRUIT', category: '', type: '' })).toEqual([b]);
    expect(filterProducts([a, b, c], { search: ' kush ', category: '', type: '' })).toEqual([c]);
  });

  it('filters by category and type together', () => {
    expect(filterProducts([a, b, c], { search: '', category: 'Flower', type: '' })).toEqual([c]);
    expect(filterProducts([a, b, c], { search: '', category: 'Flower', type: 'Sativa' })).toEqual([]);
  });

  it('sorts by name, price (lowest offered weight), stock (untracked last) and rating', () => {
    expect(sortProducts([c, b, a], 'name')).toEqual([a, b, c]);
    expect(sortProducts([a, b, c], 'price-asc')).toEqual([b, c, a]);
    expect(sortProducts([a, b, c], 'price-desc')).toEqual([a, c, b]);
    expect(sortProducts([a, b, c], 'stock')).toEqual([c, a, b]);
    expect(sortProducts([a, b, c], 'rating')[0]).toBe(b);
  });
});

describe('pages (D23)', () => {
  const many = (n: number, category = 'Edible') =>
    Array.from({ length: n }, (_, i) =>
      category === 'Flower'
        ? adminFlower({ name: `Item ${String(i).padStart(3, '0')}` })
        : admin({ name: `Item ${String(i).padStart(3, '0')}` }),
    );

  it('pages by 10, and by 30 with the Flower filter', () => {
    expect(pageSizeFor('')).toBe(PRODUCT_PAGE_SIZE.default);
    expect(pageSizeFor('Flower')).toBe(PRODUCT_PAGE_SIZE.Flower);
    const edibles = listProducts(many(25), { ...DEFAULT_PRODUCT_QUERY, page: 3 });
    expect(edibles).toMatchObject({ page: 3, pageCount: 3, total: 25, pageSize: 10 });
    expect(edibles.items.map((p) => p.name)).toEqual(['Item 020', 'Item 021', 'Item 022', 'Item 023', 'Item 024']);
    const flowers = listProducts(many(45, 'Flower'), { ...DEFAULT_PRODUCT_QUERY, category: 'Flower' });
    expect(flowers).toMatchObject({ page: 1, pageCount: 2, pageSize: 30 });
    expect(flowers.items).toHaveLength(30);
  });

  it('clamps the page to the pages there are and shows one empty page for no matches', () => {
    expect(listProducts(many(12), { ...DEFAULT_PRODUCT_QUERY, page: 9 }).page).toBe(2);
    expect(listProducts(many(12), { ...DEFAULT_PRODUCT_QUERY, page: 0 }).page).toBe(1);
    expect(listProducts([], DEFAULT_PRODUCT_QUERY)).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe('table cells', () => {
  it('shows the lowest offered weight price for weighed products, the price otherwise', () => {
    expect(listPrice(adminFlower({ price: 9999, price3_5g: null, price7g: 6000, priceHalfOz: 11000 }))).toBe(6000);
    expect(listPrice(admin({ price: 1234 }))).toBe(1234);
    expect(listPrice(adminFlower({ price: 4000, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null }))).toBe(4000);
  });

  it('shows stock in grams or units, or Not tracked', () => {
    expect(stockLabel(adminFlower({ stockQuantity: 12.5 }))).toBe('12.5 g');
    expect(stockLabel(admin({ stockQuantity: 40 }))).toBe('40 units');
    expect(stockLabel(admin({ stockQuantity: null }))).toBe('Not tracked');
  });

  it('humanizes outbox kinds', () => {
    expect(humanize('order_status')).toBe('Order status');
  });
});

describe('edit form (admin.md §5)', () => {
  it('edits the price fields of each category', () => {
    const fields = (category: string) => priceFieldsFor(category).map((f) => f.field);
    for (const category of ['Pre-roll', 'Edible', 'Vaporizer', 'Accessories']) expect(fields(category)).toEqual(['price', 'salePrice']);
    expect(fields('Concentrate')).toEqual(['price1g', 'price2g', 'price3_5g', 'price7g']);
    expect(fields('Flower')).toEqual(['price3_5g', 'price7g', 'priceHalfOz', 'priceOz']);
    expect(priceFieldsFor('Flower').map((f) => f.label)).toEqual(['3.5g price', '7g price', '1/2 oz price', '1 oz price']);
  });

  it('round-trips a product through the form into a valid update, in cents', () => {
    const product = admin({
      price: 1250,
      salePrice: null,
      rating: 4.5,
      thcContent: 10,
      strainType: 'Hybrid',
      stockQuantity: 30,
      flavor: 'Mango',
    });
    const form = productToForm(product);
    expect(form.price).toBe('12.50');
    expect(form.salePrice).toBe('');
    const parsed = v.parse(
      ProductUpdate,
      formToUpdateInput({ ...form, price: '13.99', strainType: '', stockQuantity: '', flavor: ' ' }, product),
    );
    expect(parsed).toMatchObject({
      price: 1399,
      salePrice: null,
      rating: 4.5,
      thcContent: 10,
      strainType: null,
      stockQuantity: null,
      flavor: null,
    });
  });

  it('keeps the prices the category does not edit', () => {
    const flower = adminFlower({ price: 3500, salePrice: 4000, price3_5g: 3500 });
    const input = formToUpdateInput({ ...productToForm(flower), price: '1.00', price3_5g: '36.00' }, flower);
    expect(input).toMatchObject({ price: 3500, salePrice: 4000, price3_5g: 3600 });
  });

  it('reports what is wrong with the typed values', () => {
    const product = admin();
    const result = v.safeParse(
      ProductUpdate,
      formToUpdateInput({ ...productToForm(product), price: 'abc', rating: '', thcContent: '10.25' }, product),
    );
    expect(result.success).toBe(false);
    const paths = result.issues?.map((i) => v.getDotPath(i));
    expect(paths).toEqual(expect.arrayContaining(['price', 'rating', 'thcContent']));
  });
});

describe('messages', () => {
  it("uses the server's sentence when there is one, the fallback otherwise", () => {
    expect(
      errorMessage(new ApiError(401, '{}', { error: 'Invalid email or password', code: 'invalid_credentials' }), 'Invalid credentials'),
    ).toBe('Invalid email or password');
    expect(errorMessage(new ApiError(502, 'Bad Gateway', null), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorMessage(new ApiError(0, 'Network error', null), 'x')).toMatch(/Network error/);
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it("shows the API's plain sentence while the database is down, not the screen's generic one", async () => {
    const down = databaseUnavailable();
    const answer = new Response(JSON.stringify(down.toBody()), { status: down.status, headers: down.headers });
    const err = await ok(Promise.resolve(answer)).catch((e: unknown) => e);
    expect(errorMessage(err, 'Failed to load orders')).toBe(DATABASE_UNAVAILABLE.message);
  });
});

describe('status and low-stock filters (M1, M2)', () => {
  it('filters by status and by stock at or under the threshold', () => {
    const draft = admin({ id: 1, name: 'Draft one' });
    const low = admin({ id: 2, name: 'Low one', stockQuantity: 2 });
    const untracked = admin({ id: 3, name: 'Untracked', stockQuantity: null });
    const all = [{ ...draft, status: 'draft' as const }, low, { ...untracked, lowStockQuantity: 100 }];
    const names = (q: Partial<typeof DEFAULT_PRODUCT_QUERY>) => filterProducts(all, { ...DEFAULT_PRODUCT_QUERY, ...q }).map((p) => p.name);
    expect(names({ status: 'draft' })).toEqual(['Draft one']);
    expect(names({ status: 'active' })).toEqual(['Low one', 'Untracked']);
    expect(names({ lowStock: true })).toEqual(['Low one']);
  });
});

describe('new product form', () => {
  it('sends the chosen category and only its price fields; a weighed price is left to the server', () => {
    const form = { ...emptyProductForm(), name: 'Night Jar', categoryId: '1', price3_5g: '40', priceOz: '250', price: '99' };
    const parsed = v.parse(ProductCreate, formToCreateInput(form, 'Flower'));
    expect(parsed).toMatchObject({
      name: 'Night Jar',
      categoryId: 1,
      status: 'draft',
      price3_5g: 4000,
      priceOz: 25000,
      lowStockQuantity: 5,
    });
    expect(parsed.price).toBeUndefined();
    expect(parsed.rating).toBeUndefined();
    const edible = v.safeParse(ProductCreate, formToCreateInput({ ...emptyProductForm(), name: 'Gummies' }, ''));
    expect(edible.success).toBe(false);
    expect(edible.issues?.map((i) => v.getDotPath(i))).toEqual(expect.arrayContaining(['categoryId']));
  });

  it('duplicates a product as a draft copy, with tracked stock starting at 0', () => {
    const form = duplicateForm(admin({ name: 'Lemon Bars', stockQuantity: 40, rating: 4.2 }));
    expect(form).toMatchObject({ name: 'Copy of Lemon Bars', status: 'draft', stockQuantity: '0', rating: '4.2' });
    expect(duplicateForm(admin({ stockQuantity: null })).stockQuantity).toBe('');
  });

  it('saves a product not rated yet without a rating, and keeps a rated one from losing it', () => {
    const unrated = admin({ rating: 0 });
    expect(productToForm(unrated).rating).toBe('');
    expect(v.parse(ProductUpdate, formToUpdateInput(productToForm(unrated), unrated)).rating).toBeUndefined();
    const rated = admin({ rating: 4 });
    expect(v.safeParse(ProductUpdate, formToUpdateInput({ ...productToForm(rated), rating: '' }, rated)).success).toBe(false);
  });
});

describe('history and preview cells', () => {
  it('shows times in New York on both sides of the clock change, with the zone', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 15, 17, 30))).toBe('Jan 15, 2026, 12:30 PM EST');
    expect(formatDateTime(Date.UTC(2026, 6, 15, 17, 30))).toBe('Jul 15, 2026, 1:30 PM EDT');
  });

  it('names fields and shows values as a person reads them', () => {
    const names = new Map([[3, 'Edible']]);
    expect(fieldLabel('lowStockQuantity')).toBe('Low stock threshold');
    expect(fieldLabel('priceHalfOz')).toBe('1/2 oz price');
    expect(formatFieldValue('price', '2750', names)).toBe('$27.50');
    expect(formatFieldValue('priceOz', 22000, names)).toBe('$220.00');
    expect(formatFieldValue('categoryId', 3, names)).toBe('Edible');
    expect(formatFieldValue('status', 'archived', names)).toBe('Archived');
    expect(formatFieldValue('available', 'false', names)).toBe('No');
    expect(formatFieldValue('flavor', null, names)).toBe('—');
    expect(formatStockChange(3.5, 'Flower')).toBe('+3.5 g');
    expect(formatStockChange(-2, 'Edible')).toBe('−2 units');
    expect(formatStockChange(-1, 'Edible')).toBe('−1 unit');
    expect(stockLabel(admin({ stockQuantity: 1 }))).toBe('1 unit');
  });
});
