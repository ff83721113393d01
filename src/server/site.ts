/**
 * Every request Cloudflare Pages hands to the functions, in one place: /api/* to the API, the page
 * routes (site-routes.ts) to their handlers, anything else to the static files.
 *
 * Why one function file instead of one per route: the router wrangler generates for functions/
 * compiles every route's path pattern into a regular expression on every request, twice over, so
 * its cost grows with the number of files and shows in every API request's CPU in workerd
 * (docs/decisions/0009); with one catch-all file it is four small patterns. Which paths
 * reach the functions at all is written to dist/_routes.json (site.build.ts), so static files
 * never start a Worker.
 */
import { createDb } from '../db/client.web.ts';
import { createApp } from './api/app.ts';
import { type Bindings, envProblems, ServerEnv } from './api/env.ts';
import { categoryPage, dealsPage, productPage, sitemapPage, strainPage } from './pages/live-pages.ts';
import { adminPage, type PagesContext } from './pages/pages.ts';
import { searchPage } from './pages/search-page.ts';
import { type PageRouteName, pageRouteFor } from './pages/site-routes.ts';

/** What Pages passes a function (the subset we use). */
export interface SiteContext extends PagesContext {
  waitUntil: (promise: Promise<unknown>) => void;
  passThroughOnException: () => void;
}

const api = createApp({ db: createDb });

/** The API's answer to `request`, as if Pages had routed it there. */
function callApi(ctx: SiteContext, request: Request): Response | Promise<Response> {
  return api.fetch(request, ctx.env as Bindings, {
    waitUntil: (p) => ctx.waitUntil(p),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: undefined,
  });
}

const HANDLERS: Record<PageRouteName, (ctx: SiteContext) => Promise<Response>> = {
  product: productPage,
  category: categoryPage,
  strain: strainPage,
  deals: dealsPage,
  sitemap: sitemapPage,
  search: (ctx) => searchPage(ctx, (request) => callApi(ctx, request)),
  productImages: (ctx) => adminPage(ctx, '/product-image-manager'),
  admin: (ctx) => adminPage(ctx),
};

/** The shop's answer while its environment is wrong; the log names the variable. */
function misconfigured(problems: string): Response {
  console.error(`The shop's environment is not valid:\n${problems}`);
  const body = { error: 'The shop is not configured correctly. Please try again later.', code: 'bad_environment' };
  return new Response(JSON.stringify(body), {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function handleSite(ctx: SiteContext): Response | Promise<Response> {
  // Checked on every request (it is cheap), so a bad variable is named here, not deep in a handler.
  const problems = envProblems(ServerEnv, ctx.env);
  if (problems) return misconfigured(problems);
  const path = new URL(ctx.request.url).pathname;
  if (path.startsWith('/api/')) return callApi(ctx, ctx.request);
  const route = pageRouteFor(path);
  return route ? HANDLERS[route](ctx) : ctx.next();
}
