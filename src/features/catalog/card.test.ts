import { describe, expect, it } from 'vitest';
import { makeFlower, makeProduct } from '../../../tests/fixtures/products.ts';
import {
  dealProducts,
  defaultWeight,
  effectiveWeight,
  featuredProducts,
  firstEffect,
  productBadges,
  productCountLabel,
  productsInCategory,
  selectLive,
  strainsWithParent,
  strainTheme,
  topLevelCategories,
} from './card.ts';
import type { ApiCategory } from './catalog.ts';

const category = (overrides: Partial<ApiCategory>): ApiCategory => ({
  id: 1,
  name: 'Flower',
  slug: 'flower',
  image: null,
  parentId: null,
  kind: 'Flower',
  description: '',
  strainType: null,
  effects: '',
  bestFor: '',
  sortOrder: 0,
  subcategories: [],
  ...overrides,
});

describe('card weight (§4, D5)', () => {
  it('starts with the first weight the product offers, none for unweighed products', () => {
    expect(defaultWeight(makeFlower({ price3_5g: null }))).toBe('7g');
    expect(defaultWeight(makeProduct())).toBeNull();
  });

  it('keeps a chosen weight while it is offered and falls back when live data drops it', () => {
    const flower = makeFlower();
    expect(effectiveWeight(flower, 'oz')).toBe('oz');
    expect(effectiveWeight({ ...flower, priceOz: null }, 'oz')).toBe('3.5g');
    expect(effectiveWeight(flower, null)).toBe('3.5g');
  });
});

describe('badges and labels (§2)', () => {
  it('names sale, new, best seller and organic in that order', () => {
    const p = makeProduct({ salePrice: 3000, isNewArrival: true, isBestSeller: true, isOrganic: true });
    expect(productBadges(p)).toEqual(['Sale', 'New', 'Best Seller', 'Organic']);
    expect(productBadges(makeProduct())).toEqual([]);
  });

  it('shows the deal badge, not Sale, on a deal product (D4)', () => {
    expect(productBadges(makeProduct({ isDeal: true, dealPercentOff: 40, salePrice: 3000 }))).toEqual(['40% OFF']);
  });

  it('shows only the first effect', () => {
    expect(firstEffect(makeProduct({ effects: ' Relaxing, Happy' }))).toBe('Relaxing');
    expect(firstEffect(makeProduct({ effects: '' }))).toBeNull();
  });

  it('counts products in words', () => {
    expect(productCountLabel(0)).toBe('0 products');
    expect(productCountLabel(1)).toBe('1 product');
    expect(productCountLabel(12)).toBe('12 products');
  });
});

describe('page lists', () => {
  it('features the first 4 featured products and lists the deal products', () => {
    const list = Array.from({ length: 8 }, (_, i) => makeProduct({ isFeatured: i !== 1, isDeal: i < 2 }));
    expect(featuredProducts(list).map((p) => p.id)).toEqual([0, 2, 3, 4].map((i) => list[i]?.id));
    expect(dealProducts(list)).toEqual(list.slice(0, 2));
  });

  it("lists a category's own products and its strains' products", () => {
    const own = makeProduct({ categoryId: 1 });
    const strain = makeFlower({ categoryId: 1, subcategoryId: 7 });
    const other = makeProduct({ categoryId: 2 });
    expect(productsInCategory([own, strain, other], 1)).toEqual([own, strain]);
    expect(productsInCategory([own, strain, other], 7)).toEqual([strain]);
  });

  it('separates top-level categories from strains, which know their parent', () => {
    const flower = category({ id: 1 });
    const gelato = category({ id: 7, name: 'Gelato', parentId: 1 });
    expect(topLevelCategories([flower, gelato])).toEqual([flower]);
    expect(strainsWithParent([flower, gelato])).toEqual([{ strain: gelato, parent: flower }]);
  });
});

describe('live refresh (D2, D6)', () => {
  it('keeps the same ids in their order with live data, dropping deleted products', () => {
    const [a, b, c] = [makeProduct(), makeProduct(), makeProduct()];
    if (!a || !b || !c) throw new Error('fixtures');
    const live = [
      { ...c, price: 1 },
      { ...a, inStock: false },
    ];
    expect(selectLive('same', [a, b, c], live)).toEqual([
      { ...a, inStock: false },
      { ...c, price: 1 },
    ]);
  });

  it('re-applies the featured and deal rules to the live list', () => {
    const live = [makeProduct({ isDeal: true, dealPercentOff: 40 }), makeProduct({ isFeatured: true })];
    expect(selectLive('deals', [], live)).toEqual([live[0]]);
    expect(selectLive('featured', [], live)).toEqual([live[1]]);
  });
});

describe('strain theme', () => {
  it('themes indica, sativa and hybrid, and everything else as other', () => {
    expect(strainTheme('Indica')).toBe('indica');
    expect(strainTheme('sativa')).toBe('sativa');
    expect(strainTheme('Hybrid')).toBe('hybrid');
    expect(strainTheme('CBD')).toBe('other');
    expect(strainTheme(null)).toBe('other');
  });
});
