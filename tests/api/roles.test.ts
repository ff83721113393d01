import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/db/delivery-values.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { PUBLIC_ADMIN_ROUTES } from '../../src/server/api/admin-auth.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

/**
 * D35 as a matrix of role by route: every staff route the router knows, asked by each role.
 * What a dispatcher and a driver may open is written out here, apart from the code's own table,
 * so a route that opens to the wrong role, or a new route that opens at all, fails this suite.
 */
const ALLOWED: Record<Exclude<StaffRole, 'admin'>, readonly RegExp[]> = {
  dispatcher: [
    /^(GET|POST) \/api\/admin\/(me|logout)$/,
    /^\w+ \/api\/admin\/orders(\/|$)/,
    /^\w+ \/api\/admin\/deliveries(\/|$)/,
    /^\w+ \/api\/admin\/drivers(\/|$)/,
    /^\w+ \/api\/admin\/vehicles(\/|$)/,
    /^\w+ \/api\/admin\/runs(\/|$)/,
    /^\w+ \/api\/admin\/reports(\/|$)/,
  ],
  driver: [/^(GET|POST) \/api\/admin\/(me|logout)$/, /^\w+ \/api\/driver(\/|$)/],
};

/**
 * The only staff routes open without a session, written out here apart from the code: signing in,
 * and the one-time link page's post (D37), which carries its own secret. Any other route under a
 * staff prefix must answer 401 without a session, so a new route that forgets its guard fails.
 */
const PUBLIC = new Set(['POST /api/admin/login', 'POST /api/staff/accept']);

const ORIGIN = 'http://localhost';
const PASSWORD = 'a long enough password';
let t: TestDb;
let app: TestApp;
const cookies = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  for (const role of ['admin', 'dispatcher', 'driver'] as const) {
    const email = `${role}@roles.example.com`;
    const id = await createAdmin(t.db, email, PASSWORD, role);
    if (role === 'driver') await ensureDriverRecord(t.db, id, { name: 'Matrix Driver', phone: '(202) 555-0199' });
    const res = await app.request('/api/admin/login', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': `192.0.2.${cookies.size + 20}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status, `${role} signs in`).toBe(200);
    expect(await res.json()).toMatchObject({ role });
    cookies.set(role, (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  }
});
afterAll(() => t.close());

/**
 * Every staff route (/api/admin, /api/seo, /api/driver, /api/staff) with its parameters filled in. Signing
 * out is left to the end of each walk, where it ends that role's session.
 */
function staffRoutes(): { method: string; path: string; key: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => /^\/api\/(admin|seo|driver|staff)(\/|$)/.test(r.path) && r.method !== 'ALL')
    .map((r) => {
      const path = r.path
        .replace(/:ref/g, 'AAAAAAAAAAAAAAAAAAAAAA')
        .replace(/:date/g, '2026-12-01')
        .replace(/:[a-zA-Z]+/g, '1');
      return { method: r.method, path, key: `${r.method} ${path}` };
    })
    .filter((r) => !seen.has(r.key) && seen.add(r.key) && !PUBLIC.has(r.key))
    .sort((a, b) => Number(a.key === LOGOUT) - Number(b.key === LOGOUT));
}
const LOGOUT = 'POST /api/admin/logout';

function ask(route: { method: string; path: string }, cookie?: string) {
  const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  return app.request(route.path, { method: route.method, headers, ...(route.method === 'GET' ? {} : { body: '{}' }) });
}

describe('role by route (D35)', () => {
  it('knows the staff routes, the driver’s included', () => {
    const keys = staffRoutes().map((r) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(40);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/admin/me', 'GET /api/admin/orders', 'GET /api/admin/products']));
  });

  it('opens no staff route without a session but sign-in and the link page (D37)', async () => {
    expect([...PUBLIC_ADMIN_ROUTES]).toEqual(['POST /api/admin/login']);
    const walked = app.routes.filter((r) => /^\/api\/staff(\/|$)/.test(r.path) && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(walked).toContain('POST /api/staff/accept');
    // The link page answers without a session: a dead link, not "Not authenticated".
    const res = await ask({ method: 'POST', path: '/api/staff/accept' });
    expect(res.status).toBe(400);
    const accepted = await app.request('/api/staff/accept', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'c'.repeat(64), password: 'long enough password' }),
    });
    expect(accepted.status).toBe(400);
    expect(await accepted.json()).toMatchObject({ code: 'link_dead' });
  });

  it('closes the staff accounts routes to everyone but admins (D37)', async () => {
    const keys = staffRoutes().map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PATCH /api/admin/staff/1',
        'POST /api/admin/staff/1/reset',
      ]),
    );
    for (const role of ['dispatcher', 'driver'] as const) {
      for (const key of keys.filter((k) => k.includes('/api/admin/staff'))) {
        expect(
          ALLOWED[role].some((p) => p.test(key)),
          `${role} ${key}`,
        ).toBe(false);
      }
    }
  });

  it('answers 401 to every staff route without a session', async () => {
    for (const r of staffRoutes()) expect((await ask(r)).status, r.key).toBe(401);
  });

  it('lets an admin through every route', async () => {
    for (const r of staffRoutes()) {
      const status = (await ask(r, cookies.get('admin'))).status;
      expect([401, 403], r.key).not.toContain(status);
    }
  });

  for (const role of ['dispatcher', 'driver'] as const) {
    it(`lets a ${role} through only its own routes, 403 elsewhere`, async () => {
      const opened: string[] = [];
      for (const r of staffRoutes()) {
        const res = await ask(r, cookies.get(role));
        const allowed = ALLOWED[role].some((p) => p.test(r.key));
        if (allowed) {
          expect([401, 403], r.key).not.toContain(res.status);
          opened.push(r.key);
        } else {
          expect(res.status, r.key).toBe(403);
          expect(await res.json()).toMatchObject({ code: 'forbidden' });
        }
      }
      expect(opened.length, `${role} opens something`).toBeGreaterThan(2);
    });
  }
});
