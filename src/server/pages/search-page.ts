/**
 * /search with its first results drawn in. The built page has only the search form and
 * placeholders, because what it lists depends on the address; drawn by the browser, its largest
 * paint (the first card's image) waits for React, the page's code and the API one after another.
 * Here the function asks the API for page 1 (the same handler and validation as the island's own
 * request), draws the island with React as the build would, and puts the data it drew from next to
 * it, so hydration draws the same thing and asks for nothing. What it buys shows in the bench's
 * Lighthouse row for /search (largest contentful paint).
 *
 * Whatever fails on the way (the API's refusal, a database that is down, a page that no longer has
 * the island's mark) serves the built page as it is: its island then asks the API itself and shows
 * the failure with a retry.
 */
import type { Context } from 'hono';
import { hc } from 'hono/client';
import { drawFirstPage } from '../../features/publish/search-draw.ts';
import type { FirstPage } from '../../features/search/first-page.ts';
import { searchApi } from '../../features/search/search.api.ts';
import { apiQuery, parseSearchParams } from '../../features/search/search-page.ts';
import type { AppType } from '../api/app.ts';
import { drawnPage, type SiteEnv, staticFile } from './pages.ts';

/** Page 1 for the address `url` through the API; null on any failure. */
async function askFirstPage(url: URL, askApi: (request: Request) => Response | Promise<Response>): Promise<FirstPage | null> {
  const state = parseSearchParams(url.searchParams);
  try {
    // The typed client, answered in-process by the API instead of over the network.
    const { products: endpoint } = hc<AppType>(url.origin, {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => askApi(new Request(input, init)),
    }).api;
    const { products, total } = await searchApi.search(apiQuery(state, 1), undefined, endpoint);
    return { state, products, total };
  } catch {
    // The first page is an extra: on any failure the built page is served and the island asks itself.
    return null;
  }
}

/** GET (and HEAD) /search: the built page, with the first results when they can be had. */
export async function searchPage(c: Context<SiteEnv>, askApi: (request: Request) => Response | Promise<Response>): Promise<Response> {
  // The results are asked for while the built page is fetched, not after it.
  const asked = c.req.method === 'GET' ? askFirstPage(new URL(c.req.url), askApi) : null;
  const built = await staticFile(c);
  if (!asked || built.status !== 200) return built;
  const page = await asked;
  if (!page) return built;
  const html = await built.text();
  let drawn: string | null = null;
  try {
    drawn = drawFirstPage(html, page);
  } catch (err) {
    console.error('Drawing the search page failed', err);
  }
  // The results follow the catalogue: caches must ask again.
  return drawnPage(c, built, drawn ?? html, drawn != null ? { 'cache-control': 'no-cache' } : {});
}
