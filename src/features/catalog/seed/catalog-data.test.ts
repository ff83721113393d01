import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EFFECTS } from '../catalog.ts';
import { imageManifest, seedCategories, seedProducts, seedStrains } from './catalog-data.ts';
import type { SeedProduct } from './types.ts';

const PUBLIC = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../public');
const MEDICAL = /cure|treat|prevent|heal/i;

const byCategory = (slug: string) => seedProducts.filter((p) => p.category === slug);

const FLOWER_WEIGHTS = ['price3_5g', 'price7g', 'priceHalfOz', 'priceOz'] as const;
const CONCENTRATE_WEIGHTS = ['price1g', 'price2g', 'price3_5g', 'price7g'] as const;
const ALL_WEIGHTS = ['price1g', 'price2g', 'price3_5g', 'price7g', 'priceHalfOz', 'priceOz'] as const;

function weightPrices(p: SeedProduct, keys: readonly (keyof SeedProduct)[]): number[] {
  return keys.map((k) => p[k]).filter((v): v is number => typeof v === 'number' && v > 0);
}

describe('seed categories', () => {
  it('are the six categories in order', () => {
    expect(seedCategories.map((c) => [c.name, c.slug])).toEqual([
      ['Flower', 'flower'],
      ['Edible', 'edible'],
      ['Pre-roll', 'pre-roll'],
      ['Vaporizer', 'vaporizer'],
      ['Concentrate', 'concentrate'],
      ['Accessories', 'accessories'],
    ]);
    expect(seedCategories.map((c) => c.sortOrder)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('seed strains', () => {
  it('has at least 12 strains covering all four types', () => {
    expect(seedStrains.length).toBeGreaterThanOrEqual(12);
    const types = new Set(seedStrains.map((s) => s.strainType));
    expect([...types].sort()).toEqual(['CBD', 'Hybrid', 'Indica', 'Sativa']);
  });

  it('uses only the effects vocabulary and has occasions', () => {
    for (const s of seedStrains) {
      expect(s.effects.length, s.slug).toBeGreaterThan(0);
      for (const e of s.effects) expect(EFFECTS as readonly string[], `${s.slug}: ${e}`).toContain(e);
      expect(s.bestFor.length, s.slug).toBeGreaterThan(0);
    }
  });
});

describe('seed products', () => {
  it('has enough products per category', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(80);
    expect(byCategory('flower').length).toBeGreaterThanOrEqual(30);
    for (const c of ['edible', 'pre-roll', 'vaporizer', 'concentrate', 'accessories']) {
      expect(byCategory(c).length, c).toBeGreaterThanOrEqual(8);
    }
    const known = new Set(seedCategories.map((c) => c.slug));
    for (const p of seedProducts) expect(known.has(p.category), p.slug).toBe(true);
  });

  it('spreads flower over every strain, at least two products each', () => {
    const strainSlugs = new Set(seedStrains.map((s) => s.slug));
    const counts = new Map<string, number>();
    for (const p of byCategory('flower')) {
      expect(p.strain && strainSlugs.has(p.strain), `${p.slug} strain`).toBe(true);
      counts.set(p.strain ?? '', (counts.get(p.strain ?? '') ?? 0) + 1);
      const strain = seedStrains.find((s) => s.slug === p.strain);
      expect(p.strainType, p.slug).toBe(strain?.strainType);
    }
    for (const s of seedStrains) expect(counts.get(s.slug) ?? 0, s.slug).toBeGreaterThanOrEqual(2);
    for (const p of seedProducts) if (p.category !== 'flower') expect(p.strain, p.slug).toBeUndefined();
  });

  it('has unique, url-safe slugs (products, strains and categories share a namespace)', () => {
    const slugs = [...seedProducts.map((p) => p.slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
    const catSlugs = [...seedCategories.map((c) => c.slug), ...seedStrains.map((s) => s.slug)];
    expect(new Set(catSlugs).size).toBe(catSlugs.length);
    for (const s of [...slugs, ...catSlugs]) expect(s).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('uses every badge several times, with featured products early in the list', () => {
    for (const badge of ['isNewArrival', 'isBestSeller', 'isFeatured', 'isOrganic'] as const) {
      expect(seedProducts.filter((p) => p[badge]).length, badge).toBeGreaterThanOrEqual(3);
    }
    const featured = seedProducts.filter((p) => p.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(new Set(featured.map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    expect(seedProducts.slice(0, 12).filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(4);
    expect(new Set(seedProducts.slice(0, 6).map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
  });

  it('keeps money in integer cents, with salePrice above price', () => {
    let onSale = 0;
    for (const p of seedProducts) {
      expect(Number.isInteger(p.price) && p.price > 0, p.slug).toBe(true);
      for (const k of ALL_WEIGHTS) {
        const v = p[k];
        if (v !== undefined) expect(Number.isInteger(v) && v > 0, `${p.slug} ${k}`).toBe(true);
      }
      if (p.salePrice !== undefined) {
        onSale++;
        expect(Number.isInteger(p.salePrice), p.slug).toBe(true);
        expect(p.salePrice, p.slug).toBeGreaterThan(p.price);
      }
    }
    expect(onSale).toBeGreaterThanOrEqual(8);
  });

  it('prices flower by 3.5g / 7g / half oz / oz and concentrate by 1g / 2g / 3.5g / 7g', () => {
    for (const p of seedProducts) {
      if (p.category === 'flower') {
        expect(p.price1g, p.slug).toBeUndefined();
        expect(p.price2g, p.slug).toBeUndefined();
        const prices = weightPrices(p, FLOWER_WEIGHTS);
        expect(prices.length, p.slug).toBeGreaterThanOrEqual(2);
        expect(p.price, p.slug).toBe(Math.min(...prices));
        expect(p.price3_5g, p.slug).toBeDefined();
        // Bigger weights cost more in total and less per gram.
        const grams = [3.5, 7, 14, 28];
        const pairs = FLOWER_WEIGHTS.map((k, i) => [grams[i] ?? 0, p[k]] as const).filter(([, v]) => v !== undefined);
        for (let i = 1; i < pairs.length; i++) {
          const [g0, v0] = pairs[i - 1] ?? [0, 0];
          const [g1, v1] = pairs[i] ?? [0, 0];
          expect(v1 ?? 0, p.slug).toBeGreaterThan(v0 ?? 0);
          expect((v1 ?? 0) / g1, p.slug).toBeLessThan((v0 ?? 0) / g0);
        }
      } else if (p.category === 'concentrate') {
        expect(p.priceHalfOz, p.slug).toBeUndefined();
        expect(p.priceOz, p.slug).toBeUndefined();
        const prices = weightPrices(p, CONCENTRATE_WEIGHTS);
        expect(prices.length, p.slug).toBeGreaterThanOrEqual(2);
        expect(p.price, p.slug).toBe(Math.min(...prices));
      } else {
        for (const k of ALL_WEIGHTS) expect(p[k], `${p.slug} ${k}`).toBeUndefined();
      }
    }
    // Some products lack an option, so the storefront's "option missing" path is exercised.
    const missing = seedProducts.filter(
      (p) =>
        (p.category === 'flower' && weightPrices(p, FLOWER_WEIGHTS).length < 4) ||
        (p.category === 'concentrate' && weightPrices(p, CONCENTRATE_WEIGHTS).length < 4),
    );
    expect(missing.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps prices in realistic ranges per category', () => {
    const range: Record<string, [number, number]> = {
      edible: [1500, 4500],
      'pre-roll': [800, 6000],
      vaporizer: [2500, 6000],
      accessories: [500, 15000],
    };
    for (const p of seedProducts) {
      const r = range[p.category];
      if (r) {
        expect(p.price, p.slug).toBeGreaterThanOrEqual(r[0]);
        expect(p.price, p.slug).toBeLessThanOrEqual(r[1]);
      }
    }
  });

  it('uses only the effects vocabulary; accessories have none', () => {
    for (const p of seedProducts) {
      expect(p.effects.length, p.slug).toBeLessThanOrEqual(3);
      for (const e of p.effects) expect(EFFECTS as readonly string[], `${p.slug}: ${e}`).toContain(e);
      if (p.category === 'accessories') {
        expect(p.effects, p.slug).toEqual([]);
        expect(p.thcContent, p.slug).toBeUndefined();
        expect(p.cbdContent, p.slug).toBeUndefined();
        expect(p.thcMg, p.slug).toBeUndefined();
        expect(p.strainType, p.slug).toBeUndefined();
      }
    }
  });

  it('states potency the right way per category', () => {
    for (const p of seedProducts) {
      if (p.category === 'edible') {
        expect([10, 50, 100, 200], p.slug).toContain(p.thcMg);
      } else if (p.category !== 'accessories') {
        expect(p.thcContent, p.slug).toBeGreaterThanOrEqual(0);
        expect(p.thcContent ?? 0, p.slug).toBeLessThanOrEqual(100);
        expect(p.thcMg, p.slug).toBeUndefined();
      }
      if (p.category === 'concentrate') {
        expect(p.thcContent ?? 0, p.slug).toBeGreaterThanOrEqual(60);
        expect(p.thcContent ?? 0, p.slug).toBeLessThanOrEqual(90);
      }
    }
  });

  it('has plausible ratings, review counts and stock', () => {
    for (const p of seedProducts) {
      expect(p.rating, p.slug).toBeGreaterThanOrEqual(3.6);
      expect(p.rating, p.slug).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10), p.slug).toBeCloseTo(p.rating * 10, 6);
      expect(Number.isInteger(p.reviews) && p.reviews >= 3 && p.reviews <= 420, p.slug).toBe(true);
      if (p.stock !== undefined) expect(p.stock, p.slug).toBeGreaterThanOrEqual(0);
    }
    expect(seedProducts.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    expect(seedProducts.filter((p) => p.stock === undefined).length).toBeGreaterThanOrEqual(2);
  });

  it('makes no medical claims', () => {
    const texts = [
      ...seedProducts.map((p) => [p.slug, p.name, p.description] as const),
      ...seedStrains.map((s) => [s.slug, s.name, s.description] as const),
      ...seedCategories.map((c) => [c.slug, c.name, c.description] as const),
    ];
    for (const [slug, name, description] of texts) {
      expect(description.length, slug).toBeGreaterThan(20);
      expect(description, slug).not.toMatch(MEDICAL);
      expect(name, slug).not.toMatch(MEDICAL);
    }
  });
});

describe('seed images', () => {
  const exists = (path: string) => path.startsWith('/images/') && existsSync(join(PUBLIC, path)) && statSync(join(PUBLIC, path)).size > 0;

  it('every product, strain and category image exists under public/', () => {
    for (const x of [...seedProducts, ...seedStrains, ...seedCategories]) {
      expect(x.image, x.slug).toMatch(/^\/images\/(products|strains|categories)\/[a-z0-9-]+-[0-9a-f]{8}\.webp$/);
      expect(exists(x.image), `${x.slug}: ${x.image}`).toBe(true);
    }
  });

  it('the manifest has both widths for every entry and the site images', () => {
    for (const [kind, items] of [
      ['products', seedProducts],
      ['strains', seedStrains],
      ['categories', seedCategories],
    ] as const) {
      for (const x of items) {
        const entry = imageManifest[kind][x.slug];
        expect(entry?.['400'], `${kind} ${x.slug}`).toBe(x.image);
        expect(exists(entry?.['800'] ?? ''), `${kind} ${x.slug} 800`).toBe(true);
      }
    }
    for (const key of ['home_hero', 'home_featured', 'home_cta', 'home_about']) {
      expect(exists(imageManifest.site[key] ?? ''), key).toBe(true);
    }
  });
});
