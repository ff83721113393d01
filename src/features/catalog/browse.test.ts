import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import {
  activeFilterCount,
  BROWSE_PAGE_SIZE,
  browse,
  browseQuery,
  firstPage,
  matchesFilters,
  NO_FILTERS,
  priceBound,
  sortProducts,
} from './browse.ts';

describe('filters (§5, D9)', () => {
  it('keeps prices inside the range, both ends inclusive', () => {
    const at = (price: number) => makeProduct({ price });
    const f = { ...NO_FILTERS, minPrice: 20, maxPrice: 30 };
    expect(matchesFilters(at(2000), f)).toBe(true);
    expect(matchesFilters(at(3000), f)).toBe(true);
    expect(matchesFilters(at(1999), f)).toBe(false);
    expect(matchesFilters(at(3001), f)).toBe(false);
  });

  it('filters by the shown price: the lowest weight, and the deal price', () => {
    expect(matchesFilters(makeFlower({ price3_5g: 3500 }), { ...NO_FILTERS, maxPrice: 35 })).toBe(true);
    expect(matchesFilters(makeProduct({ price: 5000, isDeal: true, dealPercentOff: 40 }), { ...NO_FILTERS, maxPrice: 30 })).toBe(true);
  });

  it('matches any selected effect contained in any of the product effects, and keeps products without effects', () => {
    const f = { ...NO_FILTERS, effects: ['Sleepy', 'Focused'] };
    expect(matchesFilters(makeProduct({ effects: 'Relaxing, Sleepy' }), f)).toBe(true);
    expect(matchesFilters(makeProduct({ effects: 'Happy' }), f)).toBe(false);
    expect(matchesFilters(makeProduct({ effects: '' }), f)).toBe(true);
    expect(matchesFilters(makeProduct({ effects: 'Pain Relief' }), { ...NO_FILTERS, effects: ['Relief'] })).toBe(true);
  });

  it('filters by strain type, ignoring case; products without a type do not match a type filter', () => {
    const f = { ...NO_FILTERS, strainTypes: ['Indica'] };
    expect(matchesFilters(makeFlower({ strainType: 'indica' }), f)).toBe(true);
    expect(matchesFilters(makeFlower({ strainType: 'Sativa' }), f)).toBe(false);
    expect(matchesFilters(makeProduct({ strainType: null }), f)).toBe(false);
  });

  it('counts active filters', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, strainTypes: ['Indica'], effects: ['Happy'], maxPrice: 100 })).toBe(3);
  });
});

describe('sorting (§9)', () => {
  const a = makeProduct({ name: 'Banana', price: 3000, rating: 4.1, thcContent: 10 });
  const b = makeProduct({ name: 'apple', price: 1000, rating: 4.9, isFeatured: true, thcContent: null });
  const c = makeProduct({ name: 'Cherry', price: 2000, rating: 4.5, thcContent: 25 });
  const names = (list: { name: string }[]) => list.map((p) => p.name);

  it('sorts featured first, by price both ways, by name, by rating and by THC', () => {
    expect(names(sortProducts([a, b, c], 'featured'))).toEqual(['apple', 'Banana', 'Cherry']);
    expect(names(sortProducts([a, b, c], 'price-asc'))).toEqual(['apple', 'Cherry', 'Banana']);
    expect(names(sortProducts([a, b, c], 'price-desc'))).toEqual(['Banana', 'Cherry', 'apple']);
    expect(names(sortProducts([a, b, c], 'name'))).toEqual(['apple', 'Banana', 'Cherry']);
    expect(names(sortProducts([a, b, c], 'rating'))).toEqual(['apple', 'Cherry', 'Banana']);
    expect(names(sortProducts([a, b, c], 'thc'))).toEqual(['Cherry', 'Banana', 'apple']);
  });

  it('filters then sorts', () => {
    expect(names(browse([a, b, c], { ...NO_FILTERS, minPrice: 15 }, 'price-asc'))).toEqual(['Cherry', 'Banana']);
  });
});

describe('category and strain pages ask the server for pages', () => {
  it('sends the scope, the moved filters, the sort and the page', () => {
    expect(browseQuery({ category: 'flower' }, NO_FILTERS, 'featured', 1).toString()).toBe('category=flower&sort=featured&page=1&limit=24');
    const moved = { strainTypes: ['Indica', 'Hybrid'], minPrice: 20, maxPrice: 300, effects: ['Relaxed'] };
    expect(Object.fromEntries(browseQuery({ subcategory: 7 }, moved, 'thc', 3))).toEqual({
      subcategory: '7',
      strainType: 'Indica,Hybrid',
      effects: 'Relaxed',
      minPrice: '20',
      maxPrice: '300',
      sort: 'thc',
      page: '3',
      limit: String(BROWSE_PAGE_SIZE),
    });
  });

  it('builds the first page in the default order with the full count', () => {
    const many = Array.from({ length: 30 }, (_, i) => makeProduct({ id: i + 1, isFeatured: i === 29 }));
    const { products, total } = firstPage(many);
    expect(total).toBe(30);
    expect(products).toHaveLength(BROWSE_PAGE_SIZE);
    expect(products[0]?.id).toBe(30);
  });
});

describe('price filter input (§9)', () => {
  it('snaps to the step, stays in range and treats an empty field as no bound', () => {
    expect(priceBound('27', 'min')).toBe(25);
    expect(priceBound('27', 'max')).toBe(30);
    expect(priceBound('-5', 'min')).toBe(0);
    expect(priceBound('1000', 'max')).toBe(300);
    expect(priceBound('', 'min')).toBe(0);
    expect(priceBound('', 'max')).toBe(300);
    expect(priceBound('abc', 'max')).toBe(300);
  });
});
