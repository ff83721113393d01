/**
 * The paths the functions answer, registered on Hono: the API under /api, and the pages static
 * files alone cannot answer. site.ts registers them with their handlers; the build registers them
 * with handlers it never calls and reads the paths back from the Hono app (includeList), so
 * dist/_routes.json lists what the router answers and nothing else. This module imports Hono
 * alone, so Node loads it inside astro.config.mjs without the server's modules.
 */
import { type Env, type Handler, Hono } from 'hono';

/** Admin pages: D21 sends a visitor without a session to /admin-login before any HTML is served. */
export const ADMIN_PAGE_PATHS = [
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
] as const;

/** What answers a route: the API, or a kind of page. */
export type SiteRouteName =
  | 'api'
  | 'product'
  | 'category'
  | 'strain'
  | 'deals'
  | 'sitemap'
  | 'search'
  | 'productImages'
  | 'admin'
  | 'staffAccept';

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
  app.on('GET', withSlash('/product/:id'), handler('product'));
  app.on('GET', withSlash('/categories/:slug'), handler('category'));
  app.on('GET', withSlash('/subcategories/:id/products'), handler('strain'));
  // /deals/_template is the page the drawer draws /deals into, which visitors are not shown.
  app.on('GET', [...withSlash('/deals'), ...withSlash('/deals/:variant')], handler('deals'));
  app.get('/sitemap.xml', handler('sitemap'));
  // The search page with its first results drawn in (search-page.ts).
  app.get('/search', handler('search'));
  // The one-time staff link's page, with the link's token drawn into its form (D37).
  app.on('GET', withSlash('/staff/accept'), handler('staffAccept'));
  for (const path of withSlash('/product-image-manager/:id')) app.all(path, handler('productImages'));
  for (const path of ADMIN_PAGE_PATHS.flatMap(withSlash)) app.all(path, handler('admin'));
  return app;
}

/** Cloudflare Pages' limits on dist/_routes.json: rules in all, and characters in a rule. */
const MAX_RULES = 100;
const MAX_RULE_LENGTH = 100;

/**
 * The include list of dist/_routes.json for a router's routes. A path becomes a rule up to its
 * first parameter or wildcard, which becomes `*` (in a rule, any rest of the path); its
 * trailing-slash twin shares its rule (Pages' rule `/x` takes /x/ too); a rule under another
 * rule's `/*` is left out. A route for every path, or more rules than Pages takes, is refused, so
 * the build stops.
 */
export function includeList(routes: readonly { path: string }[]): string[] {
  const rules: string[] = [];
  for (const { path } of routes) {
    const segments = path.split('/');
    const dynamic = segments.findIndex((s) => s.startsWith(':') || s.includes('*'));
    const rule = dynamic === -1 ? path.replace(/(.)\/$/, '$1') : [...segments.slice(0, dynamic), '*'].join('/');
    if (rule === '/*' || rule === '*') throw new Error(`The route ${path} would start the functions for every static file`);
    if (rule.length > MAX_RULE_LENGTH) throw new Error(`The rule ${rule} is longer than Pages takes (${MAX_RULE_LENGTH})`);
    if (!rules.includes(rule)) rules.push(rule);
  }
  const covered = (rule: string) => rules.some((r) => r !== rule && r.endsWith('/*') && rule.startsWith(r.slice(0, -1)));
  const include = rules.filter((rule) => !covered(rule));
  if (include.length > MAX_RULES) throw new Error(`${include.length} function routes are more than Pages takes (${MAX_RULES})`);
  return include;
}
