/**
 * The pages that show the catalogue (product, category, strain, /deals, /sitemap.xml), right
 * within seconds of any change and served while the database is away (docs/decisions/0013, 0017):
 *
 * - the catalogue's stamp comes from this colo's short-lived copy in the Workers cache
 *   (catalogue-edge.ts), so a view makes no database read in steady state;
 * - the stamp the build recorded (dist/_catalogue.json) equals it: the built page is served as it is;
 * - otherwise the page is drawn on request into its built template from the same components as the
 *   built page, and kept in the Workers cache under the stamp, so the next request gets it from
 *   there until the catalogue or a deal window changes (a new stamp is a new key: nothing to purge).
 *   The deploy hook is asked for a new build on the way (after the answer);
 * - the database cannot be reached (every call has a deadline): the page last drawn here, or the
 *   built page, marked `x-page-stale`.
 *
 * `x-page-source: built | drawn | cached` says which of these answered.
 */
import type { Context } from 'hono';
import { createDb } from '../../db/client.web.ts';
import type { Db } from '../../db/db.ts';
import { STRAIN_NOT_FOUND_ID } from '../../features/catalog/card.ts';
import { parseProductId } from '../../features/catalog/catalog.ts';
import {
  categoryPage as categoryModel,
  dealsPage as dealsModel,
  type PageModel,
  productPage as productModel,
  strainPage as strainModel,
  TEMPLATE_PATHS,
} from '../../features/catalog/catalog-pages.ts';
import type { PartName } from '../../features/catalog/PageParts.tsx';
import { readBuiltCatalogue } from '../../features/publish/built.server.ts';
import type { BuiltCatalogue } from '../../features/publish/built.ts';
import { callDeployHookIfDue } from '../../features/publish/deploy-hook.server.ts';
import { drawPage } from '../../features/publish/draw-page.ts';
import { CATALOGUE_ISLANDS } from '../../features/publish/islands.ts';
import {
  categoryPageData,
  categoryRedirect,
  dealsPageData,
  productPageData,
  sitemapData,
  strainPageData,
} from '../../features/publish/publish.server.ts';
import { type CurrentStamp, sameStamp, stampText } from '../../features/publish/stamp.ts';
import { pageHeadTags } from '../../features/seo/page-head.ts';
import { SITEMAP_CONTENT_TYPE, sitemapXml } from '../../features/seo/sitemap.ts';
import { inBackground } from '../api/background.ts';
import { isDatabaseUnavailable } from '../api/db-errors.ts';
import { edgeKey, knownStamp } from '../catalogue-edge.ts';
import { edgeCache } from '../platform.ts';
import { type SiteEnv, serveBuiltPage, staticFile } from './pages.ts';

type PageContext = Context<SiteEnv>;

type PageSource = 'built' | 'drawn' | 'cached';
const PAGE_SOURCE_HEADER = 'x-page-source';

/** A drawn page is kept this long; its key changes with the stamp, so it is never served stale. */
const CACHED_FOR_SECONDS = 7 * 24 * 3600;

/** What a page's reads found: the page drawn, with the headers of what it was drawn from; or an answer. */
type Found = { page: string; headers: Headers } | { answer: Response };

interface LivePage {
  /** Whether the path can name a page of this kind at all (a product id is a positive number). */
  isPage: (path: string) => boolean;
  /** The answer for a path that names no page of this kind. */
  notFound: (c: PageContext) => Promise<Response> | Response;
  /**
   * Reads the page's data and draws it, `site` being the origin its links name. An answer instead
   * of a page (a 404, a redirect) is not cached.
   */
  draw: (c: PageContext, db: Db, site: string) => Promise<Found>;
  /** The answer when the built page is missing although the stamp is current. */
  missing: (c: PageContext) => Promise<Response>;
  /** The answer when the database cannot be reached: the built pages as they are. */
  offline: (c: PageContext) => Promise<Response>;
}

const pathOf = (c: PageContext) => new URL(c.req.url).pathname;

