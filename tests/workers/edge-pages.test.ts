/**
 * Catalogue pages as the edge serves them (docs/decisions/0017), in real workerd behind wrangler
 * pages dev with a real sqld: a view learns whether the catalogue changed from the colo's copy in
 * the Workers cache, not from the database; a change through the admin shows at once, one behind
 * it within the recheck time; with the database hung or refused, the pages still answer at once,
 * marked stale, and the shop recovers when it is back, without a restart.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { categories, products } from '../../src/db/schema.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { type BuiltSite, scratchDir, startBuiltSite } from '../helpers/stack.ts';

/** Shorter than production's 20 s so the test waits less; the mechanism is the same. */
const RECHECK_SECONDS = 4;
/** The bound: a page answers within 3 s whatever the database does. */
const PAGE_DEADLINE_MS = 3000;

let site: BuiltSite;
let db: Db;
let closeDb: () => void;
let cookie = '';
const scratch = scratchDir('edge-pages');

beforeAll(async () => {
  site = await startBuiltSite(scratch.dir, await siteTemplate(), { CATALOGUE_RECHECK_SECONDS: String(RECHECK_SECONDS) });
  ({ db, close: closeDb } = createNodeDb({ LIBSQL_URL: site.dbUrl }));
  await createAdmin(db, 'edge@example.com', 'a long enough password');
  const login = await post('/api/admin/login', { email: 'edge@example.com', password: 'a long enough password' });
  expect(login.status).toBe(200);
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}, 180_000);
afterAll(async () => {
  closeDb?.();
  await site?.stop();
  scratch.remove();
});

/** A GET that fails the test, rather than blocking it, when the shop does not answer in time. */
const get = (p: string, timeoutMs = 10_000) => fetch(`${site.baseUrl}${p}`, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
const post = (p: string, body: unknown) =>
  fetch(`${site.baseUrl}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie },
    body: JSON.stringify(body),
  });

/** A new active product made through the admin, in the category with `slug`; its id. */
async function createProduct(name: string, slug: string, prices: Record<string, number>): Promise<number> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  const created = await post('/api/admin/products', {
    name,
    description: `${name}, made by the test.`,
    categoryId: category?.id,
    status: 'active',
    stockQuantity: 5,
    ...prices,
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function timed(p: string): Promise<{ res: Response; ms: number; html: string }> {
  const started = performance.now();
  const res = await get(p, PAGE_DEADLINE_MS + 2000);
  const html = await res.text();
  return { res, ms: performance.now() - started, html };
}

const PAGES = ['/product/3', '/categories/flower', '/deals', '/sitemap.xml'];

describe('a view of a built catalogue page', () => {
  it('reads nothing from the database while the colo knows the catalogue', async () => {
    await get('/product/3');
    site.database.hang();
    try {
      const answers = await Promise.all(PAGES.map((p) => timed(p)));
      for (const [i, { res }] of answers.entries()) {
        expect(res.status, PAGES[i]).toBe(200);
        expect(res.headers.get('x-page-source'), PAGES[i]).toBe('built');
        expect(res.headers.get('x-page-stale'), PAGES[i]).toBeNull();
      }
    } finally {
      site.database.resume();
    }
  });
});

describe('the call for every product', () => {
  it('is answered from the edge while the catalogue is unchanged, and follows an admin write at once', async () => {
    const first = await get('/api/products');
    expect(first.status).toBe(200);
    const all = (await first.json()) as { id: number }[];
    site.database.hang();
    try {
      const kept = await get('/api/products', PAGE_DEADLINE_MS);
      expect(kept.status).toBe(200);
      expect(kept.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(((await kept.json()) as unknown[]).length).toBe(all.length);
    } finally {
      site.database.resume();
    }
    await createProduct('Listed At Once Gummies', 'edible', { price: 2200 });
    const after = (await (await get('/api/products')).json()) as { name: string }[];
    expect(after.map((p) => p.name)).toContain('Listed At Once Gummies');
  });
});

describe('with the database away', () => {
  async function expectStaleAnswers(): Promise<void> {
    // Once the colo's copy is older than the recheck time, each view asks the database and waits
    // for its deadline at most.
    await expect
      .poll(async () => (await get('/product/3', PAGE_DEADLINE_MS + 2000)).headers.get('x-page-stale'), {
        timeout: (RECHECK_SECONDS + 10) * 1000,
      })
      .toBe('database-unavailable');
    for (const p of PAGES) {
      const { res, ms, html } = await timed(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('x-page-stale'), p).toBe('database-unavailable');
      expect(ms, p).toBeLessThan(PAGE_DEADLINE_MS);
      expect(html.length, p).toBeGreaterThan(100);
    }
    const api = await get('/api/products/3', PAGE_DEADLINE_MS + 2000);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBeTruthy();
    expect(await api.json()).toMatchObject({ code: 'database_unavailable' });
  }

  async function expectRecovered(): Promise<void> {
    await expect.poll(async () => (await get('/api/products/3')).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await get('/product/3')).headers.get('x-page-stale'), { timeout: 20_000 }).toBeNull();
    for (const p of PAGES) expect((await get(p)).headers.get('x-page-stale'), p).toBeNull();
  }

  it('hung: the pages answer as built within 3 s, marked stale; the API answers 503; then it recovers', async () => {
    site.database.hang();
    try {
      await expectStaleAnswers();
    } finally {
      site.database.resume();
    }
    await expectRecovered();
  });

  it('refused: the same, and it recovers when the database is started again, without a restart', async () => {
    await site.database.stop();
    try {
      await expectStaleAnswers();
    } finally {
      await site.database.start();
    }
    await expectRecovered();
  });

  it('a page drawn since the build is the one served while the database is away', async () => {
    const id = await createProduct('Edge Case Kush', 'flower', { price3_5g: 4200 });
    expect((await get(`/product/${id}`)).headers.get('x-page-source')).toBe('drawn');
    site.database.hang();
    try {
      await expect
        .poll(async () => (await get(`/product/${id}`, PAGE_DEADLINE_MS + 2000)).headers.get('x-page-stale'), {
          timeout: (RECHECK_SECONDS + 10) * 1000,
        })
        .toBe('database-unavailable');
      const { res, html } = await timed(`/product/${id}`);
      expect(res.status).toBe(200);
      expect(html).toContain('>Edge Case Kush</h1>');
    } finally {
      site.database.resume();
    }
  });
});

describe('a catalogue change', () => {
  it('made through the admin is in the HTML at once, and an archived product answers 404 at once', async () => {
    // The colo knows the catalogue as it is now.
    await get('/sitemap.xml');
    const id = await createProduct('Admin Fresh Haze', 'flower', { price3_5g: 3900 });
    const page = await get(`/product/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Admin Fresh Haze</h1>');
    expect(await (await get('/sitemap.xml')).text()).toContain(`/product/${id}</loc>`);

    const archived = await post('/api/admin/products/bulk', { ids: [id], action: { type: 'archive' } });
    expect(archived.status).toBe(200);
    expect((await get(`/product/${id}`)).status).toBe(404);
  });

  it('made behind the admin (another colo, a script) is in the HTML within the recheck time', async () => {
    await get('/product/5');
    await db.update(products).set({ name: 'Renamed Behind The Edge' }).where(eq(products.id, 5));
    const started = Date.now();
    await expect
      .poll(async () => (await get('/product/5')).text(), { timeout: (RECHECK_SECONDS + 10) * 1000, interval: 250 })
      .toContain('Renamed Behind The Edge');
    expect(Date.now() - started).toBeLessThan((RECHECK_SECONDS + 5) * 1000);
  });
});
