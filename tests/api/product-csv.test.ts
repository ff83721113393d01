/**
 * The products CSV through the API against a real database: export, template, import as a dry run
 * and for real (one transaction, or nothing), with the audit trail and the stock ledger.
 */
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, categories, packages, products, stockMovements } from '../../src/db/schema.ts';
import { auditChanges } from '../../src/features/audit/audit.ts';
import { parseCsv } from '../../src/features/menu/csv.ts';
import { type ImportReport, MAX_IMPORT_BYTES } from '../../src/features/menu/csv-upload.ts';
import { PRODUCT_CSV_COLUMNS } from '../../src/features/menu/product-csv.ts';
import { CSV_FIELDS } from '../../src/features/menu/product-import.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const EMAIL = 'csv-admin@example.com';
let t: TestDb;
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, 'a long enough password');
  cookie = await signIn(app, EMAIL, 'a long enough password');
});
afterAll(() => t.close());

const get = (path: string) => app.request(`/api/admin/products/${path}`, { headers: { cookie } });

function importCsv(
  body: string | Blob,
  { dryRun = true, type = 'text/csv; charset=utf-8', query }: { dryRun?: boolean; type?: string; query?: string } = {},
) {
  return app.request(`/api/admin/products/import${query ?? (dryRun ? '?dryRun=1' : '')}`, {
    method: 'POST',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': type },
    body,
  });
}

async function exportCsv(): Promise<string> {
  const res = await get('export.csv');
  expect(res.status).toBe(200);
  return res.text();
}

/** Everything an import could touch, to show that a refused or empty import touched none of it. */
async function snapshot() {
  const [audits] = await t.db.select({ n: count() }).from(auditLog);
  const [moves] = await t.db.select({ n: count() }).from(stockMovements);
  return {
    products: await t.db.select().from(products).orderBy(asc(products.id)),
    audits: audits?.n,
    moves: moves?.n,
    categories: await t.db.select().from(categories).orderBy(asc(categories.id)),
  };
}

