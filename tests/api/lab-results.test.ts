/**
 * D40: a product's lab results, as GET /api/products/{id} and every catalogue list carry them, are
 * those of the package a shopper gets next: the oldest active package that holds stock (the one
 * entered first on the same day), skipping finished and empty ones. None when no package holds stock
 * or the next one has no lab results; the certificate is named by its public address only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct, ProductLabResults } from '../../src/features/catalog/catalog.ts';
import { labResultsFor } from '../../src/features/inventory/lab-results.server.ts';
import { pick } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;
let flower: ApiProduct;
let other: ApiProduct;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  flower = pick(catalogue, (p) => p.category === 'Flower' && p.stockQuantity != null, 'tracked flower');
  other = pick(catalogue, (p) => p.category === 'Edible' && p.stockQuantity != null, 'tracked edible');
});
afterAll(() => t.close());

interface Shelved {
  receivedOn: string;
  /** Grams received; 0 leaves the package empty. */
  grams: number;
  status?: 'active' | 'finished';
  lab?: Partial<Pick<typeof packages.$inferInsert, 'thcPercent' | 'cbdPercent' | 'thcMg' | 'testedOn' | 'lab' | 'coaKey'>>;
}

/** Empties and finishes the product's packages, then receives the given ones in this order: their ids. */
async function shelve(productId: number, list: Shelved[]): Promise<number[]> {
  await t.db.run(sql`update ${packages} set quantity_milli = 0, status = 'finished' where product_id = ${productId}`);
  await t.db.update(products).set({ stockMilli: 0 }).where(eq(products.id, productId));
  const ids: number[] = [];
  for (const p of list) {
    const [row] = await t.db
      .insert(packages)
      .values({ productId, unit: 'g', receivedOn: p.receivedOn, receivedMilli: p.grams * 1000, ...p.lab })
      .returning({ id: packages.id });
    const id = row?.id ?? 0;
    // The ledger's trigger wants a package on every row, and moves its quantity.
    if (p.grams > 0) {
      await t.db
        .insert(stockMovements)
        .values({ productId, packageId: id, deltaMilli: p.grams * 1000, reason: 'received', actor: 'test', note: 'Received' });
    }
    if (p.status === 'finished') {
      await t.db.insert(stockMovements).values({
        productId,
        packageId: id,
        deltaMilli: -p.grams * 1000,
        reason: 'waste',
        actor: 'test',
        note: 'Finished',
      });
      await t.db.update(packages).set({ status: 'finished' }).where(eq(packages.id, id));
    }
    ids.push(id);
  }
  return ids;
}

async function labResultsOfProduct(id: number): Promise<ProductLabResults | null> {
  const res = await app.request(`/api/products/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ApiProduct).labResults;
}

const ACME = { thcPercent: 24.1, cbdPercent: 0.1, testedOn: '2026-01-20', lab: 'Acme Labs', coaKey: 'coa/acme-2026-01-20.pdf' };

describe('GET /api/products/{id} carries the lab results of the package sold next (D40)', () => {
  it('takes the oldest active package with stock, skipping finished and empty ones and not by order of entry', async () => {
    const [finished, empty, newer, next] = await shelve(flower.id, [
      { receivedOn: '2026-01-02', grams: 10, status: 'finished', lab: { thcPercent: 31, lab: 'Old Lab' } },
      { receivedOn: '2026-01-05', grams: 0, lab: { thcPercent: 28, lab: 'Empty Lab' } },
      // Entered before the next one, received after it: the received date decides.
      { receivedOn: '2026-03-01', grams: 5, lab: { thcPercent: 19.5, cbdPercent: 0.4, lab: 'Later Lab' } },
      { receivedOn: '2026-02-01', grams: 5, lab: ACME },
    ]);
    expect([finished, empty, newer, next].every((id) => (id ?? 0) > 0)).toBe(true);

    expect(await labResultsOfProduct(flower.id)).toEqual({
      packageId: next,
      thcPercent: 24.1,
      cbdPercent: 0.1,
      thcMg: null,
      testedOn: '2026-01-20',
      lab: 'Acme Labs',
      coaUrl: `/api/packages/${next}/coa`,
    });

    // The list answers carry the same, and no answer names where the certificate is stored.
    const listed = (await (await app.request(`/api/products?ids=${flower.id},${other.id}`)).json()) as ApiProduct[];
    expect(listed.find((p) => p.id === flower.id)?.labResults?.packageId).toBe(next);
    const page = (await (await app.request(`/api/products?ids=${flower.id}&page=1&limit=1`)).json()) as ApiProduct[];
    expect(page[0]?.labResults?.packageId).toBe(next);
    const body = await (await app.request(`/api/products/${flower.id}`)).text();
    expect(body).not.toContain('acme-2026-01-20.pdf');
    expect(body).not.toContain('coaKey');

    // The inventory's own read says the same, for many products in one statement.
    const read = await labResultsFor(t.db, [flower.id, other.id, 999_999]);
    expect(read.get(flower.id)?.packageId).toBe(next);
    expect(read.has(other.id)).toBe(true);
    expect(read.has(999_999)).toBe(false);

    // Once the next package sells out, the one after it is next.
    await t.db
      .insert(stockMovements)
      .values({ productId: flower.id, packageId: next, deltaMilli: -5000, reason: 'sold', actor: 'test', note: 'Sold' });
    expect(await labResultsOfProduct(flower.id)).toMatchObject({ packageId: newer, thcPercent: 19.5, lab: 'Later Lab', coaUrl: null });
  });

  it('breaks a tie on the received date by the package entered first', async () => {
    const [first, second] = await shelve(flower.id, [
      { receivedOn: '2026-04-01', grams: 3, lab: { thcPercent: 20 } },
      { receivedOn: '2026-04-01', grams: 3, lab: { thcPercent: 21 } },
    ]);
    expect(await labResultsOfProduct(flower.id)).toMatchObject({ packageId: first, thcPercent: 20 });
    expect(second).toBeGreaterThan(first ?? 0);
  });

  it('is null when the next package has no lab results, even if a later one has', async () => {
    await shelve(flower.id, [
      { receivedOn: '2026-05-01', grams: 2 },
      { receivedOn: '2026-05-02', grams: 2, lab: ACME },
    ]);
    expect(await labResultsOfProduct(flower.id)).toBeNull();
  });

  it('is null when no package holds stock', async () => {
    await shelve(flower.id, [{ receivedOn: '2026-06-01', grams: 4, status: 'finished', lab: ACME }]);
    expect(await labResultsOfProduct(flower.id)).toBeNull();
    const listed = (await (await app.request(`/api/products?ids=${flower.id}`)).json()) as ApiProduct[];
    expect(listed[0]?.labResults).toBeNull();
  });
});
