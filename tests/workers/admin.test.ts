import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';

/** The Worker's config in the run's build of the site: production's bindings, assets and triggers. */
const config = workerConfig((await siteTemplate()).distDir);

const dbUrl = await workersDbUrl();
let mf: Miniflare;
const ORIGIN = 'https://shop.test';

beforeAll(async () => {
  const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
  await createAdmin(db, 'worker-admin@example.com', 'a long enough password');
  close();
  mf = startWorkerd({ config, bindings: { LIBSQL_URL: dbUrl } });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('admin sign-in in workerd', () => {
  it('verifies a PBKDF2 password, sets a __Host- cookie over HTTPS, and the session works', async () => {
    const started = performance.now();
    const res = await mf.dispatchFetch(`${ORIGIN}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '198.51.100.7' },
      body: JSON.stringify({ email: 'worker-admin@example.com', password: 'a long enough password' }),
    });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    // A figure for the closing note, not an assertion (tests never assert timings).
    console.log(`one admin sign-in in workerd (PBKDF2-SHA256, 100,000 iterations, incl. sqld round trips): ${ms.toFixed(0)} ms`);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-admin_session=[0-9a-f]{64};/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const me = await mf.dispatchFetch(`${ORIGIN}/api/admin/me`, { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(await me.json()).toMatchObject({ isLoggedIn: true, email: 'worker-admin@example.com' });
  });

  it('refuses a wrong password with 401', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '198.51.100.8' },
      body: JSON.stringify({ email: 'worker-admin@example.com', password: 'not the password' }),
    });
    expect(res.status).toBe(401);
  });
});
