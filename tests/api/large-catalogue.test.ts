import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growCatalog } from '../../scripts/lib/generate-catalog.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

/** More products than one database read returns (catalog.server.ts reads in chunks of 1,000). */
const PRODUCTS = 2_500;

let t: TestDb;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDb();
  await growCatalog(t.db, PRODUCTS);
  app = testApp({ db: () => t.db });
}, 60_000);
afterAll(() => t.close());

const ids = async (path: string) => ((await (await app.request(path)).json()) as { id: number }[]).map((p) => p.id);

describe('a catalogue larger than one read', () => {
  it('answers every product once, in catalogue order', async () => {
    const all = await ids('/api/products');
    expect(all).toHaveLength(PRODUCTS);
    expect(new Set(all).size).toBe(PRODUCTS);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('answers every match of a broad unpaged search once, in rank order', async () => {
    const res = await app.request('/api/products?search=flower&limit=100');
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(1000);
    const all = await ids('/api/products?search=flower');
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(all.slice(0, 100)).toEqual(((await res.json()) as { id: number }[]).map((p) => p.id));
  });
});
