/**
 * Handlers for page routes that static files alone cannot answer. The Pages Functions in
 * functions/ hand their requests here (DESIGN: no logic in functions/).
 */
import { createDb } from '../db/client.web.ts';
import { getProduct } from '../features/catalog/catalog.server.ts';
import { parseProductId } from '../features/catalog/catalog.ts';
import type { Bindings } from './env.ts';

export interface PagesContext {
  request: Request;
  env: Bindings & { ASSETS: { fetch: (input: URL | Request | string) => Promise<Response> } };
  next: () => Promise<Response>;
}

/** Serves a built page's body under another URL with the given status. */
async function serveBuiltPage(ctx: PagesContext, path: string, status: number): Promise<Response> {
  const page = await ctx.env.ASSETS.fetch(new URL(path, ctx.request.url));
  const headers = new Headers(page.headers);
  headers.set('cache-control', 'no-cache');
  return new Response(page.body, { status, headers });
}

/**
 * /product/{id}: the pre-rendered page when there is one. A product created after the last build
 * gets the client-rendered shell (/product/0), which loads it from the API; an id that names no
 * product gets the same shell with status 404, and the shell shows 'Product Not Found'.
 */
export async function productPage(ctx: PagesContext): Promise<Response> {
  const built = await ctx.next();
  if (built.status !== 404) return built;
  const id = parseProductId(new URL(ctx.request.url).pathname);
  let exists = false;
  if (id > 0) {
    try {
      exists = (await getProduct(createDb(ctx.env), id)) != null;
    } catch {
      // Database unreachable: serve the shell as if it exists; the island reports what it finds.
      exists = true;
    }
  }
  return serveBuiltPage(ctx, '/product/0', exists ? 200 : 404);
}
