/**
 * Live publishing (docs/decisions/0013) in real workerd: the site built from sqld and served by
 * wrangler pages dev, the catalogue then changed behind the build. Pages are read as HTML, with no
 * JavaScript, as a crawler or a shopper's first paint gets them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { catalogueVersion, categories, dealProducts, deals, deployHookCalls, products, slugRedirects } from '../../src/db/schema.ts';
import { PAGE_HEAD_END, PAGE_HEAD_START } from '../../src/features/seo/page-head.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { type FakeDeployHook, startFakeDeployHook } from '../helpers/fake-deploy-hook.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { type BuiltSite, scratchDir, startBuiltSite } from '../helpers/stack.ts';

let site: BuiltSite;
let hook: FakeDeployHook;
let db: Db;
let closeDb: () => void;
const scratch = scratchDir('live-pages');

beforeAll(async () => {
  hook = await startFakeDeployHook();
  // Interval 0: every new catalogue asks for a build, so each trigger shows in the hook's calls
  // (the spacing itself is tested in tests/api/deploy-hook.test.ts). Recheck 0: every view asks
  // the database, so the changes these tests make behind the admin show on the next request (the
  // edge's copy of the catalogue is tested in edge-pages.test.ts).
  site = await startBuiltSite(scratch.dir, await siteTemplate(), {
    DEPLOY_HOOK_URL: hook.url,
    DEPLOY_HOOK_MIN_INTERVAL_SECONDS: '0',
    CATALOGUE_RECHECK_SECONDS: '0',
  });
  ({ db, close: closeDb } = createNodeDb({ LIBSQL_URL: site.dbUrl }));
}, 180_000);
afterAll(async () => {
  closeDb?.();
  await site?.stop();
  await hook?.close();
  scratch.remove();
});

const get = (p: string, init?: RequestInit) => fetch(`${site.baseUrl}${p}`, { redirect: 'manual', ...init });
const source = (res: Response) => res.headers.get('x-page-source');
const built = (file: string) => readFileSync(path.join(site.outDir, file), 'utf8');

/** A content change that alters nothing a page shows: the stamp moves on, the pages stay the same. */
const bumpVersion = async () => {
  const [row] = await db.select().from(catalogueVersion);
  await db.update(catalogueVersion).set({ version: (row?.version ?? 0) + 1 });
};

/**
 * What must be the same in a drawn and a built page: the page-specific head and <main>. Astro's
 * island uid (a hash for its development reloads, which includes the build machine's file path) is
 * the one thing that differs, and is left out.
 */
function comparable(html: string): { head: string; main: string } {
  const uid = / uid="[^"]*"/g;
  const between = (start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end) + end.length).replace(uid, '');
  return { head: between(PAGE_HEAD_START, PAGE_HEAD_END), main: between('<main', '</main>') };
}

const flowerId = async () => (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'flower')))[0]?.id ?? 0;

describe('catalogue pages while the build is current', () => {
  it('are the built pages', async () => {
    const strain = (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'blue-dream')))[0]?.id;
    for (const p of ['/product/1', '/categories/flower', `/subcategories/${strain}/products`, '/deals', '/sitemap.xml']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(source(res), p).toBe('built');
    }
    expect(hook.calls).toEqual([]);
  });

  it('keep the templates and unknown pages from visitors', async () => {
    expect((await get('/product/_template')).status).toBe(404);
    expect((await get('/product/0')).status).toBe(404);
    expect((await get('/deals/_template')).status).toBe(404);
    expect((await get('/subcategories/_template/products')).status).toBe(404);
    for (const p of ['/categories/_template', '/categories/%E0%A4%A']) {
      const category = await get(p);
      expect(category.status, p).toBe(302);
      expect(new URL(category.headers.get('location') ?? '').pathname, p).toBe('/not-found');
    }
  });
});

