/**
 * The Worker's router (docs/decisions/0024): the requests the Worker gets before the static files
 * (wrangler.toml's run_worker_first), and the static files' misses, routed by one Hono app. /api/*
 * goes to the API, the catalogue's pages and search to Astro, the staff pages to their session
 * check, anything else to the static files. functions/worker.ts gives it Astro's renderer.
 */
import type { ExecutionContext } from '@cloudflare/workers-types';
import { type Context, type Handler, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client.web.ts';
import { withPageSecurity } from '../features/site/security-headers.ts';
import { createApp } from './api/app.ts';
import { envProblems, ServerEnv } from './api/env.ts';
import { adminPage, type SiteBindings, type SiteEnv, staticFile } from './pages/pages.ts';
import { type SiteRouteName, siteRoutes } from './pages/site-routes.ts';

/** Astro's answer to a request (the adapter's handler, in the Worker's bundle only). */
export type RenderPage = (request: Request, env: SiteBindings, ctx: ExecutionContext) => Promise<Response>;

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

/**
 * Every answer of the Worker that carries HTML gets a static page's security headers
 * (withPageSecurity); Astro's pages come with them already (src/middleware.ts), and are not read again.
 */
const secured =
  (handler: Handler<SiteEnv>): Handler<SiteEnv> =>
  async (c, next) => {
    const res = (await handler(c, next)) as Response;
    return res.headers.has('Content-Security-Policy') ? res : withPageSecurity(res);
  };

/** The Worker's router, with Astro rendering the pages it renders on request. */
export function createSite(renderPage: RenderPage) {
  const render = (c: Context<SiteEnv>, request: Request) => renderPage(request, c.env, c.executionCtx as ExecutionContext);
  const api = createApp({
    db: createDb,
    renderPage: (c, request) => renderPage(request, c.env as SiteBindings, c.executionCtx as ExecutionContext),
  });
  const handlers: Record<SiteRouteName, Handler<SiteEnv>> = {
    api: (c) => api.fetch(c.req.raw, c.env, c.executionCtx),
    astro: (c) => render(c, c.req.raw),
    // Every /product-image-manager/{id} is served by the one built shell page.
    productImages: (c) => adminPage(c, '/product-image-manager'),
    admin: (c) => adminPage(c),
    staffAccept: (c) => render(c, c.req.raw),
  };
  return new Hono<SiteEnv>()
    .use(checkEnvironment)
    .route(
      '/',
      siteRoutes((name) => secured(handlers[name])),
    )
    .notFound(async (c) => withPageSecurity(await staticFile(c)));
}
