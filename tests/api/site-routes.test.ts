/**
 * The Worker's one router (src/server/site.ts) and the paths wrangler.toml's `run_worker_first`
 * sends to it before the static files (docs/decisions/0024): both come from the same Hono
 * registrations (src/server/pages/site-routes.ts), so the Worker runs for exactly the paths it
 * answers, every page Astro renders on request reaches it, and a staff page is never served as a
 * plain file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from '../../src/features/admin/admin-sections.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { STATE_PAGE_PATHS, siteRoutes, workerFirstPaths } from '../../src/server/pages/site-routes.ts';
import { site } from '../helpers/site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'src/pages');
const wrangler = parse(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')) as { assets?: { run_worker_first?: unknown } };
const RUN_WORKER_FIRST = wrangler.assets?.run_worker_first as string[];

/** The site's registrations, each route answering with its name; anything else is a static file. */
const named = siteRoutes((name) => (c) => c.text(name));
named.notFound((c) => c.text('static'));
const routeOf = async (path: string, method = 'GET') => (await named.request(path, { method })).text();

/**
 * Whether a `run_worker_first` pattern takes `path`: `/x/*` takes anything under /x/, `/x` takes
 * /x. (A trailing-slash twin the pattern leaves out is redirected to its path by the static files,
 * or reaches the Worker as their miss.)
 */
function ruleTakes(rule: string, path: string): boolean {
  return rule.endsWith('/*') ? path.startsWith(rule.slice(0, -1)) : path === rule;
}
const runsWorkerFirst = (path: string) => RUN_WORKER_FIRST.some((rule) => ruleTakes(rule, path));

/** A path a route answers: its parameters and wildcard filled in, its trailing slash left off. */
const sample = (route: string) =>
  route
    .replace(/:[^/]+/g, '1')
    .replace(/\*$/, 'x')
    .replace(/(.)\/$/, '$1');

/** The routes the site registers, less the environment check that runs before every one of them. */
const siteRouteList = site.routes.filter((r) => r.path !== '/*');

describe('wrangler.toml’s run_worker_first', () => {
  it('is a list of paths, none of which would start the Worker for every static file', () => {
    expect(Array.isArray(RUN_WORKER_FIRST)).toBe(true);
    expect(RUN_WORKER_FIRST).not.toContain('/*');
    expect(RUN_WORKER_FIRST).toContain('/api/*');
  });

  it('is exactly workerFirstPaths of the router’s routes', () => {
    expect(RUN_WORKER_FIRST).toEqual(workerFirstPaths(siteRouteList));
  });

  it('takes every route the router answers, and every pattern takes one of its routes', () => {
    const paths = siteRouteList.map((r) => sample(r.path));
    expect(paths.filter((p) => !runsWorkerFirst(p))).toEqual([]);
    expect(RUN_WORKER_FIRST.filter((rule) => !paths.some((p) => ruleTakes(rule, p)))).toEqual([]);
  });

  it('takes every staff page, so none of them is served without a session (D21)', async () => {
    const staff = readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .filter((file) => {
        const source = readFileSync(path.join(PAGES, file), 'utf8');
        return source.includes('<AdminLayout') && !source.includes('checkSession={false}');
      })
      .map((file) => `/${file.replaceAll(path.sep, '/').replace(/\.astro$/, '')}`);
    expect(staff.length).toBeGreaterThanOrEqual(10);
    // The dashboard's sections are pages of their own (admin-sections.ts), each behind the same check.
    expect(staff).toEqual(expect.arrayContaining(ADMIN_SECTIONS.map((s) => s.path)));
    for (const page of staff) {
      expect(runsWorkerFirst(page), page).toBe(true);
      expect(await routeOf(page), page).toBe('admin');
      expect(await routeOf(page, 'POST'), page).toBe('admin');
    }
    expect(runsWorkerFirst('/admin-login')).toBe(false);
  });

  it('takes every page Astro renders on request, and no prerendered one', async () => {
    const onDemand: Record<string, string> = {
      'product/[id].astro': '/product/12',
      'categories/[slug].astro': '/categories/flower',
      'subcategories/[id]/products.astro': '/subcategories/4/products',
      'deals.astro': '/deals',
      '[landing].astro': '/virginia-cannabis-dispensary',
      'sitemap.xml.ts': '/sitemap.xml',
      'search.astro': '/search',
      'staff/accept.astro': '/staff/accept',
    };
    const files = readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(astro|ts)$/.test(file) && !file.startsWith('internal'))
      .filter((file) => readFileSync(path.join(PAGES, file), 'utf8').includes('export const prerender = false'))
      .sort();
    expect(files).toEqual(Object.keys(onDemand).sort());
    for (const [file, page] of Object.entries(onDemand)) {
      expect(runsWorkerFirst(page), file).toBe(true);
      expect(['astro', 'staffAccept'], file).toContain(await routeOf(page));
    }
    for (const page of [
      '/',
      '/checkout',
      '/order-confirmation',
      '/contact',
      '/compare',
      '/dashboard',
      '/dispensary-near-me',
      '/robots.txt',
      '/favicon.svg',
    ]) {
      expect(runsWorkerFirst(page), page).toBe(false);
    }
  });

  it('takes each state’s landing page, which says what the state allows today (D38)', () => {
    expect([...STATE_PAGE_PATHS]).toEqual(SITE.states.map((s) => s.landing));
    for (const page of STATE_PAGE_PATHS) expect(runsWorkerFirst(page), page).toBe(true);
  });

  it('leads nowhere near Astro’s internal endpoints, which only the Worker itself calls', async () => {
    for (const page of ['/internal/purge-pages', '/internal/form-problem']) {
      expect(runsWorkerFirst(page), page).toBe(false);
      expect(await routeOf(page), page).toBe('static');
      expect(await routeOf(page, 'POST'), page).toBe('static');
    }
  });
});

