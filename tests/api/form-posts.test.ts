/**
 * The login, contact and staff link forms posted by the browser itself (before their islands have
 * loaded, or without scripts): a 303 on success, the form's page with its problem on failure, and
 * nothing the person typed in any address. Astro renders that page in the Worker
 * (src/pages/internal/form-problem.astro); here a stand-in renderer records what the API asks of it.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import { pageCsp, scriptHash } from '../../src/features/site/security-headers.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { ADMIN_HOME } from '../../src/features/staff/roles.ts';
import { FORM_PROBLEM_PATH, FormProblem } from '../../src/lib/form-problem.ts';
import { CONTACT_SENT_PATH } from '../../src/server/api/routes/contact.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const ORIGIN = 'http://localhost';
const EMAIL = 'form-boss@example.com';
const PASSWORD = 'a form post password';

/** The page's own inline script (the age gate's, say): the problem page's policy must allow it by hash. */
const INLINE_SCRIPT = 'document.documentElement.dataset.gate = "1";';

let t: TestDb;
/** The API alone, as the Node tests run it: no Astro. */
let bare: TestApp;
/** The API with a stand-in for Astro's renderer. */
let rendered: TestApp;
/** What the stand-in was asked to render, in order. */
let asked: { url: string; method: string; body: string }[] = [];
/** How the stand-in answers a problem; a page naming the problem with an inline script, by default. */
let answer: (problem: v.InferOutput<typeof FormProblem>) => Response;
const renderedPage = (p: v.InferOutput<typeof FormProblem>) =>
  new Response(`<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body>${p.page}: ${p.message}</body></html>`, {
    status: p.status,
    headers: { 'content-type': 'text/html' },
  });

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  bare = testApp({ db: () => t.db });
  rendered = testApp({
    db: () => t.db,
    renderPage: async (_c, request) => {
      const body = await request.text();
      asked.push({ url: request.url, method: request.method, body });
      return answer(v.parse(FormProblem, JSON.parse(body)));
    },
  });
  await createAdmin(t.db, EMAIL, PASSWORD);
});
afterAll(() => t.close());

function asking() {
  asked = [];
  answer = renderedPage;
}

let ip = 0;
const post = (
  app: TestApp,
  path: string,
  fields: Record<string, string>,
  origin: string | null = ORIGIN,
  extra: Record<string, string> = {},
) =>
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

/** The one problem the stand-in renderer was asked for: an internal post, the problem in its body. */
function askedProblem() {
  expect(asked).toHaveLength(1);
  const [request] = asked;
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe(`${ORIGIN}${FORM_PROBLEM_PATH}`);
  return JSON.parse(request?.body ?? '');
}

/** The answer is the rendered page, with its own policy (its inline script by hash) and kept nowhere. */
async function expectRenderedPage(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('location')).toBeNull();
  expect(res.headers.get('content-security-policy')).toBe(pageCsp([await scriptHash(INLINE_SCRIPT)]));
  return res.text();
}

