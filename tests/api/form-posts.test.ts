/**
 * The login and contact forms posted by the browser itself (before their islands have loaded, or
 * without scripts): a 303 on success, the form's page with its problem on failure, and nothing the
 * person typed in any address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import { createAdmin } from '../../src/features/admin/accounts.server.ts';
import { ADMIN_HOME } from '../../src/features/admin/admin-ui.ts';
import { CONTACT_SENT_PATH } from '../../src/server/api/routes/contact.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
const EMAIL = 'form-boss@example.com';
const PASSWORD = 'a form post password';

let t: TestDb;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, PASSWORD);
});
afterAll(() => t.close());

let ip = 0;
const post = (path: string, fields: Record<string, string>, origin: string | null = ORIGIN, extra: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cf-connecting-ip': `198.51.100.${++ip}`,
      ...(origin ? { origin } : {}),
      ...extra,
    },
    body: new URLSearchParams(fields).toString(),
  });

describe('POST /api/admin/login as a form post', () => {
  it('signs in and sends the admin on with a 303 and the session cookie', async () => {
    const res = await post('/api/admin/login', { email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(ADMIN_HOME);
    expect(res.headers.get('set-cookie')).toMatch(/^admin_session=[^;]+;.*HttpOnly/);
  });

  it('goes on to the page the login page was asked to return to, if it is on this site', async () => {
    const from = (next: string) => ({ referer: `${ORIGIN}/admin-login?next=${encodeURIComponent(next)}` });
    const inside = await post('/api/admin/login', { email: EMAIL, password: PASSWORD }, ORIGIN, from('/product-manager'));
    expect(inside.headers.get('location')).toBe('/product-manager');
    const outside = await post('/api/admin/login', { email: EMAIL, password: PASSWORD }, ORIGIN, from('//evil.example/'));
    expect(outside.headers.get('location')).toBe(ADMIN_HOME);
  });

  it('answers wrong credentials with a page that says so, without the password', async () => {
    const res = await post('/api/admin/login', { email: EMAIL, password: 'not it at all' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toContain('Invalid email or password');
    expect(page).not.toContain('not it at all');
  });

  it('refuses a form posted from another site (CSRF)', async () => {
    const res = await post('/api/admin/login', { email: EMAIL, password: PASSWORD }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('POST /api/contact as a form post', () => {
  const good = { name: 'Form Sender', email: 'form-sender@example.com', subject: 'Hours', message: 'When do you deliver on Sundays?' };

  it('stores the message and sends the person to the thank-you note (303)', async () => {
    const res = await post('/api/contact', { ...good, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CONTACT_SENT_PATH);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.email, good.email));
    expect(stored).toEqual([expect.objectContaining({ name: good.name, subject: good.subject })]);
  });

  it('answers bad fields with a page naming each problem', async () => {
    const res = await post('/api/contact', { ...good, email: 'nope', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('Invalid email address');
    expect(page).toContain('Message must be at least 10 characters');
  });

  it('still answers the island JSON', async () => {
    const res = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.250' },
      body: JSON.stringify({ ...good, email: 'json-sender@example.com' }),
    });
    expect(await res.json()).toEqual({ success: true });
  });
});
