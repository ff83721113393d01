import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, outbox, products } from '../../src/db/schema.ts';
import type { AdminOrder, AdminOrderSummary, AdminProduct } from '../../src/features/admin/admin.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { createAdmin, SIGN_IN_LIMIT } from '../../src/features/staff/accounts.server.ts';
import { PUBLIC_ADMIN_ROUTES } from '../../src/server/api/admin-auth.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
const EMAIL = 'boss@example.com';
const PASSWORD = 'correct horse battery staple';

let t: TestDb;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, PASSWORD);
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.0.0.${++ipCounter}`;

function request(path: string, init: { method?: string; body?: unknown; cookie?: string; origin?: string | null; ip?: string } = {}) {
  const headers: Record<string, string> = { 'cf-connecting-ip': init.ip ?? '192.0.2.1' };
  if (init.origin !== null) headers.origin = init.origin ?? ORIGIN;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function login(email = EMAIL, password = PASSWORD, ip = freshIp()) {
  const res = await request('/api/admin/login', { method: 'POST', body: { email, password }, ip });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

/** Every admin-only route the router knows (/api/admin and /api/seo), with its parameters filled in. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => (r.path.startsWith('/api/admin') || r.path.startsWith('/api/seo')) && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:ref/g, 'AAAAAAAAAAAAAAAAAAAAAA').replace(/:[a-zA-Z]+/g, '1') }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('admin auth matrix (D21)', () => {
  it('walks every admin route: 401 without a session, unless the route is public', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const r of routes) {
      const res = await request(r.path, { method: r.method, ...(r.method === 'GET' ? {} : { body: {} }) });
      const key = `${r.method} ${r.path}`;
      if (PUBLIC_ADMIN_ROUTES.has(key)) expect(res.status, key).not.toBe(401);
      else {
        expect(res.status, key).toBe(401);
        expect(await res.json()).toEqual({ error: 'Not authenticated. Please log in to the admin panel first.', code: 'unauthenticated' });
      }
    }
  });

  it("covers the product manager's routes", () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/products',
        'POST /api/admin/products',
        'POST /api/admin/products/bulk',
        'PATCH /api/admin/products/1',
        'DELETE /api/admin/products/1',
        'PATCH /api/admin/products/1/inventory',
        'GET /api/admin/products/1/ledger',
        'POST /api/admin/products/1/stock',
        'GET /api/admin/products/1/audit',
      ]),
    );
  });

  it('refuses an expired session and a session ended by logout', async () => {
    const { cookie } = await login();
    expect((await request('/api/admin/me', { cookie })).status).toBe(200);
    await t.db.update(adminSessions).set({ expiresAt: Date.now() - 1 });
    for (const r of adminRoutes().filter((x) => !PUBLIC_ADMIN_ROUTES.has(`${x.method} ${x.path}`))) {
      expect(
        (await request(r.path, { method: r.method, cookie, ...(r.method === 'GET' ? {} : { body: {} }) })).status,
        `${r.method} ${r.path}`,
      ).toBe(401);
    }

    const second = await login();
    expect((await request('/api/admin/me', { cookie: second.cookie })).status).toBe(200);
    const out = await request('/api/admin/logout', { method: 'POST', cookie: second.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/admin_session=;/);
    for (const r of adminRoutes().filter((x) => !PUBLIC_ADMIN_ROUTES.has(`${x.method} ${x.path}`))) {
      expect(
        (await request(r.path, { method: r.method, cookie: second.cookie, ...(r.method === 'GET' ? {} : { body: {} }) })).status,
        `${r.method} ${r.path}`,
      ).toBe(401);
    }
  });
});

describe('sign-in (D20, D21)', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie, renews the id on each sign-in, and never returns the hash', async () => {
    const first = await login();
    expect(first.res.status).toBe(200);
    const body = await first.res.text();
    expect(JSON.parse(body)).toMatchObject({ isLoggedIn: true, email: EMAIL });
    expect(body).not.toMatch(/pbkdf2|passwordHash|password/i);
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/SameSite=Strict/);
    expect(first.setCookie).toMatch(/Path=\//);
    const second = await login();
    expect(second.cookie).not.toBe(first.cookie);
    const me = await request('/api/admin/me', { cookie: second.cookie });
    expect(JSON.stringify(await me.json())).not.toMatch(/pbkdf2|hash/i);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    for (const [email, password] of [
      [EMAIL, 'wrong password!!'],
      ['nobody@example.com', PASSWORD],
    ] as const) {
      const { res } = await login(email, password);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    }
  });

  it('locks an account from one address after repeated failures (429 with Retry-After), not from others', async () => {
    await createAdmin(t.db, 'target@example.com', PASSWORD);
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.pair.max; i++) expect((await login('target@example.com', 'nope nope nope', ip)).res.status).toBe(401);
    const locked = await login('target@example.com', PASSWORD, ip);
    expect(locked.res.status).toBe(429);
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await locked.res.json()) as { error: string }).error).toMatch(/^Too many failed sign-in attempts/);
    expect((await login('target@example.com', PASSWORD, freshIp())).res.status).toBe(200);
  });

  it('locks an account after repeated failures from many addresses', async () => {
    await createAdmin(t.db, 'spread@example.com', PASSWORD);
    for (let i = 0; i < SIGN_IN_LIMIT.account.max; i++)
      expect((await login('spread@example.com', 'nope nope nope', freshIp())).res.status).toBe(401);
    expect((await login('spread@example.com', PASSWORD, freshIp())).res.status).toBe(429);
  });

  it('limits one address trying many accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_LIMIT.address.max; i++)
      expect((await login(`guess${i}@example.com`, 'nope nope nope', ip)).res.status).toBe(401);
    expect((await login(EMAIL, PASSWORD, ip)).res.status).toBe(429);
    expect((await login(EMAIL, PASSWORD, freshIp())).res.status).toBe(200);
  });

  it('refuses cross-site state-changing requests (CSRF)', async () => {
    const { cookie } = await login();
    const evil = await request('/api/admin/send-email', {
      method: 'POST',
      cookie,
      origin: 'https://evil.example',
      body: { to: 'x@example.com', subject: 'Hi', text: 'Hello' },
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { code: string }).code).toBe('cross_site_request');
    const noOrigin = await request('/api/admin/logout', { method: 'POST', cookie, origin: null });
    expect(noOrigin.status).toBe(403);
    const crossLogin = await request('/api/admin/login', {
      method: 'POST',
      origin: 'https://evil.example',
      body: { email: EMAIL, password: PASSWORD },
    });
    expect(crossLogin.status).toBe(403);
    // Reads are not state-changing and stay available.
    expect((await request('/api/admin/me', { cookie, origin: 'https://evil.example' })).status).toBe(200);
  });
});

describe("the product manager's writes refuse other sites (CSRF, D21)", () => {
  it('answers 403 to every write under /api/admin/products from another origin or none, and changes nothing', async () => {
    const { cookie } = await login();
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const writes = app.routes
      .filter((r) => r.path.startsWith('/api/admin/products') && !['GET', 'ALL'].includes(r.method))
      .map((r) => ({ method: r.method, path: r.path.replace(/:id/g, String(product?.id)) }));
    expect(writes.length).toBeGreaterThanOrEqual(6);
    const before = JSON.stringify(await t.db.select().from(products));
    for (const w of writes) {
      for (const origin of ['https://evil.example', null]) {
        const res = await request(w.path, { method: w.method, cookie, origin, body: { quantity: 1, reason: 'received', ids: [1] } });
        expect(res.status, `${w.method} ${w.path} from ${origin}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('cross_site_request');
      }
    }
    expect(JSON.stringify(await t.db.select().from(products))).toBe(before);
  });
});

