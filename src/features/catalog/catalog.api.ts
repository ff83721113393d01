/** Catalogue calls of storefront.md §7, for islands. */
import { apiFetch } from '../../lib/api.ts';
import type { ApiCategory, ApiProduct, PublicSiteImage } from './catalog.ts';

export const catalogApi = {
  products: (search?: string, init?: RequestInit) =>
    apiFetch<ApiProduct[]>(search ? `/api/products?search=${encodeURIComponent(search)}` : '/api/products', init),
  /** GET /api/products with filters (issue 7): ids, featured, limit, sort ... */
  query: (params: Record<string, string>, init?: RequestInit) =>
    apiFetch<ApiProduct[]>(`/api/products?${new URLSearchParams(params)}`, init),
  product: (id: number, init?: RequestInit) => apiFetch<ApiProduct>(`/api/products/${id}`, init),
  categories: () => apiFetch<ApiCategory[]>('/api/categories'),
  categoryProducts: (id: number) => apiFetch<{ category: ApiCategory; products: ApiProduct[] }>(`/api/categories/id/${id}/products`),
  subcategoryProducts: (id: number) => apiFetch<{ subcategory: ApiCategory; products: ApiProduct[] }>(`/api/subcategories/${id}/products`),
  siteImages: () => apiFetch<PublicSiteImage[]>('/api/site-images'),
};
