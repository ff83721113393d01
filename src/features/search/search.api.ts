/**
 * GET /api/products with filters and paging, for the search, compare and dashboard islands. The
 * body stays the spec's array; the match count comes in the X-Total-Count header, which apiFetch
 * does not expose, so this reads the response itself with the same error shape (lib/api.ts).
 */
import { ApiError } from '../../lib/api.ts';
import type { ApiErrorBody } from '../../lib/http-error.ts';
import type { ApiProduct } from '../catalog/catalog.ts';

export interface ProductPage {
  products: ApiProduct[];
  /** Every match, not only this page's. */
  total: number;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function fetchProducts(params: URLSearchParams, init: RequestInit = {}): Promise<ProductPage> {
  const query = params.toString();
  return readProducts(
    fetch(query ? `/api/products?${query}` : '/api/products', {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    }),
  );
}

/** One page from a /api/products response, or the API's error. */
async function readProducts(response: Promise<Response>): Promise<ProductPage> {
  let res: Response;
  try {
    res = await response;
  } catch {
    throw new ApiError(0, 'Network error', null);
  }
  const text = await res.text();
  const body = parseBody(text);
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, body as Partial<ApiErrorBody> | null);
  const products = Array.isArray(body) ? (body as ApiProduct[]) : [];
  const header = Number(res.headers.get('x-total-count'));
  return { products, total: Number.isSafeInteger(header) && header >= products.length ? header : products.length };
}

export const searchApi = {
  /** One page of a search (search-page.ts apiQuery builds the parameters). */
  search: (params: URLSearchParams, init?: RequestInit) => fetchProducts(params, init),
  /** One page from a response asked for elsewhere (the server drawing the search page). */
  read: readProducts,
  /** The first `limit` products of a category, in catalogue order (the compare lists). */
  firstInCategory: (category: string, limit: number, init?: RequestInit) =>
    fetchProducts(new URLSearchParams({ category, limit: String(limit) }), init).then((r) => r.products),
  /** Live data for the given ids (order not guaranteed). */
  byIds: (ids: readonly number[], init?: RequestInit) =>
    ids.length === 0 ? Promise.resolve([]) : fetchProducts(new URLSearchParams({ ids: ids.join(',') }), init).then((r) => r.products),
  /** The whole catalogue, in catalogue order (the dashboard). */
  all: (init?: RequestInit) => fetchProducts(new URLSearchParams(), init).then((r) => r.products),
};
