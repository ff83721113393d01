/**
 * Which catalogue pages an admin write purges (src/features/catalog/page-tags.ts, docs/decisions/0024).
 * Every write route that passes through purgeAfterWrites is walked from the router and classified
 * here, apart from the code: a product's own writes purge its pages and the listings; a category's
 * or strain's its pages and the listings; a state's rules (D38) the state landing pages; orders,
 * delivery, drivers, staff, reports, mail, sign-in and text the model drafts without saving purge
 * nothing; anything else that may show on a page (a new product, an import, a deal, the menu's
 * order) purges every catalogue page. A write route added without a row here fails, so each one is
 * classified on purpose.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { ALL_PAGES_TAG, categoryTag, LISTINGS_TAG, productTag, STATES_TAG, tagsForWrite } from '../../src/features/catalog/page-tags.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { PURGE_PAGES_PATH, purgeAfterWrites } from '../../src/server/api/purge-after-writes.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

type PageClass = 'product' | 'category' | 'states' | 'nothing' | 'every page';

/** Every write route under purgeAfterWrites, by `METHOD /api/path` with its parameters as the router names them. */
const CLASSES: readonly [RegExp, PageClass][] = [
  // A product's own writes.
  [/^(PATCH|DELETE) \/api\/admin\/products\/:id$/, 'product'],
  [/^(PATCH|POST) \/api\/admin\/products\/:id\/(inventory|stock|image)$/, 'product'],
  [/^(PUT|DELETE) \/api\/seo\/products\/:productId$/, 'product'],
  // A category's or strain's own writes (a strain is a row of categories).
  [/^(PATCH) \/api\/admin\/(categories|strains)\/:id$/, 'category'],
  [/^POST \/api\/admin\/(categories|strains)\/:id\/(retire|restore)$/, 'category'],
  // What may show on any page: new products, imports, bulk changes, generated images, the menu and its order, deals.
  [/^POST \/api\/admin\/products(\/(import|bulk))?$/, 'every page'],
  [/^POST \/api\/admin\/(generate-product-image|generate-missing-flower-images)$/, 'every page'],
  [/^POST \/api\/admin\/(categories|strains)$/, 'every page'],
  [/^PUT \/api\/admin\/(categories|strains)\/order$/, 'every page'],
  [/^(POST|PATCH|DELETE) \/api\/admin\/deals(\/:id)?$/, 'every page'],
  // D40: by path a package's write purges every page; its handler names its product's pages instead
  // (touchedPages; tests/api/packages.test.ts checks which).
  [/^(POST|PATCH|PUT) \/api\/admin\/packages(\/import|\/:id(\/(adjust|finish|coa))?)?$/, 'every page'],
  // A state's rules (D38): the state landing pages say what each state allows.
  [/^PATCH \/api\/admin\/states\/:code$/, 'states'],
  // No page of the catalogue shows these.
  [/^POST \/api\/admin\/(login|logout|send-email|upload-image)$/, 'nothing'],
  [
    /^\w+ \/api\/admin\/(orders|drivers|deliveries|door|report-settings|reports|staff|delivery|site-images|vehicles|runs|track-and-trace)(\/|$)/,
    'nothing',
  ],
  // Checkout names the product pages whose next package it emptied (D40), and by path nothing.
  [/^POST \/api\/checkout$/, 'nothing'],
  [
    /^POST \/api\/seo\/(generate-product-seo\/:productId|generate-category-seo|audit-page|generate-blog-content|keyword-research)$/,
    'nothing',
  ],
];

const ID = 42;
const expected = (cls: PageClass): string[] =>
  ({
    product: [productTag(ID), LISTINGS_TAG],
    category: [categoryTag(ID), LISTINGS_TAG],
    states: [STATES_TAG],
    nothing: [],
    'every page': [ALL_PAGES_TAG],
  })[cls];

const READS = ['GET', 'HEAD', 'OPTIONS', 'ALL'];
const router = testApp({
  db: () => {
    throw new Error('no database: the router is only read');
  },
});

/** The write routes purgeAfterWrites sees, once each. */
function purgedWrites() {
  const covering = router.routes.filter((r) => r.handler === purgeAfterWrites).map((r) => r.path.replace(/\*$/, ''));
  const seen = new Set<string>();
  return router.routes
    .filter((r) => !READS.includes(r.method) && covering.some((prefix) => r.path.startsWith(prefix)))
    .map((r) => ({ key: `${r.method} ${r.path}`, path: r.path }))
    .filter((r) => !seen.has(r.key) && seen.add(r.key));
}

