/**
 * Every public catalogue read is one database round trip (one execute, or one batch, which libSQL
 * sends as one HTTP request), and reads no more rows than it answers, plus the count a page needs.
 * The app runs on a libSQL client wrapped to record each call and the rows it brought back; the
 * whole catalogue is also read from a real sqld, whose answers have a size cap, at 10,000 products,
 * in chunks.
 */
import { createClient, type ResultSet } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growCatalog } from '../../scripts/lib/generate-catalog.ts';
import type { Proc } from '../../scripts/lib/stack.ts';
import { categories } from '../../src/db/schema.ts';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';

/** One call to the database: its kind and the rows of each statement's answer. */
interface Call {
  method: string;
  rows: number[];
}

/** The client's methods that talk to the database. */
const ROUND_TRIPS = new Set(['execute', 'batch', 'executeMultiple', 'migrate', 'transaction']);

function recordingDb(url: string) {
  const client = createClient({ url });
  const calls: Call[] = [];
  const recorded = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || !ROUND_TRIPS.has(String(prop))) return value;
      return async (...args: unknown[]) => {
        const call: Call = { method: String(prop), rows: [] };
        calls.push(call);
        const result = (await value.apply(target, args)) as ResultSet | ResultSet[] | undefined;
        call.rows = (Array.isArray(result) ? result : result ? [result] : []).map((r) => r.rows?.length ?? 0);
        return result;
      };
    },
  });
  return { db: drizzle({ client: recorded }), calls, close: () => client.close() };
}

let t: TestDb;
let recording: ReturnType<typeof recordingDb>;
let app: TestApp;
let flowerId: number;
let strainId: number;
let retiredId: number;

beforeAll(async () => {
  t = await createTestDb();
  const [flower] = await t.db.select().from(categories).where(eq(categories.kind, 'Flower'));
  const [strain] = await t.db
    .select()
    .from(categories)
    .where(eq(categories.parentId, flower?.id ?? 0));
  if (!flower || !strain) throw new Error('seed has no flower strain');
  [flowerId, strainId] = [flower.id, strain.id];
  const [retired] = await t.db.insert(categories).values({ name: 'Retired', slug: 'retired-one', retired: true }).returning();
  retiredId = retired?.id ?? 0;
  recording = recordingDb(t.url);
  app = testApp({ db: () => recording.db });
});
afterAll(() => {
  recording.close();
  t.close();
});
/** Requests `path`, then answers what it returned and the one call it made. */
async function read(path: string): Promise<{ status: number; body: unknown; total: number | null; call: Call }> {
  recording.calls.length = 0;
  const res = await app.request(path);
  const body = await res.json();
  expect(recording.calls, path).toHaveLength(1);
  const total = res.headers.get('x-total-count');
  return { status: res.status, body, total: total == null ? null : Number(total), call: recording.calls[0] as Call };
}

describe('product lists', () => {
  const unpaged = [
    '',
    '?search=kush',
    '?search=relax&sort=price-desc',
    '?category=flower',
    '?category=Edible&sort=name',
    '?subcategory=STRAIN&sort=thc',
    '?strainType=indica,hybrid&sort=rating',
    '?effects=Relaxing,Happy',
    '?featured=true&sort=featured',
    '?bestseller=true',
    '?newarrival=true',
    '?ids=5,3,9,400',
    '?deals=true',
    '?deals=true&sort=price-asc',
    '?sort=price-asc',
    '?sort=price-desc',
    '?minPrice=20&maxPrice=45',
    '?category=flower&minPrice=30&sort=price-desc',
    '?search=blue&maxPrice=30',
  ];
  it.each(unpaged)('GET /api/products%s is one statement that reads what it answers', async (query) => {
    const { status, body, total, call } = await read(`/api/products${query.replace('STRAIN', String(strainId))}`);
    expect(status).toBe(200);
    const products = body as ApiProduct[];
    expect(call).toEqual({ method: 'execute', rows: [products.length] });
    expect(total).toBe(products.length);
  });

  const paged = [
    '?page=2&limit=10',
    '?search=flower&page=2&limit=5',
    '?search=og&sort=relevance&page=1&limit=4',
    '?search=relax&sort=price-asc&page=1&limit=5',
    '?category=flower&sort=featured&page=1&limit=24',
    '?subcategory=STRAIN&sort=price-asc&page=1&limit=2',
    '?deals=true&page=1&limit=3',
    '?sort=price-desc&page=3&limit=7',
    '?minPrice=10&maxPrice=40&sort=price-asc&page=2&limit=5',
    '?strainType=sativa&effects=Energizing&page=1&limit=5',
  ];
  it.each(paged)('GET /api/products%s is one batch of its page and a count', async (query) => {
    const { status, body, total, call } = await read(`/api/products${query.replace('STRAIN', String(strainId))}`);
    expect(status).toBe(200);
    const products = body as ApiProduct[];
    expect(products.length).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(products.length);
    expect(call).toEqual({ method: 'batch', rows: [products.length, 1] });
  });
});

