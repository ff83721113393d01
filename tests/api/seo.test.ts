/**
 * The AI SEO manager's API (admin.md §2, §5, §7; D26, D27) against a real database, with and
 * without a model (a fake OpenAI-compatible server on loopback), and the audit reading pages
 * through the Worker's page renderer (faked here) or, without one, through fetch to the shop's own
 * origin.
 */
import { createServer, type Server } from 'node:http';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../src/db/schema.ts';
import { checkAll } from '../../src/features/ai/compliance.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { productFacts, productSeoTemplate } from '../../src/features/seo/seo-product.ts';
import { countWords } from '../../src/features/seo/seo-text.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { BROKEN_PAGE, GOOD_PAGE } from '../fixtures/seo-pages.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testBindings } from '../helpers/env.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';

const EMAIL = 'seo-admin@example.com';
const PASSWORD = 'a long enough password for seo';

let t: TestDb;
let app: TestApp;
let cookie: string;
let fake: FakeOpenAi;
let product: ApiProduct;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, PASSWORD);
  cookie = await signIn(app, EMAIL, PASSWORD);
  fake = await startFakeOpenAi();
  const list = (await (await app.request('/api/products')).json()) as ApiProduct[];
  product = list.find((p) => p.category === 'Flower') as ApiProduct;
});
afterAll(async () => {
  await fake.close();
  t.close();
});

interface Call {
  method?: string;
  body?: unknown;
  env?: Bindings;
  cookie?: string | null;
  origin?: string;
  base?: string;
  /** The app to ask; the suite's own unless given. */
  via?: TestApp;
}

async function call(path: string, init: Call = {}) {
  const headers: Record<string, string> = { origin: init.origin ?? init.base ?? TEST_ORIGIN };
  const session = init.cookie === undefined ? cookie : init.cookie;
  if (session) headers.cookie = session;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await (init.via ?? app).request(
    `${init.base ?? ''}${path}`,
    { method: init.method ?? 'POST', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) },
    init.env,
  );
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its route answers; the assertions are the types.
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, headers: res.headers };
}

const model = (extra: Bindings = {}) => testBindings({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ...extra });
const lastPrompt = () => JSON.stringify(fake.requests[fake.requests.length - 1]?.body.messages ?? []);

const MODEL_PRODUCT = {
  metaTitle: 'Blue Dream Reserve, Delivered Today | Greenline',
  metaDescription:
    'Blue Dream Reserve delivered the same day in DC, Maryland and Virginia. A bright, creative hybrid with blueberry notes. Adults 21+ only.',
  h1Heading: 'Blue Dream Reserve Delivery',
  description: 'A bright hybrid with a blueberry nose.\n\n\nOrder today for same-day delivery.',
  keywords: ['Blue Dream', 'blue dream delivery', 'hybrid flower dc', 'blue dream'],
};

