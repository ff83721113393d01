import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const dbUrl = await workersDbUrl();
let mf: Miniflare;
const get = (path: string) => mf.dispatchFetch(`http://shop.test${path}`);

beforeAll(async () => {
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: dbUrl } });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('catalogue reads in workerd against sqld', () => {
  it('lists every product', async () => {
    const res = await get('/api/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const products = (await res.json()) as ApiProduct[];
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(products[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number) });
  });

  it('reads one product, and answers 404 and 400 in the JSON error shape', async () => {
    const list = (await (await get('/api/products')).json()) as ApiProduct[];
    const first = list[0];
    if (!first) throw new Error('empty catalogue');
    const one = await get(`/api/products/${first.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as ApiProduct).name).toBe(first.name);

    const missing = await get('/api/products/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Product not found', code: 'not_found' });

    const malformed = await get('/api/products/abc');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_input', fields: { id: expect.any(String) } });
  });

  it('answers hundreds of concurrent reads, each with its own product', async () => {
    const list = (await (await get('/api/products')).json()) as ApiProduct[];
    const picks = Array.from({ length: 400 }, (_, i) => list[(i * 7) % list.length] as ApiProduct);
    const answers = await Promise.all(
      picks.map(async (p) => {
        const res = await get(`/api/products/${p.id}`);
        return { status: res.status, body: (await res.json()) as ApiProduct };
      }),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    expect(answers.map((a) => a.body.id)).toEqual(picks.map((p) => p.id));
  });

  it('serves categories, a category with its products and a strain with its products', async () => {
    const categories = (await (await get('/api/categories')).json()) as ApiCategory[];
    const flower = categories.find((c) => c.slug === 'flower');
    expect(flower?.subcategories.length).toBeGreaterThanOrEqual(12);

    const category = await get(`/api/categories/id/${flower?.id}/products`);
    expect(category.status).toBe(200);
    const body = (await category.json()) as { category: ApiCategory; products: ApiProduct[] };
    expect(body.category.name).toBe('Flower');
    expect(body.products.length).toBeGreaterThanOrEqual(30);

    const strainId = flower?.subcategories[0]?.id;
    const strain = (await (await get(`/api/subcategories/${strainId}/products`)).json()) as {
      subcategory: ApiCategory;
      products: ApiProduct[];
    };
    expect(strain.products.length).toBeGreaterThan(0);
    expect(strain.products.every((p) => p.subcategoryName === strain.subcategory.name)).toBe(true);
  });

  it('answers 500 in the error shape when the environment names no database', async () => {
    const bare = startWorkerd({ config, bindings: {} });
    try {
      const res = await bare.dispatchFetch('http://shop.test/api/products');
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'bad_environment' });
    } finally {
      await bare.dispose();
    }
  });
});