describe('the site router', () => {
  it('registers the routes of siteRoutes, in order, and nothing else', () => {
    const registered = siteRoutes(() => () => new Response()).routes.map((r) => `${r.method} ${r.path}`);
    expect(siteRouteList.map((r) => `${r.method} ${r.path}`)).toEqual(registered);
  });

  it('sends each page path to its handler and nothing else', async () => {
    const expected: Record<string, string> = {
      '/api/products': 'api',
      '/product/12': 'astro',
      '/product/12/': 'astro',
      '/product/12/extra': 'static',
      '/categories/flower': 'astro',
      '/subcategories/4/products': 'astro',
      '/subcategories/4': 'static',
      '/deals': 'astro',
      '/deals/': 'astro',
      '/deals/_template': 'static',
      '/sitemap.xml': 'astro',
      '/dc-cannabis-dispensary': 'astro',
      '/maryland-cannabis-dispensary/': 'astro',
      '/virginia-cannabis-dispensary': 'astro',
      '/ohio-cannabis-dispensary': 'static',
      '/dispensary-near-me': 'static',
      '/search': 'astro',
      '/search/more': 'static',
      '/staff/accept': 'staffAccept',
      '/staff/accept/': 'staffAccept',
      '/staff': 'static',
      '/product-image-manager/7': 'productImages',
      '/product-image-manager': 'admin',
      '/admin': 'admin',
      '/admin/delivery': 'admin',
      '/admin/team/': 'admin',
      '/admin/nothing-here': 'static',
      '/driver': 'admin',
      '/seo-manager': 'admin',
      '/admin-login': 'static',
      '/administrator': 'static',
      '/': 'static',
    };
    for (const [path, route] of Object.entries(expected)) expect(await routeOf(path), path).toBe(route);
  });

  it('takes GET and HEAD on the catalogue pages, the state pages and the search; other methods get the static files', async () => {
    for (const path of [
      '/product/12',
      '/categories/flower',
      '/subcategories/4/products',
      '/deals',
      ...STATE_PAGE_PATHS,
      '/sitemap.xml',
      '/search',
    ]) {
      expect((await named.request(path, { method: 'HEAD' })).status, path).toBe(200);
      expect(await routeOf(path, 'POST'), path).toBe('static');
    }
    expect(await routeOf('/api/checkout', 'POST')).toBe('api');
  });
});

describe('workerFirstPaths of a router', () => {
  const of = (...paths: string[]) => {
    const app = new Hono();
    for (const p of paths) app.get(p, (c) => c.text(''));
    return workerFirstPaths(app.routes);
  };

  it('ends a pattern at the first parameter, joins trailing-slash twins and drops covered patterns', () => {
    expect(of('/a/:id/b', '/a/:id/b/', '/c', '/c/', '/a/x/*', '/d/*', '/d/e')).toEqual(['/a/*', '/c', '/d/*']);
  });

  it('refuses a route for every path, which would start the Worker for every static file', () => {
    expect(() => of('/*')).toThrow(/every static file/);
    expect(() => of('/:page')).toThrow(/every static file/);
  });
});
