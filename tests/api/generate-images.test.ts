/**
 * The flower image generator's API (admin.md §2, §7, §8; D26, D28) against the real `openai`
 * client talking to a fake OpenAI-compatible server, a real libSQL database and the memory image
 * store. The 401 without a session is covered by the admin auth matrix (tests/api/admin.test.ts).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { aiFromEnv } from '../../src/features/ai/ai.server.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { generateMissing } from '../../src/features/images/generate.server.ts';
import type { FlowerImagesResponse, GenerateImageResponse, GenerateMissingResponse } from '../../src/features/images/generate.ts';
import { memoryStore } from '../../src/features/images/image-store.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testBindings } from '../helpers/env.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai.ts';

let t: TestDb;
let fake: FakeOpenAi;
let cookie: string;
let flowers: AdminProduct[];
let edible: AdminProduct;
const store = memoryStore();
let app: TestApp;

/** A distinct real PNG per strain, so each product's stored bytes (and key) are its own. */
const pngs = new Map<string, Buffer>();
const pngFor = async (seed: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 60 } } })
    .png()
    .toBuffer();

const withKey = (extra: Bindings = {}) =>
  testBindings({
    OPENAI_API_KEY: 'sk-test-images',
    OPENAI_BASE_URL: fake.url,
    OPENAI_IMAGE_MODEL: 'gpt-image-1',
    OPENAI_IMAGE_TIMEOUT_MS: '400',
    ...extra,
  });

const post = (path: string, body: unknown, env: Bindings = withKey(), headers: Record<string, string> = {}) =>
  app.request(
    path,
    {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
  );

const generate = (body: unknown, env?: Bindings) => post('/api/admin/generate-product-image', body, env);
const bulk = (env?: Bindings, query = '') => post(`/api/admin/generate-missing-flower-images${query}`, undefined, env);

const productImage = async (id: number) => ((await (await app.request(`/api/products/${id}`)).json()) as ApiProduct).image;
const allImages = async () =>
  new Map((await t.db.select({ id: products.id, image: products.image }).from(products)).map((r) => [r.id, r.image]));
const setImage = (id: number, image: string) => t.db.update(products).set({ image }).where(eq(products.id, id));

/** The fake's answer for the prompt: a per-strain PNG unless a test says otherwise. */
function strainOf(body: Record<string, unknown>): string {
  return /strain "([^"]+)"/.exec(String(body.prompt))?.[1] ?? '';
}

beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeOpenAi();
  app = testApp({ db: () => t.db, images: () => store });
  await createAdmin(t.db, 'generator@example.com', 'generator password 123');
  cookie = await signIn(app, 'generator@example.com', 'generator password 123');
  const all = (await (await app.request('/api/admin/products', { headers: { cookie } })).json()) as AdminProduct[];
  flowers = all.filter((p) => p.category === 'Flower');
  const other = all.find((p) => p.category === 'Edible');
  if (!other || flowers.length < 6) throw new Error('the seed catalogue changed');
  edible = other;
  let seed = 1;
  for (const p of flowers) {
    const strain = p.subcategoryName ?? p.name;
    if (!pngs.has(strain)) pngs.set(strain, await pngFor(seed++));
  }
});
afterAll(async () => {
  await fake.close();
  t.close();
});

beforeEach(() => {
  fake.onImage((body) => {
    const png = pngs.get(strainOf(body));
    return png ? { b64: png.toString('base64') } : { status: 500 };
  });
});

describe('without a key or storage (D26)', () => {
  it('answers 503 with the D26 sentence before looking at anything else, and changes nothing', async () => {
    const before = await allImages();
    const requests = fake.requests.length;
    for (const res of [
      await generate({ productId: flowers[0]?.id, strainName: 'Blue Dream' }, testBindings()),
      await generate({}, testBindings()),
      await generate({ productId: flowers[0]?.id }, { OPENAI_API_KEY: '   ', OPENAI_BASE_URL: fake.url }),
      await bulk({}),
    ]) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'AI image generation is not configured', code: 'ai_not_configured' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(fake.requests.length).toBe(requests);
    expect(await allImages()).toEqual(before);

    const list = (await (
      await app.request('/api/admin/flower-images', { headers: { cookie } }, testBindings())
    ).json()) as FlowerImagesResponse;
    expect(list.unavailable).toBe('AI image generation is not configured');
    expect(list.products.length).toBe(flowers.length);
  });

  it('answers 503 when there is no image storage to keep the image in', async () => {
    const noStore = testApp({ db: () => t.db, images: () => null });
    const res = await noStore.request(
      '/api/admin/generate-product-image',
      {
        method: 'POST',
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ productId: flowers[0]?.id }),
      },
      withKey(),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/Image storage is not configured/);
  });
});

