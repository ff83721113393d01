/**
 * Categories and strains in the admin (M1, M3, M4): create, rename, reorder, retire and restore
 * through /api/admin/categories and /api/admin/strains, with the storefront's answers following,
 * old slugs left as redirects, every change in the audit trail, and bad input changing nothing.
 */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, products, slugRedirects } from '../../src/db/schema.ts';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { AdminCategory } from '../../src/features/menu/categories.ts';
import type { ImportReport } from '../../src/features/menu/csv-upload.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const EMAIL = 'menu@example.com';
const ACTOR = `admin:${EMAIL}`;
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

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await app.request(path, {
    method,
    headers: { cookie, origin: TEST_ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

async function checkout(
  items: { productId: number; quantity: number; weight?: string }[],
): Promise<{ status: number; body: ErrorBody & { orderId?: string } }> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload(items)),
  });
  return { status: res.status, body: (await res.json()) as ErrorBody & { orderId?: string } };
}

async function exportCsv(): Promise<string> {
  const res = await app.request('/api/admin/products/export.csv', { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

async function importCsv(text: string, dryRun: boolean): Promise<ImportReport> {
  const res = await app.request(`/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'text/csv; charset=utf-8' },
    body: text,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ImportReport;
}

const adminCategories = async () => (await call<AdminCategory[]>('GET', '/api/admin/categories')).body;
const adminStrains = async () => (await call<AdminCategory[]>('GET', '/api/admin/strains')).body;
const publicCategories = async () => (await (await app.request('/api/categories')).json()) as ApiCategory[];
const topLevel = (list: readonly ApiCategory[]) => list.filter((c) => c.parentId == null);
const byName = (list: readonly AdminCategory[], name: string) => {
  const found = list.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

async function trail(entity: 'category' | 'strain', id: number) {
  return t.db
    .select({ actor: auditLog.actor, field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));
}

async function redirectsTo(kind: 'category' | 'strain', id: number) {
  const rows = await t.db
    .select({ oldSlug: slugRedirects.oldSlug })
    .from(slugRedirects)
    .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.targetId, id)));
  return rows.map((r) => r.oldSlug).sort();
}

/** Everything these routes write, as text, to show that a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const tables = ['categories', 'slug_redirects', 'audit_log'];
  const parts = await Promise.all(tables.map((table) => t.db.all(sql.raw(`select * from ${table} order by rowid`))));
  return JSON.stringify(parts);
}

async function activeIn(column: 'category' | 'strain', id: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.status, 'active'), column === 'category' ? eq(products.categoryId, id) : eq(products.subcategoryId, id)));
  return row?.n ?? 0;
}

describe('GET /api/admin/categories and /strains', () => {
  it('lists every category and strain with its retired flag and the count of its active products', async () => {
    const all = await adminCategories();
    const flower = byName(all, 'Flower');
    expect(flower).toMatchObject({ slug: 'flower', parentId: null, retired: false });
    expect(flower.activeProducts).toBe(await activeIn('category', flower.id));
    expect(flower.activeProducts).toBeGreaterThan(0);
    const strains = await adminStrains();
    expect(strains.length).toBe(all.filter((c) => c.parentId != null).length);
    expect(strains.every((s) => s.parentId === flower.id)).toBe(true);
    const strain = strains[0];
    if (!strain) throw new Error('no strains');
    expect(strain.activeProducts).toBe(await activeIn('strain', strain.id));
  });
});

describe('categories: create, rename, reorder', () => {
  it('creates a category last in order, with a slug from its name, shown on the storefront at once, and audited', async () => {
    const before = topLevel(await publicCategories());
    const res = await call<AdminCategory>('POST', '/api/admin/categories', {
      name: 'Topicals',
      description: 'Balms and lotions.',
      image: '/images/categories/topicals.webp',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Topicals',
      slug: 'topicals',
      parentId: null,
      retired: false,
      activeProducts: 0,
      description: 'Balms and lotions.',
    });
    expect(res.body.sortOrder).toBe(Math.max(...before.map((c) => c.sortOrder)) + 1);
    expect(topLevel(await publicCategories()).map((c) => c.name)).toEqual([...before.map((c) => c.name), 'Topicals']);
    expect(await trail('category', res.body.id)).toEqual([
      { actor: ACTOR, field: 'name', from: null, to: 'Topicals' },
      { actor: ACTOR, field: 'slug', from: null, to: 'topicals' },
      { actor: ACTOR, field: 'description', from: null, to: 'Balms and lotions.' },
      { actor: ACTOR, field: 'image', from: null, to: '/images/categories/topicals.webp' },
      { actor: ACTOR, field: 'sortOrder', from: null, to: String(res.body.sortOrder) },
    ]);
  });

  it('renames a category it added, and refuses a name in use', async () => {
    const created = await call<AdminCategory>('POST', '/api/admin/categories', { name: 'Wellness' });
    const renamed = await call<AdminCategory>('PATCH', `/api/admin/categories/${created.body.id}`, { name: 'Wellness & Care' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Wellness & Care', slug: 'wellness' });
    expect(topLevel(await publicCategories()).some((c) => c.name === 'Wellness & Care')).toBe(true);
    expect((await trail('category', created.body.id)).at(-1)).toEqual({
      actor: ACTOR,
      field: 'name',
      from: 'Wellness',
      to: 'Wellness & Care',
    });

    const before = await snapshot();
    const taken = await call<ErrorBody>('PATCH', `/api/admin/categories/${created.body.id}`, { name: 'edible' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ name: 'There is already a category named edible' });
    const twice = await call<ErrorBody>('POST', '/api/admin/categories', { name: 'TOPICALS' });
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.name).toBe('There is already a category named TOPICALS');
    expect(await snapshot()).toBe(before);

    // A built-in category's description is the admin's too.
    const flower = byName(await adminCategories(), 'Flower');
    const edited = await call<AdminCategory>('PATCH', `/api/admin/categories/${flower.id}`, { name: 'Flower', description: 'Fresh buds.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Flower', description: 'Fresh buds.' });
  });

  it('renames a built-in category: it shows the new name and keeps its rules, and renames back', async () => {
    const flower = byName(await adminCategories(), 'Flower');
    const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
    const bud = catalogue.find((p) => p.categoryId === flower.id && p.inStock && p.price3_5g != null);
    if (!bud) throw new Error('no flower product with a 3.5g price in stock');
    const csvBefore = await exportCsv();

    const renamed = await call<AdminCategory>('PATCH', `/api/admin/categories/${flower.id}`, { name: 'Flower & Buds' });
    try {
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Flower & Buds', kind: 'Flower', slug: flower.slug });
      expect((await trail('category', flower.id)).at(-1)).toEqual({ actor: ACTOR, field: 'name', from: 'Flower', to: 'Flower & Buds' });
      expect(topLevel(await publicCategories()).find((c) => c.id === flower.id)).toMatchObject({ name: 'Flower & Buds', kind: 'Flower' });
      const product = (await (await app.request(`/api/products/${bud.id}`)).json()) as ApiProduct;
      expect(product).toMatchObject({ categoryName: 'Flower & Buds', category: 'Flower', inStock: true });
      // Links that name the category by its old name (the search filter's) still find its products.
      const filtered = (await (await app.request('/api/products?category=Flower')).json()) as ApiProduct[];
      expect(filtered.map((p) => p.id)).toContain(bud.id);

      // The CSV round trip changes nothing: the weight columns still belong to the category.
      const csv = await exportCsv();
      expect(csv).toBe(csvBefore);
      const preview = await importCsv(csv, true);
      expect(preview).toMatchObject({ create: 0, update: 0, errors: [] });
      const rows = await t.db.select().from(products).orderBy(asc(products.id));
      expect(await importCsv(csv, false)).toMatchObject({ create: 0, update: 0, errors: [] });
      expect(await t.db.select().from(products).orderBy(asc(products.id))).toEqual(rows);

      // Still sold by weight: a 3.5g line is sold as 3.5g, a line without a weight is refused.
      const weighed = await checkout([{ productId: bud.id, quantity: 1, weight: '3.5g' }]);
      expect(weighed.status, JSON.stringify(weighed.body)).toBe(200);
      const placed = (await (await app.request(`/api/orders/${weighed.body.orderId}`)).json()) as OrderView;
      expect(placed.items.map((i) => i.name)).toEqual([`${bud.name} - 3.5g`]);
      const unweighed = await checkout([{ productId: bud.id, quantity: 1 }]);
      expect(unweighed.status).toBe(422);
      expect(unweighed.body.error).toBe(`Please choose a weight for ${bud.name}.`);
    } finally {
      const back = await call<AdminCategory>('PATCH', `/api/admin/categories/${flower.id}`, { name: 'Flower' });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ name: 'Flower', kind: 'Flower' });
    }
  });

  it('reorders the top-level categories: the public list (and so the home page) follows', async () => {
    const ids = topLevel(await publicCategories()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await call<AdminCategory[]>('PUT', '/api/admin/categories/order', { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.id)).toEqual(reversed);
    expect(topLevel(await publicCategories()).map((c) => c.id)).toEqual(reversed);
    expect(res.body.map((c) => c.sortOrder)).toEqual(reversed.map((_, i) => i + 1));
    const first = reversed[0] ?? 0;
    expect((await trail('category', first)).at(-1)).toMatchObject({ field: 'sortOrder', to: '1' });

    const before = await snapshot();
    const strain = (await adminStrains())[0]?.id ?? 0;
    for (const stale of [reversed.slice(1), [...reversed, 99_999], [...reversed.slice(1), strain]]) {
      const refused = await call<ErrorBody>('PUT', '/api/admin/categories/order', { ids: stale });
      expect(refused.status, JSON.stringify(stale)).toBe(409);
      expect(refused.body.fields).toEqual({ ids: 'The list of categories has changed. Reload it and try again.' });
    }
    const doubled = await call<ErrorBody>('PUT', '/api/admin/categories/order', { ids: [first, first] });
    expect(doubled.status).toBe(400);
    expect(doubled.body.fields).toEqual({ ids: 'Each id once' });
    expect(await snapshot()).toBe(before);

    // Back to the seed's order for the tests that follow.
    expect((await call('PUT', '/api/admin/categories/order', { ids })).status).toBe(200);
  });
});

describe('retiring', () => {
  it('refuses to retire a category that holds active products, naming how many', async () => {
    const flower = byName(await adminCategories(), 'Flower');
    const n = await activeIn('category', flower.id);
    const before = await snapshot();
    const res = await call<ErrorBody>('POST', `/api/admin/categories/${flower.id}/retire`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: `This category still holds ${n} active products`, code: 'still_in_use' });
    expect(await snapshot()).toBe(before);
  });

  it('retires an empty category (it leaves the storefront) and restores it, each audited', async () => {
    const created = (await call<AdminCategory>('POST', '/api/admin/categories', { name: 'Seasonal' })).body;
    const retired = await call<AdminCategory>('POST', `/api/admin/categories/${created.id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ retired: true, activeProducts: 0 });
    expect((await publicCategories()).some((c) => c.id === created.id)).toBe(false);
    expect(byName(await adminCategories(), 'Seasonal').retired).toBe(true);
    // Retiring twice changes nothing more.
    expect((await call('POST', `/api/admin/categories/${created.id}/retire`)).status).toBe(200);
    const restored = await call<AdminCategory>('POST', `/api/admin/categories/${created.id}/restore`);
    expect(restored.body.retired).toBe(false);
    expect((await publicCategories()).some((c) => c.id === created.id)).toBe(true);
    expect((await trail('category', created.id)).filter((r) => r.field === 'retired')).toEqual([
      { actor: ACTOR, field: 'retired', from: 'false', to: 'true' },
      { actor: ACTOR, field: 'retired', from: 'true', to: 'false' },
    ]);
  });

  it('retires a strain once its products are no longer active (drafts and archived ones do not hold it)', async () => {
    const [held] = await t.db
      .select({ id: products.subcategoryId, n: count() })
      .from(products)
      .where(and(eq(products.status, 'active'), isNotNull(products.subcategoryId)))
      .groupBy(products.subcategoryId)
      .orderBy(asc(count()))
      .limit(1);
    const strainId = held?.id ?? 0;
    const n = held?.n ?? 0;
    expect(n).toBeGreaterThan(0);
    const refused = await call<ErrorBody>('POST', `/api/admin/strains/${strainId}/retire`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`This strain still holds ${n} active ${n === 1 ? 'product' : 'products'}`);
    const ids = (await t.db.select({ id: products.id }).from(products).where(eq(products.subcategoryId, strainId))).map((p) => p.id);
    await t.db.update(products).set({ status: 'archived' }).where(eq(products.subcategoryId, strainId));
    try {
      const retired = await call<AdminCategory>('POST', `/api/admin/strains/${strainId}/retire`);
      expect(retired.status).toBe(200);
      expect(retired.body.retired).toBe(true);
      const flower = (await publicCategories()).find((c) => c.name === 'Flower');
      expect(flower?.subcategories.some((s) => s.id === strainId)).toBe(false);
      expect((await call('POST', `/api/admin/strains/${strainId}/restore`)).status).toBe(200);
    } finally {
      for (const id of ids) await t.db.update(products).set({ status: 'active' }).where(eq(products.id, id));
    }
  });

  it('answers 404 for an id that is not of its kind', async () => {
    const flower = byName(await adminCategories(), 'Flower');
    const strain = (await adminStrains())[0]?.id ?? 0;
    expect((await call('POST', `/api/admin/strains/${flower.id}/retire`)).status).toBe(404);
    expect((await call('PATCH', `/api/admin/strains/${flower.id}`, { name: 'X' })).status).toBe(404);
    expect((await call('PATCH', `/api/admin/categories/${strain}`, { name: 'X' })).status).toBe(404);
    expect((await call('PATCH', '/api/admin/categories/999999', { name: 'X' })).status).toBe(404);
  });
});