function withSource(page: Response, source: PageSource): Response {
  const headers = new Headers(page.headers);
  headers.set(PAGE_SOURCE_HEADER, source);
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

/** The page kind's built template, asked for while the page's data is read. */
const template = (c: PageContext, templatePath: string) => staticFile(c, templatePath);

/** A template asked for and not needed (the page is not found): its body is let go. */
function unused(asked: Promise<Response>): void {
  asked.then((res) => res.body?.cancel()).catch(() => {});
}

/**
 * The model drawn into the page kind's built template, with the template's headers (its content
 * type; the security headers are the site's, set on every page it answers: site.ts).
 */
async function drawModel<K extends PartName>(
  c: PageContext,
  templateAsked: Promise<Response>,
  model: PageModel<K, object>,
  site: string,
): Promise<Found> {
  const page = await templateAsked;
  if (!page.ok) throw new Error(`The build has no template for ${pathOf(c)} (${page.status})`);
  const drawing = {
    headTags: pageHeadTags(model.head, { site, path: pathOf(c) }),
    parts: model.parts,
    islands: model.islands as Record<string, object | null>,
  };
  return { page: drawPage(await page.text(), drawing, CATALOGUE_ISLANDS), headers: page.headers };
}

// ---------------------------------------------------------------------------------------------
// Not found, as each page kind says it (storefront.md §2, §8)
// ---------------------------------------------------------------------------------------------

/** The product shell: its island says 'Product Not Found'. */
const productNotFound = (c: PageContext) => serveBuiltPage(c, '/product/0', 404);

/** storefront.md §2: an unknown category slug leads to the not-found page. */
const NOT_FOUND_PATH = '/not-found';
const categoryNotFound = (c: PageContext) => Response.redirect(new URL(NOT_FOUND_PATH, c.req.url).href, 302);

const STRAIN_NOT_FOUND_PATH = `/subcategories/${STRAIN_NOT_FOUND_ID}/products`;
const strainNotFound = (c: PageContext) => serveBuiltPage(c, STRAIN_NOT_FOUND_PATH, 404);

const siteNotFound = (c: PageContext) => serveBuiltPage(c, '/404', 404);

/** A category's old slug answers 301 to its current one (slug_redirects); else the not-found. */
async function categoryMissing(c: PageContext): Promise<Response> {
  const current = await categoryRedirect(createDb(c.env), categorySlug(pathOf(c)));
  if (current == null) return categoryNotFound(c);
  return new Response(null, {
    status: 301,
    headers: { location: new URL(`/categories/${encodeURIComponent(current)}`, c.req.url).href, 'cache-control': 'no-cache' },
  });
}

/** The built page, or the answer `missing` gives when there is none. */
async function builtOr(c: PageContext, missing: () => Response | Promise<Response>): Promise<Response> {
  const built = await staticFile(c);
  if (built.status !== 404) return withSource(built, 'built');
  await built.body?.cancel();
  return missing();
}

/**
 * The page `load` finds, drawn into the template at `templatePath`, or `missing`'s answer when it
 * finds nothing. The template is asked for while the data is read, not after.
 */
async function drawFound<T, K extends PartName>(
  c: PageContext,
  site: string,
  templatePath: string,
  load: () => Promise<T | null | undefined>,
  model: (data: T) => PageModel<K, object>,
  missing: (c: PageContext) => Promise<Response>,
): Promise<Found | { answer: Response }> {
  const asked = template(c, templatePath);
  const data = await load();
  if (!data) {
    unused(asked);
    return { answer: await missing(c) };
  }
  return drawModel(c, asked, model(data), site);
}

// ---------------------------------------------------------------------------------------------
// The page kinds
// ---------------------------------------------------------------------------------------------

const product: LivePage = {
  isPage: (path) => parseProductId(path) > 0,
  notFound: productNotFound,
  // Draft, archived or unknown: 404, even where an older build has a page for it.
  draw: (c, db, site) =>
    drawFound(
      c,
      site,
      TEMPLATE_PATHS.product,
      () => productPageData(db, parseProductId(pathOf(c))),
      (data) => productModel(data.product, data.related, data.seo, site),
      productNotFound,
    ),
  missing: async (c) => productNotFound(c),
  // The shell for a product the build did not know: its island loads it, or says it is not found.
  offline: (c) => builtOr(c, () => serveBuiltPage(c, '/product/0', 200)),
};

/** The slug in /categories/{slug}; '' (no category) when it is not valid percent-encoding. */
function categorySlug(path: string): string {
  try {
    return decodeURIComponent(path.split('/')[2] ?? '');
  } catch {
    // decodeURIComponent throws only on malformed percent-encoding.
    return '';
  }
}

const category: LivePage = {
  isPage: (path) => categorySlug(path) !== '',
  notFound: categoryNotFound,
  draw: (c, db, site) =>
    drawFound(
      c,
      site,
      TEMPLATE_PATHS.category,
      () => categoryPageData(db, categorySlug(pathOf(c))),
      (data) => categoryModel(data.category, data.first, site),
      categoryMissing,
    ),
  missing: categoryMissing,
  offline: (c) => builtOr(c, () => categoryNotFound(c)),
};

/** The strain id in /subcategories/{id}/products; 0 (no strain) when it is not a positive number. */
function strainId(path: string): number {
  const id = Number(path.split('/')[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

const strain: LivePage = {
  isPage: (path) => strainId(path) > 0,
  notFound: strainNotFound,
  draw: (c, db, site) =>
    drawFound(
      c,
      site,
      TEMPLATE_PATHS.strain,
      () => strainPageData(db, strainId(pathOf(c))),
      (data) => strainModel(data.strain, data.parent, data.first, site),
      async (c) => strainNotFound(c),
    ),
  missing: async (c) => strainNotFound(c),
  offline: (c) => builtOr(c, () => strainNotFound(c)),
};

const deals: LivePage = {
  isPage: (path) => path === '/deals',
  notFound: siteNotFound,
  async draw(c, db, site) {
    const asked = template(c, TEMPLATE_PATHS.deals);
    return drawModel(c, asked, dealsModel(await dealsPageData(db)), site);
  },
  missing: async (c) => siteNotFound(c),
  offline: (c) => builtOr(c, () => siteNotFound(c)),
};

const sitemap: LivePage = {
  isPage: () => true,
  notFound: siteNotFound,
  async draw(_c, db, site) {
    const headers = new Headers({ 'content-type': SITEMAP_CONTENT_TYPE, 'x-content-type-options': 'nosniff' });
    return { page: sitemapXml(site, await sitemapData(db)), headers };
  },
  missing: async (c) => siteNotFound(c),
  offline: (c) => builtOr(c, () => siteNotFound(c)),
};

// ---------------------------------------------------------------------------------------------
// Built, cached or drawn
// ---------------------------------------------------------------------------------------------

/** The header that marks a page served without the database's word that it is current. */
const STALE_HEADER = 'x-page-stale';
const STALE_REASON = 'database-unavailable';

/** One key per build, stamp and page: a new build or stamp never meets an older drawing. */
function drawnKey(url: URL, built: BuiltCatalogue | null, stamp: CurrentStamp): Request {
  return edgeKey(url.origin, `drawn/${built?.build ?? 'unbuilt'}/${stampText(stamp)}${url.pathname}`);
}

/** The page last drawn here for this build, whatever its stamp: what a visitor gets while the database is away. */
function lastDrawnKey(url: URL, built: BuiltCatalogue | null): Request {
  return edgeKey(url.origin, `drawn/${built?.build ?? 'unbuilt'}/last${url.pathname}`);
}

/** The answer to the visitor: revalidated on every use, with the stamp as its ETag. */
function answer(c: PageContext, body: string | ReadableStream | null, headers: Headers, etag: string, source: PageSource): Response {
  const out = new Headers(headers);
  out.set('cache-control', 'no-cache');
  out.set('etag', etag);
  out.set(PAGE_SOURCE_HEADER, source);
  out.delete('content-length');
  const notModified = c.req.header('if-none-match') === etag;
  if (notModified || c.req.method === 'HEAD') {
    if (typeof body !== 'string') void body?.cancel();
    return new Response(null, { status: notModified ? 304 : 200, headers: out });
  }
  return new Response(body, { status: 200, headers: out });
}

function markedStale(page: Response): Response {
  const headers = new Headers(page.headers);
  headers.set(STALE_HEADER, STALE_REASON);
  headers.set('cache-control', 'no-cache');
  return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
}

/** While the database is away: the page last drawn here for this build, else the built pages as they are. */
async function withoutDatabase(c: PageContext, kind: LivePage, url: URL, built: BuiltCatalogue | null): Promise<Response> {
  const last = await edgeCache()
    ?.match(lastDrawnKey(url, built))
    .catch(() => undefined);
  if (last) return markedStale(withSource(last, 'cached'));
  return markedStale(await kind.offline(c));
}

/** A GET or HEAD of a page of `kind` (the site routes no other method here). */
async function livePage(c: PageContext, kind: LivePage): Promise<Response> {
  const url = new URL(c.req.url);
  // The templates are for the drawer only.
  const path = url.pathname.replace(/(.)\/$/, '$1');
  if (!kind.isPage(path) || Object.values<string>(TEMPLATE_PATHS).includes(path)) return kind.notFound(c);

  const known = await knownStamp(c.env, url.origin, c.executionCtx);
  if (!known) return withoutDatabase(c, kind, url, await readBuiltCatalogue(c.env.ASSETS, url.origin));
  const built = known.built;
  if (sameStamp(built, known.stamp)) {
    const page = await builtOr(c, () => kind.missing(c).catch(() => kind.notFound(c)));
    return known.stale ? markedStale(page) : page;
  }

  const etag = `"${stampText(known.stamp)}"`;
  const cache = edgeCache();
  const key = drawnKey(url, built, known.stamp);
  const hit = await cache?.match(key).catch(() => undefined);
  if (hit) {
    const page = answer(c, hit.body, hit.headers, etag, 'cached');
    return known.stale ? markedStale(page) : page;
  }
  if (known.stale) return withoutDatabase(c, kind, url, built);

  try {
    const db = createDb(c.env);
    // The built pages are behind: ask for a build (after the answer; spaced and recorded).
    inBackground(c, callDeployHookIfDue(db, c.env, built, { current: known.stamp }));
    const found = await kind.draw(c, db, built?.site ?? c.env.SITE_URL ?? url.origin);
    if ('answer' in found) return found.answer;
    const headers = new Headers(found.headers);
    // The template's own length and validator, not the drawn page's.
    headers.delete('etag');
    headers.delete('content-length');
    if (cache) {
      const kept = new Headers(headers);
      kept.set('cache-control', `public, max-age=${CACHED_FOR_SECONDS}`);
      c.executionCtx.waitUntil(
        Promise.all([
          cache.put(key, new Response(found.page, { headers: kept })),
          cache.put(lastDrawnKey(url, built), new Response(found.page, { headers: kept })),
        ]).catch(() => {}),
      );
    }
    return answer(c, found.page, headers, etag, 'drawn');
  } catch (err) {
    if (isDatabaseUnavailable(err)) return withoutDatabase(c, kind, url, built);
    console.error(`Drawing ${url.pathname} failed; serving the built page`, err);
    return kind.offline(c);
  }
}

export const productPage = (c: PageContext) => livePage(c, product);
export const categoryPage = (c: PageContext) => livePage(c, category);
export const strainPage = (c: PageContext) => livePage(c, strain);
export const dealsPage = (c: PageContext) => livePage(c, deals);
export const sitemapPage = (c: PageContext) => livePage(c, sitemap);
