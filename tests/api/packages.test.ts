/**
 * D40, the admin's packages through the API: receiving one fills it through the ledger (the
 * product's stock is the sum of its packages), tagging, lab results, adjusting with a reason,
 * finishing, the certificate of analysis (a PDF, judged by its bytes, served to shoppers), the
 * packages CSV with its preview, the product pages each write purges, and who may do it (D35).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, packages, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { LISTINGS_TAG, productTag } from '../../src/features/catalog/page-tags.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import { memoryStore } from '../../src/features/images/image-store.ts';
import { MAX_COA_BYTES } from '../../src/features/inventory/coa.ts';
import type { AdminPackage, PackageList } from '../../src/features/inventory/package-view.ts';
import { packageUnit } from '../../src/features/inventory/packages.ts';
import type { PackageImportReport } from '../../src/features/menu/package-csv.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'a long enough password';
const TAG = (n: number) => `1A4${String(n).padStart(21, '0')}`;
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

let t: TestDb;
let app: TestApp;
const store = memoryStore();
const purges: string[][] = [];
const cookies: Record<'admin' | 'dispatcher' | 'driver', string> = { admin: '', dispatcher: '', driver: '' };
let flower: ApiProduct;
let edible: ApiProduct;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({
    db: () => t.db,
    images: () => store,
    renderPage: async (_c, request) => {
      purges.push(((await request.json()) as { tags: string[] }).tags);
      return new Response(null, { status: 204 });
    },
  });
  for (const role of ['admin', 'dispatcher', 'driver'] as const) {
    const email = `${role}@packages.example.com`;
    const id = await createAdmin(t.db, email, PASSWORD, role);
    if (role === 'driver') await ensureDriverRecord(t.db, id, { name: 'Package Driver', phone: '(202) 555-0142' });
    cookies[role] = await signIn(app, email, PASSWORD, `198.51.100.${Object.keys(cookies).indexOf(role) + 40}`);
  }
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  flower = pick(catalogue, (p) => p.category === 'Flower' && p.stockQuantity != null, 'tracked flower');
  edible = pick(catalogue, (p) => packageUnit(p.category) === 'each' && p.stockQuantity != null, 'tracked product sold by the piece');
});
afterAll(() => t.close());

const headers = (role: keyof typeof cookies, type?: string) => ({
  cookie: cookies[role],
  origin: TEST_ORIGIN,
  ...(type ? { 'content-type': type } : {}),
});

function send(method: string, path: string, body?: unknown, role: keyof typeof cookies = 'admin') {
  return app.request(path, {
    method,
    headers: headers(role, body === undefined ? undefined : 'application/json'),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const stockOf = async (id: number) => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id)))[0]?.s;
const packagesSum = async (id: number) =>
  (await t.db.all<{ s: number }>(sql`select coalesce(sum(quantity_milli), 0) as s from ${packages} where product_id = ${id}`))[0]?.s;

async function receive(body: Record<string, unknown>): Promise<AdminPackage> {
  return json<AdminPackage>(await send('POST', '/api/admin/packages', body), 201);
}

describe('receiving a package (POST /api/admin/packages)', () => {
  it('fills the package through the ledger: the product’s stock rises by it and stays the sum of its packages', async () => {
    const before = (await stockOf(flower.id)) ?? 0;
    purges.length = 0;
    const pkg = await receive({
      tag: '1a4 000000 000000 000000 001',
      productId: flower.id,
      quantity: 28.5,
      unit: 'g',
      batch: 'BD-1107',
      receivedOn: '2026-01-15',
      labResults: { thcPercent: 22.4, cbdPercent: 0.1, testedOn: '2026-01-10', lab: 'Steep Hill' },
    });
    expect(pkg).toMatchObject({
      tag: TAG(1),
      productId: flower.id,
      unit: 'g',
      quantity: 28.5,
      received: 28.5,
      batch: 'BD-1107',
      receivedOn: '2026-01-15',
      status: 'active',
      coaUrl: null,
      labResults: { thcPercent: 22.4, cbdPercent: 0.1, thcMg: null, testedOn: '2026-01-10', lab: 'Steep Hill' },
    });
    expect(await stockOf(flower.id)).toBe(before + 28_500);
    expect(await packagesSum(flower.id)).toBe(await stockOf(flower.id));
    const [row] = await t.db.select().from(stockMovements).where(eq(stockMovements.packageId, pkg.id));
    expect(row).toMatchObject({ productId: flower.id, deltaMilli: 28_500, reason: 'received', actor: 'admin:admin@packages.example.com' });
    // Its product's page and the listings are purged, not every page.
    expect(purges).toEqual([[productTag(flower.id), LISTINGS_TAG]]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.field, `package-${pkg.id}-received`));
    expect(audit).toHaveLength(1);
  });

  it('receives a package without a tag, which then needs one; today is its received date when none is given', async () => {
    const pkg = await receive({ productId: edible.id, quantity: 12, unit: 'each' });
    expect(pkg).toMatchObject({ tag: null, quantity: 12, unit: 'each', labResults: null, batch: '' });
    expect(pkg.receivedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses bad input with 4xx naming the field, and writes nothing', async () => {
    const rows = async () => (await t.db.select({ n: sql<number>`count(*)` }).from(stockMovements))[0]?.n;
    const before = await rows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ tag: '1A4-NOT-A-TAG', productId: flower.id, quantity: 1, unit: 'g' }, 422, 'tag'],
      [{ tag: TAG(9).replace('1A4', '2B5'), productId: flower.id, quantity: 1, unit: 'g' }, 422, 'tag'],
      [{ productId: 999_999, quantity: 1, unit: 'g' }, 422, 'productId'],
      [{ productId: flower.id, quantity: -3, unit: 'g' }, 422, 'quantity'],
      [{ productId: flower.id, quantity: 0, unit: 'g' }, 422, 'quantity'],
      [{ productId: flower.id, quantity: 1.0005, unit: 'g' }, 422, 'quantity'],
      [{ productId: flower.id, quantity: 3, unit: 'each' }, 422, 'unit'],
      [{ productId: edible.id, quantity: 2.5, unit: 'each' }, 422, 'quantity'],
      [{ productId: flower.id, quantity: 1, unit: 'kg' }, 422, 'unit'],
      [{ productId: flower.id, quantity: 1, unit: 'g', receivedOn: '2999-01-01' }, 422, 'receivedOn'],
      [
        {
          productId: flower.id,
          quantity: 1,
          unit: 'g',
          labResults: { thcPercent: 101, cbdPercent: null, testedOn: '2026-01-01', lab: 'X' },
        },
        422,
        'labResults.thcPercent',
      ],
      [
        { productId: flower.id, quantity: 1, unit: 'g', labResults: { thcPercent: 20, cbdPercent: null, testedOn: '2026-01-01', lab: '' } },
        422,
        'labResults.lab',
      ],
    ];
    for (const [body, status, field] of cases) {
      const answer = await json<{ code: string; error: string; fields: Record<string, string> }>(
        await send('POST', '/api/admin/packages', body),
        status,
      );
      expect(Object.keys(answer.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await rows()).toBe(before);
  });

  it('answers 409 naming the tag when another package holds it', async () => {
    const answer = await json<{ code: string; fields: Record<string, string> }>(
      await send('POST', '/api/admin/packages', { tag: TAG(1), productId: flower.id, quantity: 1, unit: 'g' }),
      409,
    );
    expect(answer.code).toBe('tag_taken');
    expect(answer.fields.tag).toMatch(/already on package #\d+/);
  });
});

describe('the list (GET /api/admin/packages)', () => {
  it('lists one product’s packages, the untagged opening package among them, active first', async () => {
    const list = await json<PackageList>(await send('GET', `/api/admin/packages?productId=${flower.id}`), 200);
    expect(list.more).toBe(false);
    expect(list.packages.every((p) => p.productId === flower.id)).toBe(true);
    expect(list.packages.map((p) => p.tag)).toEqual(expect.arrayContaining([null, TAG(1)]));
    expect(list.packages[0]).toMatchObject({ productName: flower.name, unit: 'g', status: 'active' });
    const all = await json<PackageList>(await send('GET', '/api/admin/packages?status=active'), 200);
    expect(new Set(all.packages.map((p) => p.productId)).size).toBeGreaterThan(1);
    expect((await send('GET', '/api/admin/packages?productId=abc')).status).toBe(400);
  });

  it('says which packages Metrc traces: cannabis does, an accessory needs no tag', async () => {
    const all = await json<PackageList>(await send('GET', '/api/admin/packages?status=active'), 200);
    const names = (await (await app.request('/api/products')).json()) as ApiProduct[];
    const accessories = new Set(names.filter((p) => p.category === 'Accessories').map((p) => p.id));
    expect(all.packages.some((p) => accessories.has(p.productId))).toBe(true);
    expect(all.packages.every((p) => p.traced === !accessories.has(p.productId))).toBe(true);
  });
});

describe('tagging and lab results (PATCH /api/admin/packages/:id)', () => {
  it('tags the untagged opening package, which then keeps a tag', async () => {
    const list = await json<PackageList>(await send('GET', `/api/admin/packages?productId=${flower.id}`), 200);
    const opening = list.packages.find((p) => p.tag == null);
    if (!opening) throw new Error('the seed gives the flower an opening package');
    purges.length = 0;
    const tagged = await json<AdminPackage>(await send('PATCH', `/api/admin/packages/${opening.id}`, { tag: TAG(2) }), 200);
    expect(tagged).toMatchObject({ id: opening.id, tag: TAG(2), quantity: opening.quantity });
    expect(purges).toEqual([[productTag(flower.id), LISTINGS_TAG]]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.field, `package-${opening.id}-tag`));
    expect(audit).toMatchObject({ entity: 'product', entityId: flower.id, fromValue: null, toValue: TAG(2) });

    const cleared = await json<{ fields: Record<string, string> }>(
      await send('PATCH', `/api/admin/packages/${opening.id}`, { tag: null }),
      422,
    );
    expect(cleared.fields.tag).toMatch(/keeps its tag/);
    const taken = await json<{ fields: Record<string, string> }>(
      await send('PATCH', `/api/admin/packages/${opening.id}`, { tag: TAG(1) }),
      409,
    );
    expect(Object.keys(taken.fields)).toEqual(['tag']);
    expect((await send('PATCH', `/api/admin/packages/${opening.id}`, {})).status).toBe(422);
    expect((await send('PATCH', '/api/admin/packages/999999', { batch: 'X' })).status).toBe(404);
  });

  it('sets and clears lab results and the batch', async () => {
    const pkg = await receive({ productId: edible.id, quantity: 5, unit: 'each' });
    const lab = { thcPercent: null, cbdPercent: null, thcMg: 100, testedOn: '2026-02-01', lab: 'ACS Laboratory' };
    const set = await json<AdminPackage>(await send('PATCH', `/api/admin/packages/${pkg.id}`, { labResults: lab, batch: 'G-22' }), 200);
    expect(set).toMatchObject({ labResults: lab, batch: 'G-22' });
    const bad = await json<{ fields: Record<string, string> }>(
      await send('PATCH', `/api/admin/packages/${pkg.id}`, { labResults: { ...lab, testedOn: '2026-02-30' } }),
      422,
    );
    expect(Object.keys(bad.fields)).toEqual(['labResults.testedOn']);
    const cleared = await json<AdminPackage>(await send('PATCH', `/api/admin/packages/${pkg.id}`, { labResults: null }), 200);
    expect(cleared.labResults).toBeNull();
  });
});

describe('adjusting and finishing', () => {
  let pkg: AdminPackage;
  beforeAll(async () => {
    pkg = await receive({ tag: TAG(3), productId: flower.id, quantity: 10, unit: 'g' });
  });
  const lastRow = async () => (await t.db.select().from(stockMovements).orderBy(desc(stockMovements.id)).limit(1))[0];

  it('takes waste off with one ledger row that names the package and its reason', async () => {
    const stock = (await stockOf(flower.id)) ?? 0;
    const after = await json<AdminPackage>(
      await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'waste', quantity: 1.5, note: 'Dropped' }),
      200,
    );
    expect(after.quantity).toBe(8.5);
    expect(await lastRow()).toMatchObject({ packageId: pkg.id, productId: flower.id, deltaMilli: -1500, reason: 'waste', note: 'Dropped' });
    expect(await stockOf(flower.id)).toBe(stock - 1500);
    // Damage takes off whichever sign it is given.
    const damaged = await json<AdminPackage>(
      await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'damaged', quantity: -0.5 }),
      200,
    );
    expect(damaged.quantity).toBe(8);
  });

  it('records a count as a correction to what was counted, even when it matches', async () => {
    const counted = await json<AdminPackage>(
      await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'correction', countedQuantity: 7.25 }),
      200,
    );
    expect(counted.quantity).toBe(7.25);
    expect(await lastRow()).toMatchObject({ packageId: pkg.id, deltaMilli: -750, reason: 'correction', note: 'Counted 7.25 g' });
    await json<AdminPackage>(
      await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'correction', countedQuantity: 7.25 }),
      200,
    );
    expect(await lastRow()).toMatchObject({ packageId: pkg.id, deltaMilli: 0, reason: 'correction' });
    expect(await packagesSum(flower.id)).toBe(await stockOf(flower.id));
  });

  it('refuses to take more than the package holds (409 naming quantity) and a reasonless change', async () => {
    const rows = (await lastRow())?.id;
    const over = await json<{ code: string; fields: Record<string, string> }>(
      await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'waste', quantity: 8 }),
      409,
    );
    expect(over.code).toBe('out_of_stock');
    expect(over.fields.quantity).toMatch(/holds 7\.25 g/);
    expect((await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { quantity: -1 })).status).toBe(422);
    expect((await send('POST', `/api/admin/packages/${pkg.id}/adjust`, { reason: 'waste', countedQuantity: 1 })).status).toBe(422);
    expect((await lastRow())?.id).toBe(rows);
  });

  it('finishes a package: what remains leaves in one row and it sells no more', async () => {
    const stock = (await stockOf(flower.id)) ?? 0;
    const done = await json<AdminPackage>(
      await send('POST', `/api/admin/packages/${pkg.id}/finish`, { reason: 'damaged', note: 'Moldy' }),
      200,
    );
    expect(done).toMatchObject({ status: 'finished', quantity: 0 });
    expect(await lastRow()).toMatchObject({ packageId: pkg.id, deltaMilli: -7250, reason: 'damaged', note: 'Moldy' });
    expect(await stockOf(flower.id)).toBe(stock - 7250);
    expect((await send('POST', `/api/admin/packages/${pkg.id}/finish`, { reason: 'waste' })).status).toBe(409);
    const active = await json<PackageList>(await send('GET', `/api/admin/packages?productId=${flower.id}&status=active`), 200);
    expect(active.packages.map((p) => p.id)).not.toContain(pkg.id);
  });
});

describe('the certificate of analysis', () => {
  const upload = (id: number, body: Uint8Array<ArrayBuffer>, type = 'application/pdf') =>
    app.request(`/api/admin/packages/${id}/coa`, { method: 'PUT', headers: headers('admin', type), body });

  it('stores a PDF, which shoppers open from the package’s address', async () => {
    const pkg = await receive({ tag: TAG(4), productId: flower.id, quantity: 3.5, unit: 'g' });
    expect((await app.request(`/api/packages/${pkg.id}/coa`)).status).toBe(404);
    const saved = await json<AdminPackage>(await upload(pkg.id, PDF), 200);
    expect(saved.coaUrl).toBe(`/api/packages/${pkg.id}/coa`);
    const [row] = await t.db.select({ key: packages.coaKey }).from(packages).where(eq(packages.id, pkg.id));
    expect(row?.key).toMatch(new RegExp(`^coa/${pkg.id}-[0-9a-f]{32}\\.pdf$`));

    const res = await app.request(saved.coaUrl ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="coa-${TAG(4)}.pdf"`);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    const etag = res.headers.get('etag') ?? '';
    expect((await app.request(saved.coaUrl ?? '', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('refuses what is not a PDF by its bytes, whatever it is called, and a file over the limit', async () => {
    const pkg = await receive({ tag: TAG(5), productId: flower.id, quantity: 1, unit: 'g' });
    const png = await json<{ code: string; fields: Record<string, string> }>(await upload(pkg.id, PNG), 415);
    expect(png.code).toBe('not_a_pdf');
    expect(Object.keys(png.fields)).toEqual(['file']);
    expect((await upload(pkg.id, new Uint8Array(0))).status).toBe(400);
    expect((await upload(pkg.id, new Uint8Array(MAX_COA_BYTES + 1))).status).toBe(413);
    expect((await upload(999_999, PDF)).status).toBe(404);
    const [row] = await t.db.select({ key: packages.coaKey }).from(packages).where(eq(packages.id, pkg.id));
    expect(row?.key).toBeNull();
  });
});

describe('the packages CSV (POST /api/admin/packages/import)', () => {
  const post = (csv: string, dryRun: boolean) =>
    app.request(`/api/admin/packages/import${dryRun ? '?dryRun=1' : ''}`, {
      method: 'POST',
      headers: headers('admin', 'text/csv'),
      body: csv,
    });
  const header = 'tag,product,quantity,unit,batch,receivedOn,thcPercent,cbdPercent,thcMg,testedOn,lab\r\n';

  it('previews every row without writing, refuses a file with a problem whole, then receives it in one go', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)` }).from(packages))[0]?.n;
    const before = await count();
    const stock = (await stockOf(edible.id)) ?? 0;
    const bad = `${header}${TAG(10)},${flower.slug},14,,B1,2026-01-20,19.5,,,2026-01-18,Steep Hill\r\n${TAG(11)},${edible.id},2.5,each,,,,,,,\r\nnot-a-tag,${edible.id},4,,,,,,,,\r\n`;
    const preview = await json<PackageImportReport>(await post(bad, true), 200);
    expect(preview).toMatchObject({ dryRun: true, receive: 1 });
    expect(preview.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'quantity'],
      [4, 'tag'],
    ]);
    expect(preview.rows[0]).toMatchObject({ row: 2, decision: 'receive', tag: TAG(10), product: flower.name, quantity: 14, unit: 'g' });
    const refused = await json<{ code: string }>(await post(bad, false), 422);
    expect(refused.code).toBe('invalid_csv');
    expect(await count()).toBe(before);

    const good = `${header}${TAG(10)},${flower.slug},14,,B1,2026-01-20,19.5,,,2026-01-18,Steep Hill\r\n${TAG(11)},${edible.id},3,each,,,,,,,\r\n,${edible.id},4,,,,,,,,\r\n`;
    purges.length = 0;
    const done = await json<PackageImportReport>(await post(good, false), 200);
    expect(done).toMatchObject({ dryRun: false, receive: 3, skip: 0, errors: [] });
    expect(await count()).toBe((before ?? 0) + 3);
    expect(await stockOf(edible.id)).toBe(stock + 7000);
    expect(purges).toEqual([[productTag(flower.id), productTag(edible.id), LISTINGS_TAG]]);
    const [imported] = await t.db
      .select()
      .from(packages)
      .where(eq(packages.tag, TAG(10)));
    expect(imported).toMatchObject({ productId: flower.id, quantityMilli: 14_000, batch: 'B1', thcPercent: 19.5, lab: 'Steep Hill' });

    // Again: the tagged rows were received before; only the untagged one is received again.
    const again = await json<PackageImportReport>(await post(good, true), 200);
    expect(again).toMatchObject({ receive: 1, skip: 2 });
    expect(again.rows.filter((r) => r.decision === 'skip').map((r) => r.tag)).toEqual([TAG(10), TAG(11)]);
  });

  it('refuses a file it cannot read as a whole, naming the column or the file', async () => {
    const unknown = await json<{ fields: Record<string, string> }>(await post('tag,product,qty\r\n', true), 422);
    expect(Object.keys(unknown.fields)).toEqual(['qty']);
    const missing = await json<{ fields: Record<string, string> }>(await post('tag,product\r\nx,1\r\n', true), 422);
    expect(Object.keys(missing.fields)).toEqual(['quantity']);
    expect(
      (await app.request('/api/admin/packages/import', { method: 'POST', headers: headers('admin', 'application/json'), body: '{}' }))
        .status,
    ).toBe(415);
  });
});

describe('who may (D35)', () => {
  it('refuses dispatchers and drivers every package route, reads included', async () => {
    for (const role of ['dispatcher', 'driver'] as const) {
      expect((await send('GET', '/api/admin/packages', undefined, role)).status, role).toBe(403);
      expect((await send('POST', '/api/admin/packages', { productId: flower.id, quantity: 1, unit: 'g' }, role)).status, role).toBe(403);
      expect((await send('POST', '/api/admin/packages/1/adjust', { reason: 'waste', quantity: 1 }, role)).status, role).toBe(403);
      expect((await send('POST', '/api/admin/packages/1/finish', { reason: 'waste' }, role)).status, role).toBe(403);
    }
    expect((await app.request('/api/admin/packages', { headers: { origin: TEST_ORIGIN } })).status).toBe(401);
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.packageId, 1), eq(stockMovements.reason, 'waste')));
    expect(rows).toEqual([]);
  });
});