describe('orders (D16, D17, D18)', () => {
  async function placeOrder(email: string, productId: number, quantity = 1): Promise<string> {
    const res = await app.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(
        checkoutPayload([{ productId, quantity }], {
          customer: { firstName: 'Ann', lastName: 'Admin-Test', email, phone: '(410) 555-0199' },
        }),
      ),
    });
    return ((await res.json()) as { orderId: string }).orderId;
  }

  it('finds orders by e-mail, name, phone digits and ref; filters by status; sorts both ways', async () => {
    const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
    const edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
    const ref = await placeOrder('find.me@example.com', edible.id);
    const { cookie } = await login();
    const list = async (q: Record<string, string>) =>
      ((await (await request(`/api/admin/orders?${new URLSearchParams(q)}`, { cookie })).json()) as { orders: AdminOrderSummary[] }).orders;
    expect((await list({ q: 'find.me@example.com' })).map((o) => [o.ref, o.itemCount])).toEqual([[ref, 1]]);
    expect((await list({ q: 'Ann Admin-Test' })).map((o) => o.ref)).toContain(ref);
    expect((await list({ q: '4105550199' })).map((o) => o.ref)).toContain(ref);
    expect((await list({ q: ref.slice(0, 10) })).map((o) => o.ref)).toEqual([ref]);
    expect((await list({ q: 'find.me', status: 'shipped' })).length).toBe(0);
    const newest = await list({});
    const oldest = await list({ sort: 'oldest' });
    expect(newest[0]?.createdAt).toBeGreaterThanOrEqual(newest.at(-1)?.createdAt ?? 0);
    expect(oldest[0]?.createdAt).toBeLessThanOrEqual(oldest.at(-1)?.createdAt ?? 0);
    expect((await request('/api/admin/orders?status=lost', { cookie })).status).toBe(400);
  });

  it('records a status change with its note, e-mails the customer, and returns stock on cancel', async () => {
    const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
    const item = pick(
      catalogue,
      (p) => p.category === 'Accessories' && p.inStock && !p.isDeal && p.stockQuantity != null,
      'tracked accessory',
    );
    const stock = async () => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, item.id)))[0]?.s;
    const before = await stock();
    const ref = await placeOrder('status@example.com', item.id, 2);
    expect(await stock()).toBe((before ?? 0) - 2000);
    const { cookie } = await login();

    const shipped = await request(`/api/admin/orders/${ref}/status`, {
      method: 'PATCH',
      cookie,
      body: { status: 'shipped', note: 'Driver Sam, 20 minutes' },
    });
    expect(shipped.status).toBe(200);
    const order = (await shipped.json()) as AdminOrder;
    expect(order.status).toBe('shipped');
    expect(order.history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, 'processing', 'Order placed'],
      ['processing', 'shipped', 'Driver Sam, 20 minutes'],
    ]);
    expect(order.history[1]?.actor).toBe(`admin:${EMAIL}`);
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'status@example.com'));
    expect(mails.map((m) => m.kind).sort()).toEqual(['order_confirmation', 'order_status']);
    expect(mails.find((m) => m.kind === 'order_status')?.body).toContain('Driver Sam, 20 minutes');

    expect((await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', cookie, body: { status: 'cancelled' } })).status).toBe(200);
    expect(await stock()).toBe(before);
    expect((await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', cookie, body: { status: 'processing' } })).status).toBe(
      200,
    );
    expect(await stock()).toBe((before ?? 0) - 2000);

    expect((await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', cookie, body: { status: 'lost' } })).status).toBe(400);
    expect(
      (await request('/api/admin/orders/AAAAAAAAAAAAAAAAAAAAAA/status', { method: 'PATCH', cookie, body: { status: 'shipped' } })).status,
    ).toBe(404);
  });

  it('queues an admin e-mail in the outbox and lists it', async () => {
    const { cookie } = await login();
    const bad = await request('/api/admin/send-email', { method: 'POST', cookie, body: { to: 'not-an-email', subject: '', text: '' } });
    expect(bad.status).toBe(400);
    const res = await request('/api/admin/send-email', {
      method: 'POST',
      cookie,
      body: { to: 'client@example.com', subject: 'Your delivery', text: 'We are on our way.' },
    });
    expect(await res.json()).toEqual({ success: true, status: 'pending' });
    const list = (await (await request('/api/admin/outbox', { cookie })).json()) as {
      messages: { toAddress: string; status: string; kind: string }[];
    };
    expect(list.messages[0]).toMatchObject({ toAddress: 'client@example.com', status: 'pending', kind: 'admin_message' });
  });
});

describe('products (admin.md §2 Product Manager)', () => {
  it('edits a product and the storefront API shows the new price at once; bad input is a 400 naming the field', async () => {
    const { cookie } = await login();
    const list = (await (await request('/api/admin/products', { cookie })).json()) as AdminProduct[];
    const edible = pick(list, (p) => p.category === 'Edible' && !p.isDeal && p.salePrice == null, 'plain edible');
    const update = {
      name: edible.name,
      description: edible.description,
      price: edible.price + 250,
      salePrice: null,
      price1g: null,
      price2g: null,
      price3_5g: null,
      price7g: null,
      priceHalfOz: null,
      priceOz: null,
      rating: 4.2,
      thcContent: null,
      cbdContent: null,
      strainType: 'Hybrid',
      effects: 'Happy, Relaxing',
      flavor: 'Peach',
      stockQuantity: 40,
      isFeatured: false,
      isBestSeller: true,
    };
    const res = await request(`/api/admin/products/${edible.id}`, { method: 'PATCH', cookie, body: update });
    expect(res.status).toBe(200);
    const live = (await (await app.request(`/api/products/${edible.id}`)).json()) as ApiProduct;
    expect(live).toMatchObject({ price: edible.price + 250, rating: 4.2, flavor: 'Peach', stockQuantity: 40, isBestSeller: true });

    const bad = await request(`/api/admin/products/${edible.id}`, {
      method: 'PATCH',
      cookie,
      body: { ...update, rating: 4.25, price: -1 },
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['price', 'rating']);
    expect((await request('/api/admin/products/999999', { method: 'PATCH', cookie, body: update })).status).toBe(404);
  });

  it('the inventory toggle takes a product off sale without losing its count', async () => {
    const { cookie } = await login();
    const list = (await (await request('/api/admin/products', { cookie })).json()) as AdminProduct[];
    const p = pick(list, (x) => x.inStock && x.stockQuantity != null, 'tracked product');
    const off = (await (
      await request(`/api/admin/products/${p.id}/inventory`, { method: 'PATCH', cookie, body: { inStock: false } })
    ).json()) as AdminProduct;
    expect(off).toMatchObject({ available: false, inStock: false, stockQuantity: p.stockQuantity });
    expect(((await (await app.request(`/api/products/${p.id}`)).json()) as ApiProduct).inStock).toBe(false);
    const on = (await (
      await request(`/api/admin/products/${p.id}/inventory`, { method: 'PATCH', cookie, body: { inStock: true } })
    ).json()) as AdminProduct;
    expect(on.inStock).toBe(true);
    expect((await request(`/api/admin/products/${p.id}/inventory`, { method: 'PATCH', cookie, body: { inStock: 'yes' } })).status).toBe(
      400,
    );
  });
});