describe('catalogue pages drawn on request', () => {
  it('are the built pages, part for part, when nothing they show has changed', async () => {
    const strain = (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'og-kush')))[0]?.id;
    await bumpVersion();
    const pages = [
      ['/product/1', 'product/1.html'],
      ['/product/12', 'product/12.html'],
      ['/categories/flower', 'categories/flower.html'],
      ['/categories/edible', 'categories/edible.html'],
      [`/subcategories/${strain}/products`, `subcategories/${strain}/products.html`],
      ['/deals', 'deals.html'],
    ] as const;
    for (const [p, file] of pages) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(source(res), p).toBe('drawn');
      const drawn = comparable(await res.text());
      const expected = comparable(built(file));
      expect(drawn.head, p).toBe(expected.head);
      expect(drawn.main, p).toBe(expected.main);
    }
    const sitemap = await get('/sitemap.xml');
    expect(source(sitemap)).toBe('drawn');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    expect(await sitemap.text()).toBe(built('sitemap.xml'));
  });

  it('come from the cache on the next request, with the stamp as ETag', async () => {
    const first = await get('/product/1');
    expect(source(first)).toBe('cached');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+-\d+\.\d+"$/);
    const again = await get('/product/1', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('ask the deploy hook for a build, and record the call', async () => {
    await expect.poll(() => hook.calls.length).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await db.select().from(deployHookCalls)).map((c) => c.status)).toContain(200);
  });
});