/** A route's path as a request names it under /api, with its parameters filled in. */
const filled = (path: string) =>
  path
    .replace(/^\/api(?=\/)/, '')
    .replace(/:ref\b/g, 'AAAAAAAAAAAAAAAAAAAAAA')
    .replace(/:date\b/g, '2026-12-01')
    .replace(/:[a-zA-Z]+/g, String(ID));

describe('tagsForWrite over every admin write route', () => {
  it('finds the admin and SEO writes under the purge', () => {
    const keys = purgedWrites().map((r) => r.key);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toContain('PATCH /api/admin/products/:id');
    expect(keys).toContain('PUT /api/seo/products/:productId');
  });

  it('classifies each one in the table above, exactly once', () => {
    const unclassified = purgedWrites()
      .filter((r) => CLASSES.filter(([re]) => re.test(r.key)).length !== 1)
      .map((r) => r.key);
    expect(unclassified, 'add each new write route to CLASSES on purpose').toEqual([]);
  });

  it('gives each route the tags of its class', () => {
    const wrong = purgedWrites().flatMap((r) => {
      const cls = CLASSES.find(([re]) => re.test(r.key))?.[1];
      if (!cls) return [];
      const tags = tagsForWrite(filled(r.path));
      return JSON.stringify(tags) === JSON.stringify(expected(cls)) ? [] : [`${r.key} (${cls}): ${JSON.stringify(tags)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('never purges for a write outside the admin and SEO routers and checkout (contact, drivers, staff links, the assistant)', () => {
    const covering = router.routes.filter((r) => r.handler === purgeAfterWrites).map((r) => r.path.replace(/\*$/, ''));
    expect(covering.every((prefix) => /^\/api\/((admin|seo)\/|checkout$)/.test(prefix))).toBe(true);
  });
});

describe('purgeAfterWrites', () => {
  const PASSWORD = 'a long enough password';
  let t: TestDb;
  let app: TestApp;
  let cookie: string;
  const purges: { path: string; tags: string[] }[] = [];
  let purgeAnswer = () => new Response(null, { status: 204 });

  beforeAll(async () => {
    t = await createTestDb();
    app = testApp({
      db: () => t.db,
      renderPage: async (_c, request) => {
        purges.push({ path: new URL(request.url).pathname, ...((await request.json()) as { tags: string[] }) });
        return purgeAnswer();
      },
    });
    await createAdmin(t.db, 'tags@example.com', PASSWORD);
    cookie = await signIn(app, 'tags@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const write = (path: string, method: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('purges the tags a successful write touches through Astro’s purge endpoint, before the answer', async () => {
    purges.length = 0;
    const res = await write('/api/seo/products/3', 'DELETE');
    expect(res.status).toBe(200);
    expect(purges).toEqual([{ path: PURGE_PAGES_PATH, tags: [productTag(3), LISTINGS_TAG] }]);
  });

  it('purges the state pages after a change to a state’s rules (D38)', async () => {
    purges.length = 0;
    const res = await write('/api/admin/states/VA', 'PATCH', { opensOn: '2027-01-01' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(purges).toEqual([{ path: PURGE_PAGES_PATH, tags: [STATES_TAG] }]);
  });

  it('purges nothing for a refused write, a read, or a write no page shows', async () => {
    purges.length = 0;
    expect((await write('/api/seo/products/3', 'PUT', { metaTitle: 7 })).status).toBeGreaterThanOrEqual(400);
    expect((await app.request('/api/seo/products/3', { headers: { cookie } })).status).toBe(200);
    expect((await write('/api/admin/report-settings', 'PUT', { dailySummary: false })).status).toBe(200);
    expect(purges).toEqual([]);
  });

  it('purges a product’s page when an order empties the package its lab results come from (D40)', async () => {
    const item = pick(
      (await (await app.request('/api/products')).json()) as ApiProduct[],
      (p) => p.category === 'Edible' && !p.isDeal && p.inStock,
      'edible',
    );
    await fillStock(t.db, 3000, item.id);
    const order = (quantity: number) =>
      app.request('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
        body: JSON.stringify(checkoutPayload([{ productId: item.id, quantity }])),
      });
    purges.length = 0;
    expect((await order(1)).status).toBe(200);
    expect(purges).toEqual([]);
    expect((await order(2)).status).toBe(200);
    expect(purges).toEqual([{ path: PURGE_PAGES_PATH, tags: [productTag(item.id)] }]);
  });

  it('keeps the write when the purge fails, and logs it', async () => {
    purges.length = 0;
    purgeAnswer = () => new Response('cache unavailable', { status: 500 });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await write('/api/seo/products/4', 'DELETE')).status).toBe(200);
      expect(purges).toHaveLength(1);
      expect(log.mock.calls.flat().join(' ')).toMatch(/product-4, listings/);
    } finally {
      log.mockRestore();
      purgeAnswer = () => new Response(null, { status: 204 });
    }
  });
});
