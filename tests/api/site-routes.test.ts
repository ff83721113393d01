/**
 * The one router of the functions (src/server/site.ts) and the include list of dist/_routes.json
 * the build reads from the same Hono registrations (src/server/pages/site.build.ts): Pages starts
 * the functions for exactly the paths the router answers, and a page that must not be served as a
 * plain file (a staff page, a drawer's template) is among them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_PATHS } from '../../src/features/catalog/catalog-pages.ts';
import { FUNCTION_ROUTES } from '../../src/server/pages/site.build.ts';
import { includeList, type SiteRouteName, siteRoutes } from '../../src/server/pages/site-routes.ts';
import { site } from '../../src/server/site.ts';

const PAGES = path.resolve(import.meta.dirname, '../../src/pages');

/** The site's registrations, each route answering with its name; anything else is a static file. */
const named = siteRoutes((name) => (c) => c.text(name));
named.notFound((c) => c.text('static'));
const routeOf = async (path: string, method = 'GET') => (await named.request(path, { method })).text();

/**
 * Whether a _routes.json rule takes `path`, as Pages matches them (wrangler's pages-dev-util.ts):
 * `/x/*` takes /x and anything under it, `/x` takes /x and /x/.
 */
function ruleTakes(rule: string, path: string): boolean {
  const base = rule.replace(/\/\*$/, '');
  return rule.endsWith('/*') ? path === base || path.startsWith(`${base}/`) : path === rule || path === `${rule}/`;
}
const started = (path: string) => FUNCTION_ROUTES.some((rule) => ruleTakes(rule, path));

/** A path a route answers: its parameters and wildcard filled in. */
const sample = (route: string) => route.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

/** The routes the site registers, less the environment check that runs before every one of them. */
const siteRouteList = site.routes.filter((r) => r.path !== '/*').map((r) => `${r.method} ${r.path}`);

describe('the paths that start the functions (dist/_routes.json)', () => {
  it('are the API and each page route, and no static page', () => {
    expect(FUNCTION_ROUTES).toEqual([
      '/api/*',
      '/product/*',
      '/categories/*',
      '/subcategories/*',
      '/deals',
      '/deals/*',
      '/sitemap.xml',
      '/search',
      '/staff/accept',
      '/product-image-manager/*',
      '/admin',
      '/delivery-manifest',
      '/driver',
      '/flower-image-generator',
      '/home-image-manager',
      '/product-image-manager',
      '/product-manager',
      '/seo-manager',
      '/simple-image-manager',
      '/site-image-manager',
    ]);
  });

  it('come from the routes the site serves: each route is started, and each rule starts a route', () => {
    const build = siteRoutes(() => () => new Response()).routes.map((r) => `${r.method} ${r.path}`);
    expect(siteRouteList).toEqual(build);
    const paths = site.routes.filter((r) => r.path !== '/*').map((r) => sample(r.path));
    expect(paths.filter((p) => !started(p))).toEqual([]);
    expect(FUNCTION_ROUTES.filter((rule) => !paths.some((p) => ruleTakes(rule, p)))).toEqual([]);
  });

  it('take every staff page, so none of them is served without a session (D21)', async () => {
    const staff = readdirSync(PAGES)
      .filter((file) => file.endsWith('.astro'))
      .filter((file) => {
        const source = readFileSync(path.join(PAGES, file), 'utf8');
        return source.includes('<AdminLayout') && !source.includes('checkSession={false}');
      })
      .map((file) => `/${file.replace(/\.astro$/, '')}`);
    expect(staff.length).toBeGreaterThanOrEqual(10);
    for (const page of staff) {
      expect(started(page), page).toBe(true);
      expect(await routeOf(page), page).toBe('admin');
      expect(await routeOf(page, 'POST'), page).toBe('admin');
    }
    expect(started('/admin-login')).toBe(false);
  });

  it('take the templates the pages are drawn into, so a visitor gets their not-found instead', async () => {
    const kinds: Record<keyof typeof TEMPLATE_PATHS, SiteRouteName> = {
      product: 'product',
      category: 'category',
      strain: 'strain',
      deals: 'deals',
    };
    for (const [kind, template] of Object.entries(TEMPLATE_PATHS) as [keyof typeof TEMPLATE_PATHS, string][]) {
      expect(started(template), template).toBe(true);
      expect(await routeOf(template), template).toBe(kinds[kind]);
    }
  });
});

describe('the site router', () => {
  it('sends each page path to its handler and nothing else', async () => {
    const expected: Record<string, string> = {
      '/api/products': 'api',
      '/product/12': 'product',
      '/product/12/': 'product',
      '/product/12/extra': 'static',
      '/categories/flower': 'category',
      '/subcategories/4/products': 'strain',
      '/subcategories/4': 'static',
      '/deals': 'deals',
      '/deals/_template': 'deals',
      '/sitemap.xml': 'sitemap',
      '/search': 'search',
      '/search/more': 'static',
      '/staff/accept': 'staffAccept',
      '/staff/accept/': 'staffAccept',
      '/staff': 'static',
      '/product-image-manager/7': 'productImages',
      '/product-image-manager': 'admin',
      '/admin': 'admin',
      '/driver': 'admin',
      '/seo-manager': 'admin',
      '/admin-login': 'static',
      '/administrator': 'static',
      '/': 'static',
    };
    for (const [path, route] of Object.entries(expected)) expect(await routeOf(path), path).toBe(route);
  });

  it('takes GET and HEAD on the catalogue pages and the search; other methods get the static files', async () => {
    for (const path of ['/product/12', '/categories/flower', '/subcategories/4/products', '/deals', '/sitemap.xml', '/search']) {
      expect((await named.request(path, { method: 'HEAD' })).status, path).toBe(200);
      expect(await routeOf(path, 'POST'), path).toBe('static');
    }
    expect(await routeOf('/api/checkout', 'POST')).toBe('api');
  });
});

describe('the include list of a router', () => {
  const of = (...paths: string[]) => {
    const app = new Hono();
    for (const p of paths) app.get(p, (c) => c.text(''));
    return includeList(app.routes);
  };

  it('ends a rule at the first parameter, joins trailing-slash twins and drops covered rules', () => {
    expect(of('/a/:id/b', '/a/:id/b/', '/c', '/c/', '/a/x/*', '/d/*', '/d/e')).toEqual(['/a/*', '/c', '/d/*']);
  });

  it('refuses a route for every path, which would start the functions for every static file', () => {
    expect(() => of('/*')).toThrow(/every static file/);
    expect(() => of('/:page')).toThrow(/every static file/);
  });

  it('refuses more rules than Pages takes', () => {
    expect(() => of(...Array.from({ length: 101 }, (_, i) => `/page-${i}`))).toThrow(/more than Pages takes/);
  });
});