describe('POST /api/admin/generate-product-image', () => {
  it('generates, stores the real image under its content key, and points the product at it', async () => {
    const product = flowers[0];
    if (!product) throw new Error('no flower');
    const strain = product.subcategoryName ?? '';
    const requests = fake.requests.length;
    const res = await generate({ productId: product.id, strainName: strain });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GenerateImageResponse;
    expect(body).toEqual({ success: true, productId: product.id, strainName: strain, imageUrl: expect.any(String) });
    expect(body.imageUrl).toMatch(/^\/api\/images\/uploads\/[0-9a-f]{32}\.png$/);

    // The model was asked once, for this strain, with the image model and the prompt rules.
    const sent = fake.requests.slice(requests);
    expect(sent.length).toBe(1);
    expect(sent[0]?.path).toMatch(/\/images\/generations$/);
    expect(sent[0]?.authorization).toBe('Bearer sk-test-images');
    expect(sent[0]?.body.model).toBe('gpt-image-1');
    expect(String(sent[0]?.body.prompt)).toContain(`"${strain}"`);
    expect(String(sent[0]?.body.prompt)).toMatch(/no people/i);

    // Served through the app: the same bytes, as PNG.
    const served = await app.request(body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(pngs.get(strain) as Buffer)).toBe(true);

    // The shop shows it.
    expect(await productImage(product.id)).toBe(body.imageUrl);
  });

  it('uses the product strain when no strainName is sent, and the given one when it is', async () => {
    const product = flowers[1];
    const other = flowers.find((p) => p.subcategoryName && p.subcategoryName !== product?.subcategoryName);
    if (!product || !other?.subcategoryName) throw new Error('no flowers');
    const a = (await (await generate({ productId: product.id })).json()) as GenerateImageResponse;
    expect(a.strainName).toBe(product.subcategoryName);
    const b = (await (await generate({ productId: product.id, strainName: other.subcategoryName })).json()) as GenerateImageResponse;
    expect(b.strainName).toBe(other.subcategoryName);
    expect(String(fake.requests.at(-1)?.body.prompt)).toContain(`"${other.subcategoryName}"`);
    expect(await productImage(product.id)).toBe(b.imageUrl);
  });

  it('refuses a bad id (400), an unknown product (404) and a product that is not Flower (400)', async () => {
    const requests = fake.requests.length;
    for (const body of [{}, { productId: 0 }, { productId: 'x' }, { productId: 2.5 }]) {
      const res = await generate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_input');
    }
    const unknown = await generate({ productId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe('Product not found');
    const notFlower = await generate({ productId: edible.id, strainName: 'Blue Dream' });
    expect(notFlower.status).toBe(400);
    expect(((await notFlower.json()) as { error: string }).error).toBe('Images can only be generated for Flower products.');
    expect(fake.requests.length).toBe(requests);
    expect(await productImage(edible.id)).toBe(edible.image);
  });

  it('a failing model (500), a non-image answer or a timeout: 502/504 with a plain sentence, product unchanged', async () => {
    const product = flowers[2];
    if (!product) throw new Error('no flower');
    const strain = product.subcategoryName ?? '';
    const before = await productImage(product.id);
    const keys = store.keys().length;

    fake.onImage(() => ({ status: 500 }));
    const failed = await generate({ productId: product.id, strainName: strain });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: `Failed to generate image for ${strain}: The AI service answered with an error (500).`,
      code: 'ai_unavailable',
    });

    fake.onImage(() => ({ b64: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') }));
    const notImage = await generate({ productId: product.id });
    expect(notImage.status).toBe(502);
    expect(((await notImage.json()) as { error: string }).error).toBe(
      `Failed to generate image for ${strain}: The AI service sent something that is not an image.`,
    );

    fake.onImage(() => ({ hang: true }));
    const slow = await generate({ productId: product.id });
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({
      error: `Failed to generate image for ${strain}: The AI service took too long to answer.`,
      code: 'ai_timeout',
    });

    expect(await productImage(product.id)).toBe(before);
    expect(store.keys().length).toBe(keys);
  });
});

describe('POST /api/admin/generate-missing-flower-images', () => {
  const placeholders = ['', 'https://via.placeholder.com/400x400', 'https://example.com/dummy.jpg', '/images/placeholder.png'];

  /** Gives the first four flowers of distinct strains placeholder images; returns them. */
  async function makeMissing(): Promise<AdminProduct[]> {
    const picked: AdminProduct[] = [];
    for (const p of flowers) {
      if (picked.length < placeholders.length && !picked.some((q) => q.subcategoryName === p.subcategoryName)) picked.push(p);
    }
    for (const [i, p] of picked.entries()) await setImage(p.id, placeholders[i] ?? '');
    return picked;
  }

  it('generates an image for every flower product that needs one, and leaves the rest alone', async () => {
    const missing = await makeMissing();
    const before = await allImages();
    const res = await bulk();
    expect(res.status).toBe(200);
    const body = (await res.json()) as GenerateMissingResponse;
    expect(body.success).toBe(true);
    expect(body.generated).toBe(missing.length);
    expect(body.total).toBe(missing.length);
    expect(body.remaining).toBe(0);
    expect(body.results.map((r) => r.productId)).toEqual(missing.map((p) => p.id));
    for (const r of body.results) {
      const p = missing.find((m) => m.id === r.productId);
      expect(r).toEqual({
        productId: p?.id,
        productName: p?.name,
        imageUrl: expect.stringMatching(/^\/api\/images\//),
        success: true,
        error: null,
      });
      expect(await productImage(r.productId)).toBe(r.imageUrl);
      const served = await app.request(r.imageUrl ?? '');
      expect(Buffer.from(await served.arrayBuffer()).equals(pngs.get(p?.subcategoryName ?? '') as Buffer)).toBe(true);
    }
    // Every other product, real images and other categories alike, is untouched.
    const after = await allImages();
    for (const [id, image] of before) if (!missing.some((m) => m.id === id)) expect(after.get(id), `product ${id}`).toBe(image);

    // Nothing left: a second run does nothing.
    const again = (await (await bulk()).json()) as GenerateMissingResponse;
    expect(again).toEqual({ success: true, generated: 0, total: 0, remaining: 0, lastId: null, results: [] });
  });

  it('records a failing product (500, not an image, timeout) and goes on with the others', async () => {
    const missing = await makeMissing();
    const [bad, notImage, slow] = missing;
    const failing = new Map<string, 'status' | 'svg' | 'hang'>([
      [bad?.subcategoryName ?? '', 'status'],
      [notImage?.subcategoryName ?? '', 'svg'],
      [slow?.subcategoryName ?? '', 'hang'],
    ]);
    fake.onImage((body) => {
      const kind = failing.get(strainOf(body));
      if (kind === 'status') return { status: 500 };
      if (kind === 'svg') return { b64: Buffer.from('<svg/>not an image at all').toString('base64') };
      if (kind === 'hang') return { hang: true };
      return { b64: (pngs.get(strainOf(body)) as Buffer).toString('base64') };
    });
    const before = await allImages();
    const body = (await (await bulk()).json()) as GenerateMissingResponse;
    expect(body.total).toBe(missing.length);
    expect(body.generated).toBe(missing.length - 3);
    const byId = new Map(body.results.map((r) => [r.productId, r]));
    expect(byId.get(bad?.id ?? 0)).toEqual({
      productId: bad?.id,
      productName: bad?.name,
      imageUrl: null,
      success: false,
      error: 'The AI service answered with an error (500).',
    });
    expect(byId.get(notImage?.id ?? 0)?.error).toBe('The AI service sent something that is not an image.');
    expect(byId.get(slow?.id ?? 0)?.error).toBe('The AI service took too long to answer.');
    for (const p of [bad, notImage, slow]) expect(await productImage(p?.id ?? 0)).toBe(before.get(p?.id ?? 0));
    const ok = missing[3];
    expect(byId.get(ok?.id ?? 0)?.success).toBe(true);
    expect(await productImage(ok?.id ?? 0)).toBe(byId.get(ok?.id ?? 0)?.imageUrl);

    // The failed ones still need images; ?after= goes on past them instead of retrying them.
    const next = (await (await bulk(withKey(), `?after=${body.lastId}`)).json()) as GenerateMissingResponse;
    expect(next.total).toBe(0);
    const retry = (await (await bulk()).json()) as GenerateMissingResponse;
    expect(retry.total).toBe(3);
    expect((await bulk(withKey(), '?after=abc')).status).toBe(400);
  });

  it('stops at the per-call limit and reports what remains', async () => {
    // Every flower needs an image now; the run does at most BULK_GENERATION_LIMIT per call.
    for (const p of flowers) await setImage(p.id, '');
    const { BULK_GENERATION_LIMIT } = await import('../../src/features/images/generate.ts');
    const body = (await (await bulk()).json()) as GenerateMissingResponse;
    expect(body.total).toBe(Math.min(flowers.length, BULK_GENERATION_LIMIT));
    expect(body.remaining).toBe(flowers.length - body.total);
    expect(body.generated).toBe(body.total);
  });

  it('starts no new product once the time budget is spent (the first one always runs)', async () => {
    await makeMissing();
    const ai = aiFromEnv(withKey());
    if (!ai) throw new Error('no client');
    let clock = 0;
    const body = await generateMissing({ db: t.db, images: store, ai }, { budgetMs: 1000, now: () => (clock += 1000) });
    expect(body.total).toBe(1);
    expect(body.remaining).toBeGreaterThan(0);
  });
});