describe('a product changed after the build', () => {
  let id = 0;

  it('is on its own page at once: name, price and image in the HTML, then from the cache', async () => {
    const strain = (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'gelato')))[0]?.id ?? null;
    const [created] = await db
      .insert(products)
      .values({
        slug: 'midnight-gelato-drop',
        name: 'Midnight Gelato Drop',
        description: 'A new drop added after the build.',
        price: 3100,
        price3_5g: 3100,
        price7g: 5800,
        image: '/images/products/blue-dream-reserve-f4ddfff9.webp',
        categoryId: await flowerId(),
        subcategoryId: strain,
        strainType: 'Hybrid',
        isFeatured: true,
      })
      .returning({ id: products.id });
    id = created?.id ?? 0;
    const res = await get(`/product/${id}`);
    expect(res.status).toBe(200);
    expect(source(res)).toBe('drawn');
    const html = await res.text();
    expect(html).toContain('>Midnight Gelato Drop</h1>');
    expect(html).toContain(formatMoney(3100));
    expect(html).toContain('src="/images/products/blue-dream-reserve-f4ddfff9.webp"');
    expect(html).toContain(`<link rel="canonical" href="${site.baseUrl}/product/${id}">`);
    expect(source(await get(`/product/${id}`))).toBe('cached');
  });

  it('is listed on its category page, its strain page and in the sitemap', async () => {
    const strain = (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'gelato')))[0]?.id;
    for (const p of ['/categories/flower', `/subcategories/${strain}/products`]) {
      const html = await (await get(p)).text();
      expect(html, p).toContain('Midnight Gelato Drop');
      expect(html, p).toContain(`href="/product/${id}"`);
    }
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${site.baseUrl}/product/${id}</loc>`);
  });

  it('shows a new name, price and image on the next request', async () => {
    await db
      .update(products)
      .set({
        name: 'Midnight Gelato Reserve',
        price: 3400,
        price3_5g: 3400,
        image: '/images/products/granddaddy-purple-indoor-select-c7caa103.webp',
      })
      .where(eq(products.id, id));
    const res = await get(`/product/${id}`);
    expect(source(res)).toBe('drawn');
    const html = await res.text();
    expect(html).toContain('>Midnight Gelato Reserve</h1>');
    expect(html).not.toContain('Midnight Gelato Drop');
    expect(html).toContain(formatMoney(3400));
    expect(html).toContain('src="/images/products/granddaddy-purple-indoor-select-c7caa103.webp"');
  });

  it('answers 404 as a draft or archived, and leaves its category page and the sitemap', async () => {
    for (const status of ['draft', 'archived'] as const) {
      await db.update(products).set({ status }).where(eq(products.id, id));
      expect((await get(`/product/${id}`)).status, status).toBe(404);
      expect(await (await get('/categories/flower')).text(), status).not.toContain('Midnight Gelato Reserve');
      expect(await (await get('/sitemap.xml')).text(), status).not.toContain(`/product/${id}<`);
    }
    // A product the build has a page for: archived since, its old page is not served.
    await db.update(products).set({ status: 'archived' }).where(eq(products.id, 2));
    const archived = await get('/product/2');
    expect(archived.status).toBe(404);
    expect(await archived.text()).not.toContain(`<link rel="canonical" href="${site.baseUrl}/product/2">`);
    await db.update(products).set({ status: 'active' }).where(eq(products.id, 2));
    expect((await get('/product/2')).status).toBe(200);
  });
});

describe('categories after the build', () => {
  it('answer 301 from an old slug to the new one, and a retired one is not found', async () => {
    const [edible] = await db.select().from(categories).where(eq(categories.slug, 'edible'));
    if (!edible) throw new Error('no edible category');
    await db.batch([
      db.update(categories).set({ slug: 'edibles-and-gummies' }).where(eq(categories.id, edible.id)),
      db.insert(slugRedirects).values({ kind: 'category', oldSlug: 'edible', targetId: edible.id }),
    ]);
    try {
      const old = await get('/categories/edible');
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(`${site.baseUrl}/categories/edibles-and-gummies`);
      const moved = await get('/categories/edibles-and-gummies');
      expect(moved.status).toBe(200);
      expect(await moved.text()).toContain(`<link rel="canonical" href="${site.baseUrl}/categories/edibles-and-gummies">`);

      await db.update(categories).set({ retired: true }).where(eq(categories.id, edible.id));
      for (const p of ['/categories/edible', '/categories/edibles-and-gummies']) {
        const res = await get(p);
        expect(res.status, p).toBe(302);
        expect(new URL(res.headers.get('location') ?? '').pathname, p).toBe('/not-found');
      }
    } finally {
      await db.batch([
        db.update(categories).set({ slug: 'edible', retired: false }).where(eq(categories.id, edible.id)),
        db.delete(slugRedirects).where(and(eq(slugRedirects.kind, 'category'), eq(slugRedirects.oldSlug, 'edible'))),
      ]);
    }
  });
});

describe('a deal window', () => {
  it('changes the stamp when it opens, with no write: /deals shows the deal from then on', async () => {
    const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, 40));
    if (!product) throw new Error('no product 40');
    const startsAt = Date.now() + 5000;
    const [deal] = await db.insert(deals).values({ name: 'Flash sale', percentOff: 25, startsAt }).returning({ id: deals.id });
    await db.insert(dealProducts).values({ dealId: deal?.id ?? 0, productId: product.id });
    try {
      const before = await get('/deals');
      const etag = before.headers.get('etag');
      expect(await before.text()).not.toContain(`href="/product/${product.id}"`);
      // The boundary passes: the next request is a new stamp, drawn, with the product in the deal.
      await expect.poll(async () => (await get('/deals')).headers.get('etag'), { timeout: 15_000, interval: 250 }).not.toBe(etag);
      const after = await get('/deals');
      expect(['drawn', 'cached']).toContain(source(after));
      const html = await after.text();
      expect(html).toContain(`href="/product/${product.id}"`);
      expect(html).toContain('25% OFF');
    } finally {
      await db.delete(deals).where(eq(deals.id, deal?.id ?? 0));
    }
  });
});

describe('an admin write', () => {
  it('asks the deploy hook for a build after its answer', async () => {
    await createAdmin(db, 'publisher@example.com', 'a long enough password');
    const login = await get('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ email: 'publisher@example.com', password: 'a long enough password' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const write = await get('/api/admin/products/3/inventory', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie },
      body: JSON.stringify({ inStock: false }),
    });
    expect(write.status).toBe(200);
    // No page has been asked for since the write: the call for its catalogue is the write's.
    const [{ version } = { version: 0 }] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
    const callsFor = () => db.select().from(deployHookCalls).where(eq(deployHookCalls.catalogueVersion, version));
    await expect.poll(async () => (await callsFor()).map((c) => c.status)).toEqual([200]);
    await db.update(products).set({ available: true }).where(eq(products.id, 3));
  });
});