describe('POST /api/admin/login as a form post', () => {
  it('signs in and sends the admin on with a 303 and the session cookie', async () => {
    const res = await post(bare, '/api/admin/login', { email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(ADMIN_HOME);
    expect(res.headers.get('set-cookie')).toMatch(/^admin_session=[^;]+;.*HttpOnly/);
  });

  it('goes on to the page the login page was asked to return to, if it is on this site', async () => {
    const from = (next: string) => ({ referer: `${ORIGIN}/admin-login?next=${encodeURIComponent(next)}` });
    const inside = await post(bare, '/api/admin/login', { email: EMAIL, password: PASSWORD }, ORIGIN, from('/product-manager'));
    expect(inside.headers.get('location')).toBe('/product-manager');
    const outside = await post(bare, '/api/admin/login', { email: EMAIL, password: PASSWORD }, ORIGIN, from('//evil.example/'));
    expect(outside.headers.get('location')).toBe(ADMIN_HOME);
  });

  it('answers wrong credentials with a page that says so, without the password', async () => {
    const res = await post(bare, '/api/admin/login', { email: EMAIL, password: 'not it at all' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toContain('Invalid email or password');
    expect(page).toContain('<a href="/admin-login">Back to the form</a>');
    expect(page).not.toContain('not it at all');
  });

  it('answers with the login page rendered with the problem and the e-mail, the password nowhere', async () => {
    asking();
    const res = await post(rendered, '/api/admin/login', { email: EMAIL, password: 'not it at all' });
    expect(await expectRenderedPage(res, 401)).toContain('/admin-login: Invalid email or password');
    const problem = askedProblem();
    expect(problem).toEqual({
      page: '/admin-login',
      status: 401,
      message: 'Invalid email or password',
      fields: {},
      values: { email: EMAIL },
    });
    expect(JSON.stringify(asked)).not.toContain('not it at all');
  });

  it('refuses a form posted from another site (CSRF)', async () => {
    asking();
    const res = await post(rendered, '/api/admin/login', { email: EMAIL, password: PASSWORD }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('POST /api/contact as a form post', () => {
  const good = { name: 'Form Sender', email: 'form-sender@example.com', subject: 'Hours', message: 'When do you deliver on Sundays?' };

  it('stores the message and sends the person to the thank-you note (303)', async () => {
    const res = await post(bare, '/api/contact', { ...good, website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CONTACT_SENT_PATH);
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.email, good.email));
    expect(stored).toEqual([expect.objectContaining({ name: good.name, subject: good.subject })]);
  });

  it('answers bad fields with a page naming each problem', async () => {
    const res = await post(bare, '/api/contact', { ...good, email: 'nope', message: 'short' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toMatch(/<div role="alert"[^>]*><p class="font-semibold">[^<]+<\/p><ul[^>]*>.*<\/ul><\/div>/);
    expect(page).toContain('Invalid email address');
    expect(page).toContain('Message must be at least 10 characters');
  });

  it('answers with the contact page rendered with each problem and what was typed, the honeypot left out', async () => {
    asking();
    const typed = { name: 'Ann <b>"Quotes"</b> & Co', email: 'nope', subject: 'Hours', message: '\nA & <i>' };
    const res = await post(rendered, '/api/contact', { ...typed, website: 'a bot' });
    await expectRenderedPage(res, 400);
    const problem = askedProblem();
    expect(problem).toMatchObject({ page: '/contact', status: 400, values: typed });
    expect(Object.values(problem.fields)).toEqual(
      expect.arrayContaining(['Invalid email address', 'Message must be at least 10 characters']),
    );
  });

  it('answers with the bare page when rendering the form page fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const failing of [
        () => new Response('Internal error', { status: 500 }),
        () => {
          throw new Error('render failed');
        },
      ]) {
        asking();
        answer = failing;
        const res = await post(rendered, '/api/contact', { ...good, email: 'nope' });
        expect(res.status).toBe(400);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const page = await res.text();
        expect(page).toContain('Invalid email address');
        expect(page).toContain('<a href="/contact">Back to the form</a>');
        expect(page).not.toContain('Internal error');
      }
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });

  it('still answers the island JSON', async () => {
    asking();
    const res = await rendered.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.250' },
      body: JSON.stringify({ ...good, email: 'json-sender@example.com' }),
    });
    expect(await res.json()).toEqual({ success: true });
    expect(asked).toEqual([]);
  });
});

describe('POST /api/staff/accept as a form post', () => {
  it('answers with the link page rendered with the problem, the token and purpose kept, the password nowhere', async () => {
    asking();
    const token = 'a'.repeat(64);
    const res = await post(rendered, '/api/staff/accept', { token, purpose: 'reset', password: 'tiny secret' });
    await expectRenderedPage(res, 400);
    const problem = askedProblem();
    expect(problem).toEqual({
      page: '/staff/accept',
      status: 400,
      message: expect.any(String),
      fields: { password: 'The password must be at least 12 characters' },
      values: { token, purpose: 'reset' },
    });
    expect(JSON.stringify(asked)).not.toContain('tiny secret');
  });
});
