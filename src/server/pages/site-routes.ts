/**
 * The paths the Worker answers before the static files, registered on Hono: the API under /api,
 * the pages Astro renders on request, and the pages static files alone must not answer. site.ts
 * registers them with their handlers; wrangler.toml's `run_worker_first` lists the same paths
 * (workerFirstPaths; tests/api/site-routes.test.ts checks that the two agree). This module imports
 * Hono alone.
 */
import { type Env, type Handler, Hono } from 'hono';

/**
 * Admin pages: D21 sends a visitor without a session to /admin-login before any HTML is served.
 * /admin/{section} are the dashboard's sections (src/features/admin/admin-sections.ts).
 */
export const ADMIN_PAGE_PATHS = [
  '/admin',
  '/admin/delivery',
  '/admin/insights',
  '/admin/menu',
  '/admin/orders',
  '/admin/team',
  '/delivery-manifest',
  '/driver',
  '/flower-image-generator',
  '/home-image-manager',
  '/product-image-manager',
  '/product-manager',
  '/seo-manager',
  '/simple-image-manager',
  '/site-image-manager',
] as const;

/**
 * The state landing pages (SITE.states' `landing`), rendered on request because they say what each
 * state allows today (D38), which the owner changes without a release.
 */
export const STATE_PAGE_PATHS = ['/dc-cannabis-dispensary', '/maryland-cannabis-dispensary', '/virginia-cannabis-dispensary'] as const;

/** What answers a route: the API, a page Astro renders on request, or a kind of page of ours. */
export type SiteRouteName = 'api' | 'astro' | 'productImages' | 'admin' | 'staffAccept';

/** A page's path and its trailing-slash twin, which the page answers alike. */
const withSlash = (path: string) => [path, `${path}/`];

/**
 * A Hono app with the site's routes, each answered by `handler(name)`. The pages that read the
 * catalogue answer GET (and HEAD, which Hono routes as GET); any other method falls through to the
 * static files. The admin pages answer every method, so their HTML is never handed out without a
 * session whatever the method.
 */
export function siteRoutes<E extends Env>(handler: (name: SiteRouteName) => Handler<E>): Hono<E> {
  const app = new Hono<E>();
  app.all('/api/*', handler('api'));
  // The catalogue's pages, the state pages and the search page, rendered by Astro on request (src/pages).
  app.on('GET', withSlash('/product/:id'), handler('astro'));
  app.on('GET', withSlash('/categories/:slug'), handler('astro'));
  app.on('GET', withSlash('/subcategories/:id/products'), handler('astro'));
  app.on('GET', withSlash('/deals'), handler('astro'));
  for (const path of STATE_PAGE_PATHS) app.on('GET', withSlash(path), handler('astro'));
  app.get('/sitemap.xml', handler('astro'));
  app.get('/search', handler('astro'));
  // The one-time staff link's page, rendered on request with the link's token in its form (D37).
  app.on('GET', withSlash('/staff/accept'), handler('staffAccept'));
  for (const path of withSlash('/product-image-manager/:id')) app.all(path, handler('productImages'));
  for (const path of ADMIN_PAGE_PATHS.flatMap(withSlash)) app.all(path, handler('admin'));
  return app;
}

/**
 * wrangler.toml's `run_worker_first` for a router's routes: a path becomes a pattern up to its first
 * parameter or wildcard, which becomes `*`; a trailing-slash twin shares its path's pattern (the
 * static files redirect it to the path without the slash first); a pattern under another's `/*` is
 * left out. A route for every path is refused: every static file would start the Worker.
 */
export function workerFirstPaths(routes: readonly { path: string }[]): string[] {
  const rules: string[] = [];
  for (const { path } of routes) {
    const segments = path.split('/');
    const dynamic = segments.findIndex((s) => s.startsWith(':') || s.includes('*'));
    const rule = dynamic === -1 ? path.replace(/(.)\/$/, '$1') : [...segments.slice(0, dynamic), '*'].join('/');
    if (rule === '/*' || rule === '*') throw new Error(`The route ${path} would start the Worker for every static file`);
    if (!rules.includes(rule)) rules.push(rule);
  }
  const covered = (rule: string) => rules.some((r) => r !== rule && r.endsWith('/*') && rule.startsWith(r.slice(0, -1)));
  return rules.filter((rule) => !covered(rule));
}