describe('session and origin', () => {
  it('needs an admin session and a same-origin request', async () => {
    expect((await call(`/api/seo/generate-product-seo/${product.id}`, { cookie: null })).status).toBe(401);
    expect((await call(`/api/seo/generate-product-seo/${product.id}`, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('POST /api/seo/generate-product-seo/:productId', () => {
  beforeEach(() => fake.onChat(() => ({ status: 500 })));

  it('answers the template without a key: the same product gives the same content, free of flagged wording', async () => {
    const res = await call(`/api/seo/generate-product-seo/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.success).toBe(true);
    expect(res.body.source).toBe('template');
    expect(res.body.compliance).toEqual({ flags: [] });
    const seo = res.body.seoContent;
    expect(Object.keys(seo).sort()).toEqual(['description', 'h1Heading', 'keywords', 'metaDescription', 'metaTitle']);
    expect(seo.metaTitle).toContain(product.name);
    expect(seo.metaTitle.length).toBeLessThanOrEqual(60);
    expect(seo.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(seo.metaDescription.length).toBeLessThanOrEqual(160);
    expect(seo.keywords).toContain(product.name.toLowerCase());
    expect((await call(`/api/seo/generate-product-seo/${product.id}`)).body.seoContent).toEqual(seo);
  });

  it('fits every product of the seed catalogue: title within 60, description 120-160, nothing flagged', async () => {
    const all = (await (await app.request('/api/products')).json()) as ApiProduct[];
    expect(all.length).toBeGreaterThan(50);
    for (const p of all) {
      const seo = productSeoTemplate(productFacts(p));
      expect(seo.metaTitle.length, seo.metaTitle).toBeLessThanOrEqual(60);
      expect(seo.metaTitle.length, seo.metaTitle).toBeGreaterThanOrEqual(20);
      expect(seo.metaDescription.length, seo.metaDescription).toBeGreaterThanOrEqual(120);
      expect(seo.metaDescription.length, seo.metaDescription).toBeLessThanOrEqual(160);
      expect(checkAll(seo), p.name).toEqual([]);
    }
  });

  it("refuses a bad id with the spec's message and answers 404 for an unknown product", async () => {
    const bad = await call('/api/seo/generate-product-seo/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please select a product');
    const unknown = await call('/api/seo/generate-product-seo/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Product not found', code: 'not_found' });
  });

  it("uses the model's structured answer when a key is set, and says so", async () => {
    fake.onChat(() => ({ json: MODEL_PRODUCT }));
    const res = await call(`/api/seo/generate-product-seo/${product.id}`, { env: model() });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('model');
    expect(res.body.seoContent).toEqual({
      ...MODEL_PRODUCT,
      description: 'A bright hybrid with a blueberry nose.\n\nOrder today for same-day delivery.',
      keywords: ['blue dream', 'blue dream delivery', 'hybrid flower dc'],
    });
    const format = fake.requests[fake.requests.length - 1]?.body.response_format as { json_schema: { name: string } } | undefined;
    expect(format?.json_schema.name).toBe('product_seo');
    expect(lastPrompt()).toContain(product.name);
    expect(lastPrompt()).toContain('Never make medical or health claims');
  });

  it('falls back to the template on a malformed, partial, failed or late answer: 200, never half a record', async () => {
    const template = (await call(`/api/seo/generate-product-seo/${product.id}`)).body.seoContent;
    const replies = [
      () => ({ content: 'Sure! Here is some SEO.' }),
      () => ({ json: { ...MODEL_PRODUCT, keywords: undefined } }),
      () => ({ json: { ...MODEL_PRODUCT, metaTitle: 'x'.repeat(200) } }),
      () => ({ status: 503 }),
      () => ({ hang: true as const }),
    ];
    for (const reply of replies) {
      fake.onChat(reply);
      const res = await call(`/api/seo/generate-product-seo/${product.id}`, { env: model({ OPENAI_TIMEOUT_MS: '300' }) });
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('template');
      expect(res.body.seoContent).toEqual(template);
      expect(res.body.notice).toMatch(/The built-in template was used instead\.$/);
    }
  });

  it('flags model text a reviewer would stop (D27) so the screen can warn', async () => {
    fake.onChat(() => ({
      json: { ...MODEL_PRODUCT, description: 'This strain cures insomnia and is loved by college students everywhere.' },
    }));
    const res = await call(`/api/seo/generate-product-seo/${product.id}`, { env: model() });
    expect(res.status).toBe(200);
    expect(res.body.compliance.flags).toEqual(
      expect.arrayContaining([
        { kind: 'medical_claim', phrase: 'cures' },
        { kind: 'minors', phrase: 'students' },
      ]),
    );
  });
});

describe('POST /api/seo/generate-category-seo', () => {
  it("validates with the spec's message and fills the defaults", async () => {
    for (const body of [{}, { categoryName: '   ' }, { productCount: 3 }]) {
      const res = await call('/api/seo/generate-category-seo', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please enter a category name');
    }
    const tooMany = await call('/api/seo/generate-category-seo', { body: { categoryName: 'Flower', productCount: -1 } });
    expect(tooMany.status).toBe(400);
    const long = await call('/api/seo/generate-category-seo', { body: { categoryName: 'x'.repeat(101) } });
    expect(long.body.error).toBe('Category name must be at most 100 characters');
  });

  it('answers the template from the inputs and the shop’s own words for a known category', async () => {
    const res = await call('/api/seo/generate-category-seo', { body: { categoryName: 'Edible', productCount: 12 } });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('template');
    expect(Object.keys(res.body.seoContent).sort()).toEqual(['description', 'metaDescription', 'metaTitle']);
    expect(res.body.seoContent.metaTitle).toBe('Edible Delivery in DC, MD & VA | Greenline Delivery');
    expect(res.body.seoContent.metaDescription).toMatch(/^Shop 12 Edible products for same-day delivery in DC, Maryland and Virginia\./);
    expect(res.body.seoContent.description).toContain('Start low and go slow');
  });

  it('uses the model with a key', async () => {
    const answer = {
      metaTitle: 'Cannabis Edibles Delivery in Baltimore',
      metaDescription: 'Gummies, chocolates and more, delivered the same day across Baltimore. Adults 21+ only, cash on delivery.',
      description: 'Browse our edibles and order for same-day delivery across Baltimore.',
    };
    fake.onChat(() => ({ json: answer }));
    const res = await call('/api/seo/generate-category-seo', {
      body: { categoryName: 'Edible', targetLocation: 'Baltimore' },
      env: model(),
    });
    expect(res.body).toMatchObject({ success: true, source: 'model', seoContent: answer });
    expect(lastPrompt()).toContain('Baltimore');
  });
});

describe('POST /api/seo/generate-blog-content', () => {
  it("validates topic, keywords and word count with the spec's message", async () => {
    for (const body of [{}, { topic: 'Edibles' }, { keywords: 'gummies' }, { topic: ' ', keywords: 'gummies' }]) {
      const res = await call('/api/seo/generate-blog-content', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please enter topic and keywords');
    }
    const res = await call('/api/seo/generate-blog-content', { body: { topic: 'Edibles', keywords: 'gummies', wordCount: 750 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Word count must be 500, 800, 1200 or 2000');
  });

  it('writes a template post of about the requested length (default 800)', async () => {
    const res = await call('/api/seo/generate-blog-content', { body: { topic: 'Edibles for beginners', keywords: 'gummies, dosing' } });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('template');
    const words = countWords(res.body.blogContent.content);
    expect(words).toBeGreaterThan(720);
    expect(words).toBeLessThan(880);
    const long = await call('/api/seo/generate-blog-content', {
      body: { topic: 'Edibles for beginners', keywords: 'gummies', wordCount: 2000, targetLocation: 'Maryland' },
    });
    expect(countWords(long.body.blogContent.content)).toBeGreaterThan(1800);
    expect(long.body.blogContent.content).toContain('Baltimore');
  });

  it('uses the model with a key and falls back on its failure', async () => {
    const answer = {
      title: 'Edibles for Beginners in DC',
      metaDescription: 'A plain guide to edibles for adults 21+ in DC, Maryland and Virginia, with tips on portions and delivery.',
      content: `## Start low\n\n${'Edibles take time to be felt. '.repeat(20)}`,
    };
    fake.onChat(() => ({ json: answer }));
    const body = { topic: 'Edibles for beginners', keywords: 'gummies', wordCount: 500 };
    const res = await call('/api/seo/generate-blog-content', { body, env: model() });
    expect(res.body).toMatchObject({ success: true, source: 'model', blogContent: { title: answer.title } });
    expect(lastPrompt()).toContain('about 500 words');
    fake.onChat(() => ({ content: '{"title":' }));
    const fallback = await call('/api/seo/generate-blog-content', { body, env: model() });
    expect(fallback.status).toBe(200);
    expect(fallback.body.source).toBe('template');
  });
});

describe('POST /api/seo/keyword-research', () => {
  it("validates with the spec's message", async () => {
    const res = await call('/api/seo/keyword-research', { body: { seedKeywords: ' , ', location: 'DC' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter seed keywords');
  });

  it('crosses the seeds with modifiers and DC, MD and VA places without a key', async () => {
    const res = await call('/api/seo/keyword-research', {
      body: { seedKeywords: 'weed delivery, edibles', location: 'Washington DC, Maryland, Virginia', businessType: 'Cannabis Dispensary' },
    });
    expect(res.status).toBe(200);
    const data = res.body.keywordData;
    expect(Object.keys(data).sort()).toEqual(['localKeywords', 'longTailKeywords', 'primaryKeywords']);
    expect(data.primaryKeywords).toContain('weed delivery near me');
    expect(data.longTailKeywords).toContain('same day edibles delivery near me');
    expect(data.localKeywords).toEqual(expect.arrayContaining(['weed delivery baltimore', 'edibles delivery arlington']));
  });

  it('uses the model with a key', async () => {
    const answer = { primaryKeywords: ['A', 'b', 'c'], longTailKeywords: ['d e f', 'g h', 'i j'], localKeywords: ['k dc', 'l md', 'm va'] };
    fake.onChat(() => ({ json: answer }));
    const res = await call('/api/seo/keyword-research', { body: { seedKeywords: 'weed' }, env: model() });
    expect(res.body).toMatchObject({ source: 'model', keywordData: { primaryKeywords: ['a', 'b', 'c'] } });
  });
});

describe('POST /api/seo/audit-page', () => {
  const loads: string[] = [];
  const pages = async (request: Request) => {
    const url = new URL(request.url);
    loads.push(url.href);
    const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    switch (url.pathname) {
      case '/product/1':
        return html(GOOD_PAGE);
      case '/broken':
        return html(BROKEN_PAGE);
      case '/old':
        return new Response(null, { status: 308, headers: { location: '/product/1' } });
      case '/away':
        return new Response(null, { status: 302, headers: { location: 'https://evil.example/' } });
      case '/data.json':
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      default:
        return new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
    }
  };
  /** The API as the Worker runs it: the shop's pages answered by its renderer (Astro's, there). */
  let rendering: TestApp;
  beforeAll(() => {
    rendering = testApp({ db: () => t.db, renderPage: (_c, request) => pages(request) });
  });
  const audit = (body: unknown, env = testBindings()) => call('/api/seo/audit-page', { body, env, via: rendering });
  beforeEach(() => {
    loads.length = 0;
  });

  it("validates with the spec's message", async () => {
    const res = await audit({ url: '  ', pageType: 'product' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter a URL to audit');
    expect((await audit({ url: '/', pageType: 'landing' })).body.error).toBe('Choose a page type: product, category, home or blog');
  });

  it('audits a shop page by path or by its address, and a good page beats a broken one', async () => {
    const good = await audit({ url: '/product/1', pageType: 'product' });
    expect(good.status).toBe(200);
    expect(good.body.success).toBe(true);
    expect(loads).toEqual(['http://localhost/product/1']);
    const r = good.body.auditResults;
    expect(r.seoScore).toBe(100);
    expect(r.criticalIssues).toEqual([]);
    expect(r.improvements).toEqual([]);
    expect(r.suggestions).toEqual([]);
    expect(r.checks.length).toBeGreaterThanOrEqual(10);

    const broken = await audit({ url: 'broken', pageType: 'product' });
    expect(broken.body.auditResults.seoScore).toBeLessThan(r.seoScore - 40);
    expect(broken.body.auditResults.criticalIssues.join(' ')).toMatch(/Missing <title>.*2 <h1> headings.*No canonical link/s);
    expect(broken.body.auditResults.improvements.join(' ')).toMatch(/2 of 2 images have no alt text/);

    // The shop's own addresses load the page from this deployment.
    for (const url of ['http://localhost/product/1', 'https://greenlinedelivery.com/product/1', 'greenlinedelivery.com/product/1']) {
      loads.length = 0;
      expect((await audit({ url, pageType: 'product' })).status, url).toBe(200);
      expect(loads).toEqual(['http://localhost/product/1']);
    }
  });

  it('refuses other hosts before making any request (no SSRF)', async () => {
    for (const url of [
      'https://evil.example/x',
      'evil.example/x',
      '//evil.example/x',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://localhost.evil.example/',
    ]) {
      const res = await audit({ url, pageType: 'home' });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe('Only pages of this shop can be audited');
    }
    expect(loads).toEqual([]);
  });

  it('follows redirects on the shop, and reports a missing, foreign or non-HTML page as a 422, never a 500', async () => {
    const moved = await audit({ url: '/old', pageType: 'product' });
    expect(moved.status).toBe(200);
    expect(moved.body.auditResults.url).toBe('http://localhost/product/1');

    const missing = await audit({ url: '/nope', pageType: 'product' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      error: 'The page /nope was not found (404), so it could not be audited.',
      code: 'page_not_found',
    });
    const away = await audit({ url: '/away', pageType: 'product' });
    expect(away.status).toBe(422);
    expect(away.body.code).toBe('page_redirects_away');
    const data = await audit({ url: '/data.json', pageType: 'product' });
    expect(data.status).toBe(422);
    expect(data.body.code).toBe('page_not_html');
    expect(data.body.error).toContain('application/json');
  });

  it('audits pasted content instead of loading the page', async () => {
    const res = await audit({ url: '/anything', pageType: 'product', content: BROKEN_PAGE });
    expect(res.status).toBe(200);
    expect(loads).toEqual([]);
    expect(res.body.auditResults.stats.h1Count).toBe(2);
  });

  it('adds model suggestions with a key; a failing model leaves the audit complete', async () => {
    fake.onChat(() => ({ json: { suggestions: ['Add a canonical link.', 'Write a longer description.'] } }));
    const withModel = await audit({ url: '/broken', pageType: 'product' }, model());
    expect(withModel.body.source).toBe('model');
    expect(withModel.body.auditResults.suggestions).toEqual(['Add a canonical link.', 'Write a longer description.']);
    expect(lastPrompt()).toContain('Missing <title>');
    fake.onChat(() => ({ status: 500 }));
    const failed = await audit({ url: '/broken', pageType: 'product' }, model());
    expect(failed.status).toBe(200);
    expect(failed.body.source).toBe('template');
    expect(failed.body.auditResults.seoScore).toBe(withModel.body.auditResults.seoScore);
    expect(failed.body.notice).toMatch(/without AI suggestions/);
  });

  describe('without a page renderer', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/product/1') res.writeHead(200, { 'content-type': 'text/html' }).end(GOOD_PAGE);
        else if (req.url === '/moved') res.writeHead(301, { location: 'https://evil.example/' }).end();
        else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("fetches the page from the request's own origin and checks every redirect", async () => {
      const session = await signIn(app, EMAIL, PASSWORD, '203.0.113.77');
      // The session cookie is host-only; a request to another host carries it the same way here.
      const good = await call('/api/seo/audit-page', { base, cookie: session, body: { url: '/product/1', pageType: 'product' } });
      expect(good.status).toBe(200);
      expect(good.body.auditResults.seoScore).toBeGreaterThanOrEqual(90);
      const away = await call('/api/seo/audit-page', { base, cookie: session, body: { url: '/moved', pageType: 'product' } });
      expect(away.status).toBe(422);
      expect(away.body.code).toBe('page_redirects_away');
    });
  });
});

describe('saved product SEO (PUT/GET/DELETE /api/seo/products/:productId)', () => {
  const clean = {
    metaTitle: 'Blue Dream | Same-Day Flower Delivery in DC',
    metaDescription: 'Order Blue Dream for same-day delivery in DC, Maryland and Virginia. Adults 21+, cash on delivery.',
    h1Heading: 'Blue Dream Flower Delivery',
    description: 'A bright, creative hybrid.\n\nOrder before 7PM.',
    keywords: ['blue dream', 'flower delivery dc'],
  };

  it('saves clean text onto the product and reads it back', async () => {
    expect((await call(`/api/seo/products/${product.id}`, { method: 'GET' })).body).toEqual({ success: true, productSeo: null });
    const res = await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: clean });
    expect(res.status).toBe(200);
    expect(res.body.productSeo).toMatchObject({ ...clean, productId: product.id, overridden: false });
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({
      seoTitle: clean.metaTitle,
      seoH1: clean.h1Heading,
      seoKeywords: JSON.stringify(clean.keywords),
      seoOverridden: false,
    });
    expect((await call(`/api/seo/products/${product.id}`, { method: 'GET' })).body.productSeo).toMatchObject(clean);
    // The public product API does not grow SEO fields.
    const publicProduct = (await (await app.request(`/api/products/${product.id}`)).json()) as Record<string, unknown>;
    expect(Object.keys(publicProduct).filter((k) => k.startsWith('seo'))).toEqual([]);
  });

  it('refuses flagged text with 422 and the reasons (D27), then saves it on an explicit override', async () => {
    const flagged = { ...clean, description: 'This strain treats chronic pain. Perfect for teens.' };
    const refused = await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: flagged });
    expect(refused.status).toBe(422);
    // The reasons are in the sentence the admin reads; the body is the API's one error shape.
    expect(refused.body).toEqual({
      error:
        'This text has possible medical claims ("treats", "chronic pain") and wording that may speak to minors ("teens"). Edit the text, or save anyway to publish it as it is.',
      code: 'compliance_flagged',
    });
    const [before] = await t.db.select({ body: products.seoBody }).from(products).where(eq(products.id, product.id));
    expect(before?.body).toBe(clean.description);

    const saved = await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: { ...flagged, override: true } });
    expect(saved.status).toBe(200);
    expect(saved.body.productSeo).toMatchObject({ description: flagged.description, overridden: true });
  });

  it('validates, answers 404 for an unknown product, and clears saved SEO', async () => {
    const missing = await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: { ...clean, metaTitle: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please enter a meta title');
    const tooLong = await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: { ...clean, metaTitle: 'x'.repeat(71) } });
    expect(tooLong.body.error).toBe('Meta title must be at most 70 characters');
    expect((await call('/api/seo/products/999999', { method: 'PUT', body: clean })).status).toBe(404);
    expect((await call('/api/seo/products/999999', { method: 'PUT', body: { ...clean, h1Heading: 'Cures everything' } })).status).toBe(404);
    expect((await call('/api/seo/products/999999', { method: 'GET' })).status).toBe(404);
    expect((await call('/api/seo/products/x', { method: 'GET' })).body.error).toBe('Please select a product');

    const cleared = await call(`/api/seo/products/${product.id}`, { method: 'DELETE' });
    expect(cleared.body).toEqual({ success: true, productSeo: null });
    const [row] = await t.db
      .select({ title: products.seoTitle, kw: products.seoKeywords })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ title: null, kw: null });
  });

  it('records each save and clear in the product audit trail (M3)', async () => {
    const trail = async () =>
      t.db
        .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue, actor: auditLog.actor })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, product.id), eq(auditLog.field, 'seoTitle')))
        .orderBy(asc(auditLog.id));
    const before = (await trail()).length;
    await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: clean });
    await call(`/api/seo/products/${product.id}`, { method: 'PUT', body: { ...clean, metaTitle: 'Blue Dream Delivery' } });
    await call(`/api/seo/products/${product.id}`, { method: 'DELETE' });
    const rows = (await trail()).slice(before);
    expect(rows.map((r) => [r.from, r.to])).toEqual([
      [null, clean.metaTitle],
      [clean.metaTitle, 'Blue Dream Delivery'],
      ['Blue Dream Delivery', null],
    ]);
    expect(rows.every((r) => r.actor.startsWith('admin:'))).toBe(true);
  });
});
