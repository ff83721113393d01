/**
 * The login and contact forms posted by the browser itself (before their islands have loaded, or
 * without scripts): a 303 on success, the form's page with its problem on failure, and nothing the
 * person typed in any address.
 */
import { eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import ContactForm from '../../src/features/contact/ContactForm.tsx';
import { readLayout } from '../../src/features/publish/draw.ts';
import { renderIsland } from '../../src/features/publish/draw-page.ts';
import { pageCsp, scriptHash } from '../../src/features/site/security-headers.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { ADMIN_HOME } from '../../src/features/staff/roles.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { CONTACT_SENT_PATH } from '../../src/server/api/routes/contact.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp, testSiteBindings } from '../helpers/env.ts';

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
const post = (
  path: string,
  fields: Record<string, string>,
  origin: string | null = ORIGIN,
  extra: Record<string, string> = {},
  env: Bindings | undefined = undefined,
) =>
  app.request(
    path,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': `198.51.100.${++ip}`,
        ...(origin ? { origin } : {}),
        ...extra,
      },
      body: new URLSearchParams(fields).toString(),
    },
    env,
  );

/** The page's own inline script (the age gate's, say): the problem page's policy must allow it by hash. */
const INLINE_SCRIPT = 'document.documentElement.dataset.gate = "1";';

/** A form's page as Astro builds it: a header island outside <main>, the form's island inside it. */
function builtPage(island: string, form: string): string {
  const opts = (name: string) => `opts="{&quot;name&quot;:&quot;${name}&quot;,&quot;value&quot;:true}"`;
  return `<!DOCTYPE html><html lang="en"><head><title>Form</title><script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script></head><body><header><astro-island uid="H" component-url="/_astro/Header.a.js" ${opts('Header')}><input name="q" value=""></astro-island></header><main><h1>Form</h1><astro-island uid="F" prefix="r1" component-url="/_astro/${island}.b.js" props="{}" ssr client="load" ${opts(island)} await-children>${form}<!--astro:end--></astro-island></main></body></html>`;
}

/** A login form as React draws AdminLogin's: an e-mail and a password field. */
const LOGIN_FORM_HTML =
  '<form method="post" action="/api/admin/login"><input id="r1-email" name="email" type="email" required="" autoComplete="email" value=""/><input id="r1-password" name="password" type="password" required="" value=""/><button type="submit">Sign in</button></form>';

/** Serves the built pages; anything else is missing. */
function assetsServing(pages: Record<string, string>): Bindings {
  return testSiteBindings((request) => {
    const page = pages[new URL(request.url).pathname];
    return page ? new Response(page, { headers: { 'content-type': 'text/html' } }) : new Response('Not found', { status: 404 });
  });
}

/** A textarea's text as a browser reads it: entities decoded, a newline right after the start tag dropped. */
function decodedText(html: string): string {
  let text = '';
  new Parser({ ontext: (data) => (text += data) }).end(`<textarea>${html}</textarea>`);
  return text.startsWith('\n') ? text.slice(1) : text;
}

/** Each field of the page's form island, by name: an input's value, a textarea's text (read with the drawer's parser). */
function formValues(page: string, island: string): Record<string, string> {
  const mark = readLayout(page).islands.find((m) => m.name === island);
  if (!mark) throw new Error(`no island ${island}`);
  return Object.fromEntries(
    mark.fields.map((f) => [f.attribs.name, f.inner ? decodedText(page.slice(f.inner.from, f.inner.to)) : (f.attribs.value ?? '')]),
  );
}

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

  it('draws the problem above the form on the login page, the e-mail put back and the password nowhere', async () => {
    const built = builtPage('AdminLogin', LOGIN_FORM_HTML);
    const res = await post(
      '/api/admin/login',
      { email: EMAIL, password: 'not it at all' },
      ORIGIN,
      {},
      assetsServing({ '/admin-login': built }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).not.toContain('not it at all');
    expect(formValues(page, 'AdminLogin')).toEqual({ email: EMAIL, password: '' });
    expect(page).toMatch(
      /<main><h1>Form<\/h1><div role="alert"[^>]*><p class="font-semibold">Invalid email or password<\/p><\/div><astro-island uid="F"/,
    );
    // Everything but the form's island is as built.
    expect(page.slice(0, page.indexOf('<main>'))).toBe(built.slice(0, built.indexOf('<main>')));
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

  it("draws the problems into the contact page's own form, with what was typed put back", async () => {
    const built = builtPage('ContactForm', renderIsland(createElement(ContactForm), 'r1'));
    const typed = { name: 'Ann <b>"Quotes"</b> & Co', email: 'nope', subject: 'Hours', message: '\nA & <i>' };
    const res = await post('/api/contact', { ...typed, website: 'a bot' }, ORIGIN, {}, assetsServing({ '/contact': built }));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // The page's policy, not the API's: its inline script by hash, the JSON-LD block not at all.
    expect(res.headers.get('content-security-policy')).toBe(pageCsp([await scriptHash(INLINE_SCRIPT)]));
    const page = await res.text();
    expect(formValues(page, 'ContactForm')).toEqual({ ...typed, website: '' });
    const alert = page.slice(page.indexOf('<div role="alert"'), page.indexOf('<astro-island uid="F"'));
    expect(alert).toContain('Invalid email address');
    expect(alert).toContain('Message must be at least 10 characters');
    // The header's field, outside the form's island, is left alone.
    expect(page).toContain('<header><astro-island uid="H" component-url="/_astro/Header.a.js"');
    expect(page).toContain('<input name="q" value=""></astro-island></header>');
  });

  it('answers with a bare page naming the problem when the form page is missing or has no form island', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const pages of [{}, { '/contact': builtPage('SomethingElse', '<form></form>') }]) {
        const res = await post('/api/contact', { ...good, email: 'nope' }, ORIGIN, {}, assetsServing(pages));
        expect(res.status).toBe(400);
        const page = await res.text();
        expect(page).toContain('Invalid email address');
        expect(page).toContain('<a href="/contact">Back to the form</a>');
        expect(page).not.toContain('SomethingElse');
      }
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
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