describe('one product', () => {
  it('reads a product in one statement, and an unknown one in one that finds nothing', async () => {
    const found = await read('/api/products/7');
    expect(found.status).toBe(200);
    expect(found.call).toEqual({ method: 'execute', rows: [1] });
    const missing = await read('/api/products/999999');
    expect(missing.status).toBe(404);
    expect(missing.call).toEqual({ method: 'execute', rows: [0] });
  });
});

describe('categories and strains', () => {
  it('lists the categories in one statement', async () => {
    const { body, call } = await read('/api/categories');
    const list = body as ApiCategory[];
    expect(call).toEqual({ method: 'execute', rows: [list.length] });
  });

  it('reads a category, its strains and its products in one batch', async () => {
    const { status, body, call } = await read(`/api/categories/id/${flowerId}/products`);
    expect(status).toBe(200);
    const { category, products } = body as { category: ApiCategory; products: ApiProduct[] };
    expect(category.subcategories.length).toBeGreaterThan(0);
    expect(call).toEqual({ method: 'batch', rows: [1 + category.subcategories.length, products.length] });
  });

  it('reads a strain and its products in one batch, through either route', async () => {
    for (const path of [`/api/subcategories/${strainId}/products`, `/api/categories/id/${strainId}/products`]) {
      const { status, body, call } = await read(path);
      expect(status).toBe(200);
      const { products } = body as { products: ApiProduct[] };
      expect(products.length).toBeGreaterThan(0);
      expect(call).toEqual({ method: 'batch', rows: [1, products.length] });
    }
  });

  it('answers 404 after one batch that reads nothing, for unknown, retired and non-strain ids', async () => {
    for (const path of [
      '/api/categories/id/999999/products',
      `/api/categories/id/${retiredId}/products`,
      `/api/subcategories/${flowerId}/products`,
      '/api/subcategories/999999/products',
    ]) {
      const { status, call } = await read(path);
      expect(status, path).toBe(404);
      expect(call, path).toEqual({ method: 'batch', rows: [0, 0] });
    }
  });
});

describe('the rest of the public catalogue', () => {
  it.each(['/api/site-images', '/api/purchase-limits'])('GET %s is one statement', async (path) => {
    const { status, body, call } = await read(path);
    expect(status).toBe(200);
    expect(call).toEqual({ method: 'execute', rows: [(body as unknown[]).length] });
  });
});

/**
 * The catalogue size the whole-catalogue call must still answer from sqld, whose answers have a size
 * cap: in chunks of 1,000 rows, each row read once.
 */
const LARGE_CATALOGUE = 10_000;

describe(`a catalogue of ${LARGE_CATALOGUE.toLocaleString('en')} products in sqld`, () => {
  let sqld: Proc;
  let removeScratch: () => void;
  let remote: ReturnType<typeof recordingDb>;
  let remoteApp: TestApp;

  beforeAll(async () => {
    const scratch = scratchDir('catalogue-round-trips');
    removeScratch = scratch.remove;
    const started = await startSeededSqld(scratch.dir);
    sqld = started.proc;
    remote = recordingDb(started.url);
    await growCatalog(remote.db, LARGE_CATALOGUE);
    remoteApp = testApp({ db: () => remote.db });
  }, 120_000);
  afterAll(async () => {
    remote?.close();
    await sqld?.stop();
    removeScratch?.();
  });

  it.each(['', '?sort=price-asc', '?search=flower'])(
    'answers GET /api/products%s whole, in chunks that read each row once',
    async (query) => {
      remote.calls.length = 0;
      const res = await remoteApp.request(`/api/products${query}`);
      expect(res.status).toBe(200);
      const products = (await res.json()) as ApiProduct[];
      const chunks = Math.floor(products.length / 1000) + 1;
      expect(remote.calls).toHaveLength(chunks);
      expect(remote.calls.every((c) => c.method === 'execute' && (c.rows[0] ?? 0) <= 1000)).toBe(true);
      expect(remote.calls.reduce((n, c) => n + (c.rows[0] ?? 0), 0)).toBe(products.length);
      expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
      if (query === '') expect(products).toHaveLength(LARGE_CATALOGUE);
      else expect(products.length).toBeGreaterThan(LARGE_CATALOGUE / 3);
    },
    60_000,
  );
});
