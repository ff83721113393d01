/**
 * The site's function: every request Cloudflare Pages hands the functions, routed by one Hono app.
 * /api/* goes to the API, the page routes (site-routes.ts) to their handlers, anything else to the
 * static files. functions/[[path]].ts is Hono's Pages adapter around it (docs/decisions/0018).
 *
 * Why one function file instead of one per route: the router wrangler generates for functions/
 * compiles every route's path pattern into a regular expression on every request, twice over, so
 * its cost grows with the number of files and shows in every API request's CPU in workerd
 * (docs/decisions/0009). Which paths reach the functions at all is written to dist/_routes.json
 * from this app's routes (site.build.ts), so static files never start a Worker.
 */
import { type Context, type Handler, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client.web.ts';
import { withPageSecurity } from '../features/site/security-headers.ts';
import { createApp } from './api/app.ts';
import { envProblems, ServerEnv } from './api/env.ts';
import { categoryPage, dealsPage, productPage, sitemapPage, strainPage } from './pages/live-pages.ts';
import { adminPage, type SiteEnv, staticFile } from './pages/pages.ts';
import { searchPage } from './pages/search-page.ts';
import { type SiteRouteName, siteRoutes } from './pages/site-routes.ts';
import { staffAcceptPage } from './pages/staff-accept-page.ts';

const api = createApp({ db: createDb });

/** The API's answer to `request`, with this request's bindings and execution context. */
const askApi = (c: Context<SiteEnv>, request: Request) => api.fetch(request, c.env, c.executionCtx);

const HANDLERS: Record<SiteRouteName, Handler<SiteEnv>> = {
  api: (c) => askApi(c, c.req.raw),
  product: productPage,
  category: categoryPage,
  strain: strainPage,
  deals: dealsPage,
  sitemap: sitemapPage,
  search: (c) => searchPage(c, (request) => askApi(c, request)),
  // Every /product-image-manager/{id} is served by the one built shell page.
  productImages: (c) => adminPage(c, '/product-image-manager'),
  admin: (c) => adminPage(c),
  staffAccept: staffAcceptPage,
};

/**
 * Checked on every request (it is cheap), so a bad variable is named in the log here, not deep in
 * a handler, and the shop's answer says only that it is misconfigured.
 */
const checkEnvironment = createMiddleware<SiteEnv>(async (c, next) => {
  const problems = envProblems(ServerEnv, c.env);
  if (!problems) return next();
  console.error(`The shop's environment is not valid:\n${problems}`);
  const body = { error: 'The shop is not configured correctly. Please try again later.', code: 'bad_environment' };
  return new Response(JSON.stringify(body), {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
});

/** Every answer of the function that carries HTML gets a static page's security headers (withPageSecurity). */
const secured =
  (handler: Handler<SiteEnv>): Handler<SiteEnv> =>
  async (c, next) =>
    withPageSecurity((await handler(c, next)) as Response);

export const site = new Hono<SiteEnv>()
  .use(checkEnvironment)
  .route(
    '/',
    siteRoutes((name) => secured(HANDLERS[name])),
  )
  .notFound(async (c) => withPageSecurity(await staticFile(c)));
