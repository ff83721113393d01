/**
 * Headers from the code that answers: Cloudflare applies the build's `_headers` to static files
 * only, never to what the Worker returns, even a file it passes on from ASSETS. So the Worker runs
 * here as production runs it, in workerd with the built config's static assets (their `_headers`
 * applied by the assets, as on Cloudflare), and every kind of page the Worker answers must carry a
 * static page's security headers, with a CSP that allows by hash each inline script of the HTML
 * it carries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDir, startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { inlineScripts, scriptHash } from '../../src/features/site/security-headers.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { type ControlledSqld, scratchDir, startControlledSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

const ORIGIN = 'http://127.0.0.1:8788';
const ADMIN = { email: 'headers@example.com', password: 'a long enough password' };
const scratch = scratchDir('page-headers');

let distDir: string;
let database: ControlledSqld;
let mf: Miniflare;
let cookie = '';

function worker(libsqlUrl: string): Miniflare {
  return startWorkerd({ config: workerConfig(distDir), bindings: { LIBSQL_URL: libsqlUrl, SITE_URL: ORIGIN } });
}

beforeAll(async () => {
  const site = await siteTemplate();
  distDir = site.distDir;
  database = await startControlledSqld(scratch.dir, site);
  await addAdmin(database.url, ADMIN);
  mf = worker(database.url);
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.50');
}, 120_000);
afterAll(async () => {
  await mf?.dispose();
  await database?.end();
  scratch.remove();
});

/** The security headers the build's _headers gives every static page (its `/*` rule). */
function staticPageHeaders(): Map<string, string> {
  const lines = readFileSync(path.join(clientDir(distDir), '_headers'), 'utf8').split('\n');
  const headers = new Map<string, string>();
  let inAll = false;
  for (const line of lines) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) inAll = line.trim() === '/*';
    else if (inAll) {
      const at = line.indexOf(':');
      headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
    }
  }
  return headers;
}

/** A CSP's directives by name, each a list of its sources. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources] as const),
  );

/** Fails unless `res` carries what a static page carries, its CSP allowing the inline scripts of `html`. */
async function expectStaticPageHeaders(what: string, res: Response, html: string, allowed: { referrerPolicy?: string } = {}) {
  const fixed = staticPageHeaders();
  expect(fixed.size, '_headers has its /* rule').toBeGreaterThanOrEqual(4);
  for (const [name, value] of fixed) {
    if (name === 'content-security-policy') continue;
    const want = name === 'referrer-policy' && allowed.referrerPolicy ? allowed.referrerPolicy : value;
    expect(res.headers.get(name), `${what}: ${name}`).toBe(want);
  }
  const page = directives(res.headers.get('content-security-policy') ?? '');
  const built = directives(fixed.get('content-security-policy') ?? '');
  expect([...page.keys()].sort(), `${what}: CSP directives`).toEqual([...built.keys()].sort());
  for (const [name, sources] of built) {
    if (name === 'script-src') continue;
    expect(page.get(name), `${what}: ${name}`).toEqual(sources);
  }
  const scripts = page.get('script-src') ?? [];
  expect(scripts[0], `${what}: script-src`).toBe("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  for (const body of inlineScripts(html)) expect(scripts, `${what}: an inline script's hash`).toContain(`'${await scriptHash(body)}'`);
}

const get = (p: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, on: Miniflare = mf) =>
  on.dispatchFetch(`${ORIGIN}${p}`, { redirect: 'manual', ...init }) as unknown as Promise<Response>;

describe('pages the Worker answers carry the static pages’ security headers', () => {
  const pages = [
    '/product/1',
    '/categories/flower',
    '/subcategories/1/products',
    '/deals',
    '/search?q=blue',
    '/no-such-page',
    '/product/999999',
  ];

  it.each(pages)('%s', async (p) => {
    const res = await get(p);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    await expectStaticPageHeaders(p, res, html);
  });

  it('a staff page, with a session', async () => {
    const res = await get('/admin', { headers: { cookie } });
    expect(res.status).toBe(200);
    await expectStaticPageHeaders('/admin', res, await res.text());
  });

  it('the staff link page, which keeps its stricter referrer policy', async () => {
    const res = await get(`/staff/accept?token=${'a'.repeat(43)}`);
    expect(res.status).toBe(200);
    await expectStaticPageHeaders('/staff/accept', res, await res.text(), { referrerPolicy: 'same-origin' });
  });

  it("a form's problem page, from a browser's own post", async () => {
    const res = await get('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ name: 'A', email: 'not an address', subject: '', message: '' }).toString(),
    });
    expect(res.status).toBe(400);
    await expectStaticPageHeaders('contact problem', res, await res.text());
  });

  it('catalogue pages answered from the page cache', async () => {
    for (const p of ['/product/1', '/categories/flower', '/deals', '/subcategories/1/products']) {
      await (await get(p)).arrayBuffer();
      const res = await get(p);
      expect(res.headers.get('x-astro-cache'), p).toBe('HIT');
      await expectStaticPageHeaders(`${p} from the cache`, res, await res.text());
    }
  });

  it('pages answered while the database is unreachable', async () => {
    const down = worker('http://127.0.0.1:1');
    try {
      for (const p of ['/product/1', '/admin']) {
        const res = await get(p, { headers: { cookie } }, down);
        expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
        await expectStaticPageHeaders(`${p} with the database down`, res, await res.text());
      }
    } finally {
      await down.dispose();
    }
  });
});

describe("the build's _headers stays inside Cloudflare's limits", () => {
  it('no header line is over 2,000 characters', () => {
    for (const line of readFileSync(path.join(clientDir(distDir), '_headers'), 'utf8').split('\n'))
      expect(line.trim().length).toBeLessThanOrEqual(2000);
  });
});