describe('slug changes leave redirects (M4)', () => {
  it('A -> B -> C: both old slugs lead to the category id; taking an old slug back removes its redirect', async () => {
    const created = (await call<AdminCategory>('POST', '/api/admin/categories', { name: 'Alpha', slug: 'slug-a' })).body;
    expect(created.slug).toBe('slug-a');
    expect((await call<AdminCategory>('PATCH', `/api/admin/categories/${created.id}`, { slug: 'slug-b' })).body.slug).toBe('slug-b');
    expect(await redirectsTo('category', created.id)).toEqual(['slug-a']);
    expect((await call<AdminCategory>('PATCH', `/api/admin/categories/${created.id}`, { slug: 'slug-c' })).body.slug).toBe('slug-c');
    expect(await redirectsTo('category', created.id)).toEqual(['slug-a', 'slug-b']);
    expect((await trail('category', created.id)).filter((r) => r.field === 'slug').map((r) => [r.from, r.to])).toEqual([
      [null, 'slug-a'],
      ['slug-a', 'slug-b'],
      ['slug-b', 'slug-c'],
    ]);

    // Back to A: A is its address again, so its redirect goes, and C's address now redirects.
    await call('PATCH', `/api/admin/categories/${created.id}`, { slug: 'slug-a' });
    expect(await redirectsTo('category', created.id)).toEqual(['slug-b', 'slug-c']);

    // A made-up slug keeps clear of old addresses; an explicit one may take one over.
    const generated = (await call<AdminCategory>('POST', '/api/admin/categories', { name: 'Slug B' })).body;
    expect(generated.slug).toBe('slug-b-2');
    const explicit = (await call<AdminCategory>('POST', '/api/admin/categories', { name: 'Beta', slug: 'slug-b' })).body;
    expect(explicit.slug).toBe('slug-b');
    expect(await redirectsTo('category', created.id)).toEqual(['slug-c']);

    const before = await snapshot();
    const taken = await call<ErrorBody>('PATCH', `/api/admin/categories/${created.id}`, { slug: 'flower' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ slug: 'Already used by another category or strain' });
    expect(await snapshot()).toBe(before);
  });

  it("a strain's slug change is a strain redirect", async () => {
    const strain = (await adminStrains())[0];
    if (!strain) throw new Error('no strains');
    await call('PATCH', `/api/admin/strains/${strain.id}`, { slug: `${strain.slug}-classic` });
    expect(await redirectsTo('strain', strain.id)).toEqual([strain.slug]);
    expect(await redirectsTo('category', strain.id)).toEqual([]);
    await call('PATCH', `/api/admin/strains/${strain.id}`, { slug: strain.slug });
    expect(await redirectsTo('strain', strain.id)).toEqual([`${strain.slug}-classic`]);
  });
});

