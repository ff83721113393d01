/**
 * Security suite: every API route fed hostile input answers a 4xx JSON error, never a
 * 5xx, and the shop's data is unchanged; SQL metacharacters in every string parameter change
 * nothing; every answer carries the security headers. The routes come from the router itself, so
 * a new route is fuzzed without anyone remembering to add it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../src/features/images/image-store.ts';
import { MAX_UPLOAD_BYTES } from '../../src/features/images/images.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
/** Tables whose contents hostile input must not touch (sessions and rate counters may change). */
const GUARDED_TABLES = [
  'categories',
  'products',
  'site_images',
  'orders',
  'order_items',
  'order_status_history',
  'idempotency_keys',
  'purchase_limits',
  'outbox',
  'admins',
  'contact_messages',
  'stock_movements',
  'audit_log',
  'deal_products',
  'staff_tokens',
  'drivers',
  'packages',
  'vehicles',
  'delivery_runs',
  'delivery_run_stops',
  'metrc_reports',
];
/** 5xx answers that are the shop saying what it lacks, not a crash (D26). */
const NOT_CONFIGURED = /not_configured$/;

let t: TestDb;
let app: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db, images: () => memoryStore() });
  await createAdmin(t.db, 'sec@example.com', 'a long enough password 1');
  const res = await app.request('/api/admin/login', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.1' },
    body: JSON.stringify({ email: 'sec@example.com', password: 'a long enough password 1' }),
  });
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/admin_session=/);
});
afterAll(() => t.close());

/** Every table's rows, as text: compared before and after an attack. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of GUARDED_TABLES) {
    const rows = await t.db.all(sql.raw(`select * from ${table} order by rowid`));
    parts.push(`${table}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

interface Route {
  method: string;
  path: string;
}

function routes(): Route[] {
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const HUGE = 'x'.repeat(200_000);
const SQL_BITS = ["' OR '1'='1", '1; DROP TABLE products; --', '" OR ""="', "') UNION SELECT * FROM admins --", '%', '_', '\\', '\u0000'];
const PARAM_VALUES = [
  '0',
  '-1',
  '1.5',
  'abc',
  '9'.repeat(40),
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(3000),
];

/** Hostile bodies for any JSON route: wrong shapes, wrong types, extremes, unknown fields. */
const FIELD_NAMES = [
  'email',
  'password',
  'name',
  'subject',
  'message',
  'question',
  'topic',
  'url',
  'status',
  'note',
  'to',
  'text',
  'items',
  'productId',
  'quantity',
  'price',
  'image',
  'category',
  'customer',
  'address',
  'zip',
  'state',
  'stock',
  'inStock',
  'id',
  'keywords',
  'wordCount',
  'override',
];
const BAD_VALUES: unknown[] = [
  null,
  -1,
  -0.5,
  1.5,
  1e308,
  'NaN',
  HUGE,
  [],
  [HUGE],
  { nested: { deeper: HUGE } },
  true,
  "'; DROP TABLE products; --",
  '<img src=x onerror=alert(1)>',
];
const RAW_BODIES = ['{"a":', 'not json', '[1,2', '\u0000\u0001', '{"__proto__":{"isAdmin":true}}', 'null', '123', '"string"', '[]'];

function hostileObjects(): unknown[] {
  const out: unknown[] = [{}, { unknownField: 'x', another: 1 }];
  for (const value of BAD_VALUES) out.push(Object.fromEntries(FIELD_NAMES.map((f) => [f, value])));
  return out;
}

function fill(path: string, value: string): string {
  return path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, value);
}

/** A body as the bytes sent: the large hostile bodies are encoded once, not for every request. */
const bytes = (text: string) => new TextEncoder().encode(text);

