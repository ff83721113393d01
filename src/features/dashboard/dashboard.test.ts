import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../tests/fixtures/products.ts';
import { buildDashboard, DASHBOARD_SECTION_SIZE, formatAverage, formatPercent, isStockLow } from './dashboard.ts';

describe('dashboard figures', () => {
  const products = [
    makeProduct({ id: 1, category: 'Flower', rating: 4, reviews: 10, isFeatured: true }),
    makeProduct({ id: 2, category: 'Flower', rating: 5, reviews: 30, isBestSeller: true, inStock: false }),
    makeProduct({ id: 3, category: 'Edible', rating: 4.5, reviews: 0, isNewArrival: true, isFeatured: true }),
    makeProduct({ id: 4, category: 'Accessories', rating: 3.2, reviews: 5 }),
  ];
  const d = buildDashboard(products);

  it('counts products, stock, ratings, reviews and flags', () => {
    expect(d).toMatchObject({
      totalProducts: 4,
      inStock: 3,
      averageRating: 4.2,
      totalReviews: 45,
      featuredCount: 2,
      newArrivalCount: 1,
      bestSellerCount: 1,
      inStockPercent: 75,
      averageReviews: 11.3,
    });
  });

  it('gives every category its share, in menu order, and the largest', () => {
    expect(d.byCategory.map((c) => [c.name, c.count, c.percent])).toEqual([
      ['Flower', 2, 50],
      ['Edible', 1, 25],
      ['Pre-roll', 0, 0],
      ['Vaporizer', 0, 0],
      ['Concentrate', 0, 0],
      ['Accessories', 1, 25],
    ]);
    expect(d.topCategory?.name).toBe('Flower');
    // A tie goes to the category listed first.
    expect(buildDashboard([makeProduct({ category: 'Accessories' }), makeProduct({ category: 'Edible' })]).topCategory?.name).toBe(
      'Edible',
    );
  });

  it('counts a renamed category under its kind and shows its new name', () => {
    const renamed = buildDashboard([
      makeProduct({ category: 'Flower', categoryName: 'Flower & Buds' }),
      makeProduct({ category: 'Edible' }),
    ]);
    expect(renamed.byCategory.map((c) => [c.name, c.count])).toEqual([
      ['Flower & Buds', 1],
      ['Edible', 1],
      ['Pre-roll', 0],
      ['Vaporizer', 0],
      ['Concentrate', 0],
      ['Accessories', 0],
    ]);
  });

  it('lists the first 4 of each section, in catalogue order, with its search link', () => {
    const many = Array.from({ length: 6 }, (_, i) => makeProduct({ id: 100 + i, isBestSeller: true, isFeatured: i % 2 === 0 }));
    const sections = buildDashboard(many).sections;
    expect(sections.map((s) => [s.title, s.href])).toEqual([
      ['Featured Products', '/search?featured=true'],
      ['Best Sellers', '/search?bestseller=true'],
      ['New Arrivals', '/search?newarrival=true'],
    ]);
    expect(sections[0]?.products.map((p) => p.id)).toEqual([100, 102, 104]);
    expect(sections[1]?.products.map((p) => p.id)).toEqual([100, 101, 102, 103]);
    expect(sections[1]?.products).toHaveLength(DASHBOARD_SECTION_SIZE);
    expect(sections[2]?.products).toEqual([]);
  });

  it('makes the stock badge destructive at or below 80%', () => {
    expect(isStockLow(80)).toBe(true);
    expect(isStockLow(79.9)).toBe(true);
    expect(isStockLow(80.1)).toBe(false);
    expect(isStockLow(null)).toBe(true);
    expect(d.stockWarning).toBe(true);
    const four = (inStock: number) => Array.from({ length: 5 }, (_, i) => makeProduct({ inStock: i < inStock }));
    expect(buildDashboard(four(4)).stockWarning).toBe(true); // exactly 80%
    expect(buildDashboard(four(5)).stockWarning).toBe(false);
  });

  it('copes with an empty catalogue', () => {
    const empty = buildDashboard([]);
    expect(empty).toMatchObject({ totalProducts: 0, averageRating: 0, inStockPercent: null, averageReviews: null, topCategory: null });
    expect(formatPercent(empty.inStockPercent)).toBe('N/A');
  });

  it('formats shares and averages', () => {
    expect(formatPercent(97.7)).toBe('97.7%');
    expect(formatPercent(80)).toBe('80%');
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(1234.56)).toBe('1,234.6');
  });
});