describe('strains', () => {
  it('creates a strain beneath Flower with type, description, effects and best-for, edits and reorders it', async () => {
    const flower = byName(await adminCategories(), 'Flower');
    const res = await call<AdminCategory>('POST', '/api/admin/strains', {
      name: 'Runtz',
      strainType: 'Hybrid',
      description: 'Candy-sweet and smooth.',
      effects: 'happy,  euphoric, Happy',
      bestFor: 'Evening, Social, evening',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Runtz',
      slug: 'runtz',
      parentId: flower.id,
      strainType: 'Hybrid',
      effects: 'Happy, Euphoric',
      bestFor: 'Evening, Social',
      retired: false,
    });
    const publicFlower = (await publicCategories()).find((c) => c.id === flower.id);
    expect(publicFlower?.subcategories.at(-1)).toEqual({ id: res.body.id, name: 'Runtz', slug: 'runtz' });

    const edited = await call<AdminCategory>('PATCH', `/api/admin/strains/${res.body.id}`, {
      strainType: 'Indica',
      effects: 'Sleepy',
      name: 'Runtz OG',
    });
    expect(edited.body).toMatchObject({ name: 'Runtz OG', strainType: 'Indica', effects: 'Sleepy', bestFor: 'Evening, Social' });
    const rows = await trail('strain', res.body.id);
    expect(rows.slice(-3)).toEqual([
      { actor: ACTOR, field: 'name', from: 'Runtz', to: 'Runtz OG' },
      { actor: ACTOR, field: 'strainType', from: 'Hybrid', to: 'Indica' },
      { actor: ACTOR, field: 'effects', from: 'Happy, Euphoric', to: 'Sleepy' },
    ]);

    const ids = (await adminStrains()).map((s) => s.id);
    const order = [res.body.id, ...ids.filter((id) => id !== res.body.id)];
    expect((await call('PUT', '/api/admin/strains/order', { ids: order })).status).toBe(200);
    const after = (await publicCategories()).find((c) => c.id === flower.id);
    expect(after?.subcategories[0]?.id).toBe(res.body.id);
    const stale = await call<ErrorBody>('PUT', '/api/admin/strains/order', { ids: order.slice(1) });
    expect(stale.body.fields).toEqual({ ids: 'The list of strains has changed. Reload it and try again.' });
  });
});