async function send(
  method: string,
  path: string,
  body: string | Uint8Array<ArrayBuffer> | undefined,
  signedIn: boolean,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}` };
  if (signedIn) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = contentType;
  return app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
}

/** The routes that take a browser's own form post (docs/decisions/0012-forms-before-scripts.md). */
const FORM_POST_ROUTES = ['POST /api/admin/login', 'POST /api/contact', 'POST /api/staff/accept'];

async function expectClientError(res: Response, label: string) {
  const text = await res.text();
  if (res.status >= 500) {
    let code = '';
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? '';
    } catch {}
    expect(NOT_CONFIGURED.test(code) && res.status === 503, `${label} -> ${res.status} ${text.slice(0, 200)}`).toBe(true);
  }
  if (res.status >= 400) {
    expect(res.headers.get('content-type') ?? '', `${label} content-type`).toMatch(/application\/json/);
    expectErrorShape(JSON.parse(text), label);
  }
}

/** The API's one error shape: { error, code, fields? }, nothing else. */
function expectErrorShape(body: unknown, label: string) {
  expect(body, label).toEqual({
    error: expect.any(String),
    code: expect.stringMatching(/^[a-z_]+$/),
    ...(body && typeof body === 'object' && 'fields' in body ? { fields: expect.any(Object) } : {}),
  });
  const fields = (body as { fields?: object }).fields ?? {};
  for (const message of Object.values(fields)) expect(typeof message, `${label} fields`).toBe('string');
}

describe('hostile input never reaches a 5xx and changes nothing', () => {
  it('every write route, signed in and not: malformed JSON, wrong types, extremes, unknown fields, oversized bodies', async () => {
    const before = (await snapshot()).split('\n');
    const diff = (after: string) =>
      after
        .split('\n')
        .filter((line, i) => line !== before[i])
        .map((line) => line.slice(0, 300));
    const writes = routes().filter((r) => r.method !== 'GET' && !r.path.endsWith('/logout'));
    expect(writes.length).toBeGreaterThan(10);
    const bodies = [...RAW_BODIES, ...hostileObjects().map((o) => JSON.stringify(o))].map((text) => ({ text, sent: bytes(text) }));
    const oversized = bytes(JSON.stringify({ name: 'x'.repeat(6 * 1024 * 1024) }));
    for (const r of writes) {
      for (const signedIn of [false, true]) {
        // A DELETE of a real id is a legitimate request: only hostile ids for those.
        for (const param of [...(r.method === 'DELETE' ? [] : ['1']), ...PARAM_VALUES.slice(0, 4)]) {
          const path = fill(r.path, param);
          for (const body of bodies) {
            const res = await send(r.method, path, body.sent, signedIn);
            await expectClientError(res, `${r.method} ${path} ${body.text.slice(0, 40)}`);
            // Hostile bodies are never accepted as a success by a write route.
            expect(res.status, `${r.method} ${path} accepted ${body.text.slice(0, 60)}`).not.toBe(201);
          }
          await expectClientError(await send(r.method, path, oversized, signedIn), `${r.method} ${path} oversized`);
          const form = await send(r.method, path, 'a=1', signedIn, 'application/x-www-form-urlencoded');
          if (FORM_POST_ROUTES.includes(`${r.method} ${r.path}`)) {
            // A browser's own post of the login or contact form is answered with the form's page.
            expect(form.status, `${r.method} ${path} form`).toBe(400);
            expect(form.headers.get('content-type'), `${r.method} ${path} form`).toMatch(/^text\/html/);
          } else await expectClientError(form, `${r.method} ${path} form`);
        }
      }
      expect(diff(await snapshot()), `${r.method} ${r.path} changed data`).toEqual([]);
    }
  }, 300_000);

  it('every read route with odd ids and SQL metacharacters in every query parameter', async () => {
    const before = await snapshot();
    const reads = routes().filter((r) => r.method === 'GET');
    const params = [
      'search',
      'q',
      'category',
      'strainType',
      'effects',
      'minPrice',
      'maxPrice',
      'sort',
      'page',
      'limit',
      'ids',
      'status',
      'featured',
      'ref',
      'state',
    ];
    for (const r of reads) {
      for (const signedIn of [false, true]) {
        for (const param of ['1', ...PARAM_VALUES]) {
          const path = fill(r.path, param);
          await expectClientError(await send('GET', path, undefined, signedIn), `GET ${path}`);
          for (const bit of SQL_BITS) {
            const query = params.map((p) => `${p}=${encodeURIComponent(bit)}`).join('&');
            await expectClientError(await send('GET', `${path}?${query}`, undefined, signedIn), `GET ${path}?${query.slice(0, 60)}`);
          }
        }
      }
    }
    expect(await snapshot()).toBe(before);
  }, 300_000);

  it('SQL metacharacters are searched for as text, not run', async () => {
    const ids = async (search: string) => {
      const res = await app.request(`/api/products?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      return ((await res.json()) as { id: number }[]).map((p) => p.id);
    };
    for (const bit of SQL_BITS) {
      // The same answer as searching for the words alone: the punctuation did nothing.
      const words = bit.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      expect(await ids(bit), bit).toEqual(words ? await ids(words) : []);
    }
    // The catalogue is all still there.
    expect(((await (await app.request('/api/products')).json()) as unknown[]).length).toBeGreaterThan(50);
  });
});

describe('one error shape', () => {
  it('every route answers its errors as { error, code, fields? }: not found, bad JSON, wrong type, too large, no session', async () => {
    const checked: string[] = [];
    const big = bytes(JSON.stringify({ name: 'x'.repeat(MAX_UPLOAD_BYTES) }));
    for (const r of routes()) {
      const path = fill(r.path, 'abc');
      const cases: [string, Response][] = [[`${r.method} ${path} signed out`, await send(r.method, path, undefined, false)]];
      if (r.method !== 'GET') {
        cases.push(
          [`${r.method} ${path} bad JSON`, await send(r.method, path, '{"a":', true)],
          [`${r.method} ${path} as text`, await send(r.method, path, 'a', true, 'text/plain')],
          [`${r.method} ${path} too large`, await send(r.method, path, big, true)],
        );
      }
      for (const [label, res] of cases) {
        if (res.status < 400) continue;
        expectErrorShape(await res.json(), label);
        checked.push(label);
      }
    }
    for (const path of ['/api/nope', '/api/products/abc/nope']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expectErrorShape(await res.json(), path);
    }
    // Most routes refuse at least one of those; the walk is not vacuous.
    expect(checked.length).toBeGreaterThan(routes().length);
  });
});

describe('scheduled work (docs/decisions/0024)', () => {
  it('has no route: the jobs run in the Worker’s scheduled handler, and /api/scheduler/run is the API’s 404', async () => {
    expect(app.routes.filter((r) => r.path.startsWith('/api/scheduler'))).toEqual([]);
    const res = await app.request('/api/scheduler/run', { method: 'POST', headers: { origin: ORIGIN, cookie } });
    expect(res.status).toBe(404);
  });
});

describe('security headers on the API', () => {
  it('every answer, success or error, is nosniff, unframeable, with a deny-all CSP and a referrer policy', async () => {
    for (const path of [
      '/api/products',
      '/api/products/1',
      '/api/products/999999',
      '/api/products/abc',
      '/api/nope',
      '/api/admin/orders',
    ]) {
      const res = await app.request(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy'), path).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    }
  });
});
