/** Catalogue calls of storefront.md §7, for islands; their types come from the routes. */
import { api, call } from '../../lib/api.ts';

const options = (init?: RequestInit) => (init ? { init } : undefined);

export const catalogApi = {
  /** GET /api/products, optionally matching `search`. */
  products: (search?: string, init?: RequestInit) => call(api.products.$get({ query: search ? { search } : {} }, options(init))),
  /** GET /api/products with filters: ids, featured, limit, sort ... */
  query: (query: Record<string, string>, init?: RequestInit) => call(api.products.$get({ query }, options(init))),
  product: (id: number, init?: RequestInit) => call(api.products[':id'].$get({ param: { id: String(id) } }, options(init))),
};