/** The export as records of named cells, and back. */
function table(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
/** Cells as a spreadsheet saves them: quoted where needed, nothing added (a neutralised cell stays as exported). */
const line = (cells: readonly string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
const typed = (rows: readonly (readonly string[])[]) => rows.map(line).join('\r\n');
const toCsv = (rows: Record<string, string>[], columns: readonly string[] = PRODUCT_CSV_COLUMNS) =>
  typed([columns, ...rows.map((r) => columns.map((c) => r[c] ?? ''))]);

describe('export (GET /api/admin/products/export.csv)', () => {
  it('has a header row and one row per product, any status, with weight prices as columns', async () => {
    const [draft] = await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
    await t.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, draft?.id ?? 0));
    const res = await get('export.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    // A UTF-8 byte order mark first, so Excel reads the file as UTF-8 (Response.text() drops it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await res.text();
    expect(text.startsWith('id,slug,name,status,category,strain,')).toBe(true);
    const rows = table(text);
    const all = await t.db.select().from(products).orderBy(asc(products.id));
    expect(rows.map((r) => Number(r.id))).toEqual(all.map((p) => p.id));
    expect(rows[0]?.status).toBe('draft');
    const flower = all.find((p) => p.price3_5g != null && p.priceOz != null);
    const row = rows.find((r) => Number(r.id) === flower?.id);
    expect(row?.category).toBe('flower');
    expect(row?.price_3_5g).toBe(((flower?.price3_5g ?? 0) / 100).toFixed(2));
    expect(row?.price_oz).toBe(((flower?.priceOz ?? 0) / 100).toFixed(2));
    expect(row?.price_1g).toBe('');
  });

  it('offers a template with the header and an example flower and edible', async () => {
    const res = await get('template.csv');
    expect(res.headers.get('content-disposition')).toMatch(/filename="products-template-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = table(await res.text());
    expect(rows.map((r) => r.category)).toEqual(['flower', 'edible']);
    expect(rows[0]?.strain).not.toBe('');
  });
});

describe('export -> import', () => {
  it('previews as all unchanged, and applying it changes no row and writes no audit or ledger row', async () => {
    const text = await exportCsv();
    const before = await snapshot();
    const preview = await importCsv(text);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      dryRun: true,
      create: 0,
      update: 0,
      unchanged: before.products.length,
      errors: [],
      moreErrors: 0,
    });
    const applied = await importCsv(text, { dryRun: false });
    expect(applied.status).toBe(200);
    expect(((await applied.json()) as ImportReport).unchanged).toBe(before.products.length);
    expect(await snapshot()).toEqual(before);
  });

  it('neutralises formula cells on export and reads them back to the same value', async () => {
    const [target] = await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1);
    const id = target?.id ?? 0;
    await t.db
      .update(products)
      .set({ name: '=HYPERLINK("http://evil.example","Click")', description: '-10 mg a piece' })
      .where(eq(products.id, id));
    const text = await exportCsv();
    const row = table(text).find((r) => Number(r.id) === id);
    expect(row?.name).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row?.description).toBe("'-10 mg a piece");
    const before = await snapshot();
    expect(((await (await importCsv(text, { dryRun: false })).json()) as ImportReport).update).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a file with one bad row', () => {
  let good: Record<string, string>[];
  beforeEach(async () => {
    good = table(await exportCsv()).slice(0, 6);
  });

  /** Row 4 of the file (the third product) gets one bad cell; rows 2 and 3 change a price, so a partial apply would show. */
  function withBadRow(column: string, value: string): string {
    const rows = good.map((r) => ({ ...r }));
    for (const r of rows.slice(0, 2)) if (r.category === 'edible') r.price = '1.23';
    const bad = rows[2];
    if (!bad) throw new Error('too few products');
    bad[column] = value;
    return toCsv(rows);
  }

  const edibleFirst = async () => {
    const [edible] = await t.db.select({ slug: categories.slug }).from(categories).where(eq(categories.name, 'Edible'));
    return edible?.slug ?? 'edible';
  };

  it.each([
    ['category', 'pastries', "Unknown category 'pastries'"],
    ['price', '-1.00', 'Price cannot be negative'],
    ['price', 'twelve', 'Price must be an amount in dollars, like 12.50'],
    ['thc_percent', '140', 'THC must be between 0 and 100'],
    ['status', 'live', 'Status must be draft, active or archived'],
    ['available', 'perhaps', 'Available must be true or false'],
  ])('%s = %j: the preview names row 4, and applying changes nothing', async (column, value, message) => {
    const text = withBadRow(column, value);
    const preview = await importCsv(text);
    expect(preview.status).toBe(200);
    const report = (await preview.json()) as ImportReport;
    expect(report.errors).toEqual([{ row: 4, column, message }]);
    const before = await snapshot();
    const applied = await importCsv(text, { dryRun: false });
    expect(applied.status).toBe(422);
    const body = (await applied.json()) as { error: string; code: string; fields: Record<string, string> };
    expect(body.code).toBe('invalid_csv');
    expect(body.error).toContain(`row 4, ${column}: ${message}`);
    expect(body.fields).toEqual({ [`row 4, ${column}`]: message });
    expect(await snapshot()).toEqual(before);
  });

  it('names a weight price on the wrong category, a duplicate slug and an unknown strain', async () => {
    const edibleSlug = await edibleFirst();
    const rows = good.map((r) => ({ ...r }));
    const edible = rows.find((r) => r.category === edibleSlug);
    const flower = rows.find((r) => r.category === 'flower');
    const other = rows.find((r) => r !== flower && r !== edible);
    if (!edible || !flower || !other) throw new Error('fixture needs an edible, a flower and another product');
    edible.price_7g = '40.00';
    flower.strain = 'no-such-strain';
    other.slug = flower.slug ?? '';
    const report = (await (await importCsv(toCsv(rows))).json()) as ImportReport;
    const rowOf = (r: Record<string, string>) => rows.indexOf(r) + 2;
    expect(report.errors).toEqual(
      [
        { row: rowOf(edible), column: 'price_7g', message: 'A edible product has no 7g price; leave it empty' },
        { row: rowOf(flower), column: 'strain', message: "Unknown strain 'no-such-strain'" },
        expect.objectContaining({ row: rowOf(other), column: 'slug', message: expect.stringMatching(/^Duplicate slug/) }),
      ].sort((a, b) => a.row - b.row),
    );
  });

  it('refuses a header it does not know as a file error naming the column, and changes nothing', async () => {
    const before = await snapshot();
    for (const dryRun of [true, false]) {
      const res = await importCsv('name,category,colour\nMints,edible,red\n', { dryRun });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'invalid_csv', fields: { colour: expect.stringMatching(/Unknown column 'colour'/) } });
    }
    const unterminated = await importCsv('name,category\n"Mints,edible\n');
    expect(await unterminated.json()).toMatchObject({ code: 'invalid_csv', fields: { file: expect.stringMatching(/line 2/) } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a valid file', () => {
  it('creates and updates, with an audit row per changed field and a ledger row per stock difference', async () => {
    const rows = table(await exportCsv());
    const edibles = rows.filter((r) => r.category === 'edible' && r.sale_price === '' && r.stock !== '');
    const [edible, untracked] = edibles;
    if (!edible || !untracked) throw new Error('fixture needs two edibles with counted stock');
    // A product whose stock is not counted yet (set up directly: this is the fixture, not the import).
    await t.db
      .update(products)
      .set({ stockMilli: null })
      .where(eq(products.id, Number(untracked.id)));
    await t.db
      .update(packages)
      .set({ quantityMilli: 0 })
      .where(eq(packages.productId, Number(untracked.id)));
    const id = Number(edible.id);
    const [stored] = await t.db.select().from(products).where(eq(products.id, id));
    const header = ['id', 'slug', 'name', 'status', 'category', 'strain', 'price', 'price_3_5g', 'price_7g', 'stock', 'description'];
    const text = typed([
      header,
      [
        edible.id ?? '',
        '',
        edible.name ?? '',
        'active',
        'edible',
        '',
        '31.50',
        '',
        '',
        String((stored?.stockMilli ?? 0) / 1000 + 4),
        edible.description ?? '',
      ],
      [
        untracked.id ?? '',
        '',
        untracked.name ?? '',
        untracked.status ?? '',
        'edible',
        '',
        untracked.price ?? '',
        '',
        '',
        '0',
        untracked.description ?? '',
      ],
      ['', '', 'Harvest Moon Reserve', 'draft', 'flower', 'blue-dream', '', '40.00', '75.00', '28', 'Earthy, piney, slow-cured.'],
    ]);
    const preview = (await (await importCsv(text)).json()) as ImportReport;
    expect(preview).toEqual({ dryRun: true, create: 1, update: 2, unchanged: 0, errors: [], moreErrors: 0 });

    const applied = await importCsv(text, { dryRun: false });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ ...preview, dryRun: false });

    const [updated] = await t.db.select().from(products).where(eq(products.id, id));
    expect(updated?.price).toBe(3150);
    expect(updated?.stockMilli).toBe((stored?.stockMilli ?? 0) + 4000);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((a) => [a.actor, a.field, a.fromValue, a.toValue])).toEqual(
      expect.arrayContaining([
        [`admin:${EMAIL}`, 'price', String(stored?.price), '3150'],
        [`admin:${EMAIL}`, 'stockMilli', String(stored?.stockMilli), String((stored?.stockMilli ?? 0) + 4000)],
      ]),
    );
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    expect(moves.at(-1)).toMatchObject({ deltaMilli: 4000, reason: 'correction', note: 'CSV import', actor: `admin:${EMAIL}` });

    // An untracked product given a count of 0 is counted from now on.
    const [counted] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, Number(untracked.id)));
    expect(counted?.stockMilli).toBe(0);

    const [created] = await t.db.select().from(products).where(eq(products.slug, 'harvest-moon-reserve'));
    expect(created).toMatchObject({
      name: 'Harvest Moon Reserve',
      status: 'draft',
      price: 4000,
      price3_5g: 4000,
      price7g: 7500,
      stockMilli: 28_000,
    });
    const createdMoves = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, created?.id ?? 0));
    expect(createdMoves).toEqual([expect.objectContaining({ deltaMilli: 28_000, reason: 'received', note: 'Initial stock (CSV import)' })]);
    // A new product's trail: every field it was created with, as auditChanges(null, values) has it.
    const createdTrail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created?.id ?? 0));
    const [{ id: _id, ...values } = { id: 0 }] = await t.db
      .select(CSV_FIELDS)
      .from(products)
      .where(eq(products.id, created?.id ?? 0));
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
    expect(createdTrail.map((a) => ({ field: a.field, fromValue: a.fromValue, toValue: a.toValue })).sort(byField)).toEqual(
      auditChanges(null, values).sort(byField),
    );
    expect(createdTrail.map((a) => a.field)).toEqual(expect.arrayContaining(['name', 'slug', 'price3_5g', 'stockMilli', 'rating']));

    // Importing the same file again changes nothing more.
    expect(((await (await importCsv(text)).json()) as ImportReport).create).toBe(1);
    const again = table(await exportCsv()).filter((r) => [String(id), untracked.id, String(created?.id)].includes(r.id));
    expect(((await (await importCsv(toCsv(again))).json()) as ImportReport).unchanged).toBe(3);
  });
});

