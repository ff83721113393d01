/**
 * Not-found handling for the pre-rendered category and strain pages (storefront.md §2, §8). Static
 * hosting answers a path with no page with the site's 404 page; these turn that answer into what
 * the spec asks for. The Pages Functions in functions/ only hand their requests here.
 */
import { STRAIN_NOT_FOUND_ID } from '../../features/catalog/card.ts';

export interface StaticPageContext {
  request: Request;
  env: { ASSETS: { fetch: (input: URL | Request | string) => Promise<Response> } };
  /** The static file for the request (the site's 404 page with status 404 when there is none). */
  next: () => Promise<Response>;
}

export const NOT_FOUND_PATH = '/not-found';
const STRAIN_NOT_FOUND_PATH = `/subcategories/${STRAIN_NOT_FOUND_ID}/products`;

/** /categories/{slug}: an unknown slug redirects to /not-found. */
export async function categoryPage(ctx: StaticPageContext): Promise<Response> {
  const built = await ctx.next();
  if (built.status !== 404) return built;
  await built.body?.cancel();
  return Response.redirect(new URL(NOT_FOUND_PATH, ctx.request.url).href, 302);
}

/** /subcategories/{id}/products: an unknown id gets the 'Strain Not Found' page with status 404. */
export async function strainPage(ctx: StaticPageContext): Promise<Response> {
  const url = new URL(ctx.request.url);
  const isNotFoundPage = url.pathname === STRAIN_NOT_FOUND_PATH;
  const built = isNotFoundPage ? null : await ctx.next();
  if (built && built.status !== 404) return built;
  await built?.body?.cancel();
  const page = await ctx.env.ASSETS.fetch(new URL(STRAIN_NOT_FOUND_PATH, url));
  const headers = new Headers(page.headers);
  // The answer depends on the catalogue at the last build; let caches revalidate it.
  headers.set('cache-control', 'no-cache');
  return new Response(page.body, { status: 404, headers });
}
