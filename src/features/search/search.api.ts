/**
 * GET /api/products with filters and paging, for the search, compare and dashboard islands. The
 * body stays the spec's array; the match count comes in the X-Total-Count header.
 */
import { api, ok } from '../../lib/api.ts';

/** The endpoint to ask: the islands' client, or one the server passes to ask the API in-process. */
export type ProductsEndpoint = typeof api.products;

/** One page of a search, with the count of every match (not only this page's). */
async function fetchPage(params: URLSearchParams, init?: RequestInit, endpoint: ProductsEndpoint = api.products) {
  const res = await ok(endpoint.$get({ query: Object.fromEntries(params) }, init ? { init } : undefined));
  const products = await res.json();
  const header = Number(res.headers.get('x-total-count'));
  return { products, total: Number.isSafeInteger(header) && header >= products.length ? header : products.length };
}

export const searchApi = {
  /** One page of a search (search-page.ts apiQuery builds the parameters). */
  search: fetchPage,
  /** The first `limit` products of a category, in catalogue order (the compare lists). */
  firstInCategory: (category: string, limit: number, init?: RequestInit) =>
    fetchPage(new URLSearchParams({ category, limit: String(limit) }), init).then((r) => r.products),
  /** Live data for the given ids (order not guaranteed). */
  byIds: async (ids: readonly number[], init?: RequestInit) =>
    ids.length === 0 ? [] : (await fetchPage(new URLSearchParams({ ids: ids.join(',') }), init)).products,
  /** The whole catalogue, in catalogue order (the dashboard). */
  all: (init?: RequestInit) => fetchPage(new URLSearchParams(), init).then((r) => r.products),
};