describe('the request', () => {
  it('refuses a file over 5 MB with 413 naming the limit, and changes nothing', async () => {
    const before = await snapshot();
    const big = `name,category\n${'x'.repeat(MAX_IMPORT_BYTES)}\n`;
    const res = await importCsv(big, { dryRun: false });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'The CSV file must be at most 5 MB.',
      code: 'file_too_large',
      fields: { file: 'The CSV file must be at most 5 MB.' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('wants text/csv, an empty body is a 400, a bad dryRun a 400 naming it, and text must be UTF-8', async () => {
    expect((await importCsv('{}', { type: 'application/json' })).status).toBe(415);
    const empty = await importCsv('');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fields: { file: 'Choose a CSV file to import.' } });
    const badQuery = await importCsv('name,category\n', { query: '?dryRun=maybe' });
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ fields: { dryRun: 'dryRun is 1 (preview) or 0 (apply)' } });
    const latin1 = await importCsv(new Blob([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x0a])]));
    expect(latin1.status).toBe(422);
    expect(await latin1.json()).toMatchObject({ fields: { file: expect.stringMatching(/UTF-8/) } });
  });

  it('is admin-only: 401 without a session, 403 from another site', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/products/export.csv'],
      ['GET', '/api/admin/products/template.csv'],
      ['POST', '/api/admin/products/import?dryRun=1'],
    ] as const) {
      const res = await app.request(path, {
        method,
        headers: { origin: TEST_ORIGIN, 'content-type': 'text/csv' },
        ...(method === 'POST' ? { body: 'name,category\n' } : {}),
      });
      expect(res.status, path).toBe(401);
    }
    const crossSite = await app.request('/api/admin/products/import', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'text/csv' },
      body: 'name,category\nMints,edible\n',
    });
    expect(crossSite.status).toBe(403);
    // The route walk of tests/api/admin.test.ts reaches these routes too.
    const walked = app.routes
      .filter((r) => r.path.startsWith('/api/admin/products/') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/admin/products/export.csv',
        'GET /api/admin/products/template.csv',
        'POST /api/admin/products/import',
      ]),
    );
  });
});