describe('bad input names the field and changes nothing', () => {
  it('refuses each bad field with a 400 that names it', async () => {
    const flower = byName(await adminCategories(), 'Flower');
    const strain = (await adminStrains())[0]?.id ?? 0;
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/admin/categories', {}, 'name'],
      ['POST', '/api/admin/categories', { name: '   ' }, 'name'],
      ['POST', '/api/admin/categories', { name: 'x'.repeat(81) }, 'name'],
      ['POST', '/api/admin/categories', { name: 'Ok', slug: 'Not a slug!' }, 'slug'],
      ['POST', '/api/admin/categories', { name: 'Ok', slug: '-edge-' }, 'slug'],
      ['POST', '/api/admin/categories', { name: 'Ok', image: 'javascript:alert(1)' }, 'image'],
      ['POST', '/api/admin/categories', { name: 'Ok', description: 42 }, 'description'],
      ['POST', '/api/admin/categories', { name: 'Ok', retired: true }, 'retired'],
      ['POST', '/api/admin/strains', { name: 'Ok' }, 'strainType'],
      ['POST', '/api/admin/strains', { name: 'Ok', strainType: 'Purple' }, 'strainType'],
      ['POST', '/api/admin/strains', { name: 'Ok', strainType: 'Sativa', effects: 'Happy, Flying' }, 'effects'],
      ['POST', '/api/admin/strains', { name: 'Ok', strainType: 'Sativa', bestFor: 'a,b,c,d,e,f,g,h,i' }, 'bestFor'],
      ['POST', '/api/admin/strains', { name: 'Ok', strainType: 'Sativa', bestFor: '<script>' }, 'bestFor'],
      ['PATCH', `/api/admin/categories/${flower.id}`, { slug: '' }, 'slug'],
      ['PATCH', `/api/admin/categories/${flower.id}`, { strainType: 'Indica' }, 'strainType'],
      ['PATCH', `/api/admin/strains/${strain}`, { effects: ['Happy'] }, 'effects'],
      ['PUT', '/api/admin/categories/order', { ids: [] }, 'ids'],
      ['PUT', '/api/admin/categories/order', { ids: [1, 'two'] }, 'ids'],
      ['PUT', '/api/admin/strains/order', {}, 'ids'],
    ];
    const before = await snapshot();
    for (const [method, path, body, field] of cases) {
      const res = await call<ErrorBody>(method, path, body);
      const label = `${method} ${path} ${JSON.stringify(body)}`;
      expect(res.status, label).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), label).toEqual([field]);
      expect(res.body.error, label).toBe(res.body.fields?.[field]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('strain types are those the storefront filters by', async () => {
    const res = await call<ErrorBody>('POST', '/api/admin/strains', { name: 'Ok', strainType: 'Purple' });
    expect(res.body.fields?.strainType).toBe('Choose a strain type: Indica, Sativa, Hybrid, CBD');
  });

  it('needs a session and the shop as origin', async () => {
    const anonymous = await app.request('/api/admin/categories', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nope' }),
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await app.request('/api/admin/categories', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nope' }),
    });
    expect(crossSite.status).toBe(403);
    const [n] = await t.db.select({ n: count() }).from(categories).where(eq(categories.name, 'Nope'));
    expect(n?.n).toBe(0);
  });
});
