/**
 * The paths the functions answer (besides /api/*), with no imports so the build can read them
 * (site.build.ts writes dist/_routes.json from them) and site.ts can route with them.
 */

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

interface PageRoute {
  /** The paths as _routes.json writes them (`*` is any rest of the path). */
  routes: readonly string[];
  /** The exact paths the handler takes; other paths under `routes` are static files. */
  match: RegExp;
}

const adminPaths = ADMIN_PAGE_PATHS.map((p) => p.slice(1)).join('|');

export const PAGE_ROUTES = {
  product: { routes: ['/product/*'], match: /^\/product\/[^/]+\/?$/ },
  category: { routes: ['/categories/*'], match: /^\/categories\/[^/]+\/?$/ },
  strain: { routes: ['/subcategories/*'], match: /^\/subcategories\/[^/]+\/products\/?$/ },
  // Drawn on request while the catalogue is newer than the build (live-pages.ts); /deals/_template
  // is its template, which visitors are not shown.
  deals: { routes: ['/deals', '/deals/*'], match: /^\/deals(?:\/[^/]+)?\/?$/ },
  sitemap: { routes: ['/sitemap.xml'], match: /^\/sitemap\.xml$/ },
  // The search page with its first results drawn in (search-page.ts).
  search: { routes: ['/search'], match: /^\/search$/ },
  productImages: { routes: ['/product-image-manager/*'], match: /^\/product-image-manager\/[^/]+\/?$/ },
  admin: { routes: ADMIN_PAGE_PATHS, match: new RegExp(`^/(?:${adminPaths})/?$`) },
} as const satisfies Record<string, PageRoute>;

export type PageRouteName = keyof typeof PAGE_ROUTES;

/** Which page route answers `path`; null for a static file. */
export function pageRouteFor(path: string): PageRouteName | null {
  for (const [name, route] of Object.entries(PAGE_ROUTES)) {
    if (route.match.test(path)) return name as PageRouteName;
  }
  return null;
}

/** The include list of dist/_routes.json: the API and the page routes, nothing else. */
export const FUNCTION_ROUTES: readonly string[] = ['/api/*', ...Object.values(PAGE_ROUTES).flatMap((r) => r.routes)];
