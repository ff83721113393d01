/**
 * No sign-in leaves the shop: a hostile `next` on /admin-login, through the form post (the Referer
 * of the login page's own post) and through the rule the island follows, lands on the role's start
 * page or on a page of this shop that the value names once parsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { signInDestination } from '../../src/features/staff/roles.ts';
import { HOSTILE_NEXT } from '../fixtures/hostile-next.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
const ADMIN = { email: 'next-admin@example.com', password: 'a long enough password' };
const DRIVER = { email: 'next-driver@example.com', password: 'another long password' };

let t: TestDb;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, ADMIN.email, ADMIN.password);
  await createAdmin(t.db, DRIVER.email, DRIVER.password, 'driver');
});
afterAll(() => t.close());

let ip = 0;
/** The login page's own form post, from /admin-login?next=<next>; answers the Location it sends to. */
async function formSignIn(account: { email: string; password: string }, next: string): Promise<string | null> {
  const res = await app.request('/api/admin/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      referer: `${ORIGIN}/admin-login?${new URLSearchParams({ next })}`,
      'cf-connecting-ip': `203.0.113.${++ip}`,
    },
    body: new URLSearchParams(account).toString(),
  });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/** Where a browser at ORIGIN goes when it follows `location`. */
const followed = (location: string) => new URL(location, ORIGIN);

describe('the page a sign-in goes on to', () => {
  it('has at least 20 hostile values to try', () => expect(HOSTILE_NEXT.length).toBeGreaterThanOrEqual(20));

  it.each(HOSTILE_NEXT)('the island: $value lands on $lands', ({ value, lands }) => {
    const to = signInDestination(value, ORIGIN, 'admin');
    expect(to).toBe(lands);
    expect(followed(to).origin).toBe(ORIGIN);
  });

  it.each(HOSTILE_NEXT)('the form post: $value lands on $lands', async ({ value, lands }) => {
    const location = await formSignIn(ADMIN, value);
    expect(location).toBe(lands);
    expect(followed(location ?? '').origin).toBe(ORIGIN);
    // Nothing a parser drops or turns around is sent on.
    expect([...(location ?? '')].filter((ch) => ch < ' ' || ch === '\u007f' || ch === '\\')).toEqual([]);
  });

  it('follows a page of the shop that the role opens, with its query and fragment', async () => {
    expect(await formSignIn(ADMIN, '/product-manager?page=2#list')).toBe('/product-manager?page=2#list');
    expect(await formSignIn(ADMIN, `${ORIGIN}/admin`)).toBe('/admin');
    expect(signInDestination('/product-manager', 'https://shop.example', 'admin')).toBe('/product-manager');
  });

  it('sends a role to its own start page instead of one it does not open, hostile or not (D35)', async () => {
    expect(await formSignIn(DRIVER, '/product-manager')).toBe('/driver');
    expect(await formSignIn(DRIVER, '/\t/evil.example')).toBe('/driver');
    expect(await formSignIn(DRIVER, '/driver')).toBe('/driver');
  });

  it('goes to the start page without a next, or with an empty one', async () => {
    expect(signInDestination(null, ORIGIN, 'admin')).toBe('/admin');
    expect(signInDestination('', ORIGIN, 'dispatcher')).toBe('/admin');
    expect(await formSignIn(ADMIN, '')).toBe('/admin');
  });
});
