/** The AI SEO manager's calls (admin.md §7), for its island. The session rides on the cookie. */
import { apiFetch } from '../../lib/api.ts';
import type { ComplianceFlag } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import type { BlogContent, CategorySeo, KeywordData, ProductSeo, SavedProductSeo, SeoSource } from './seo.ts';
import type { AuditResult } from './seo-audit.ts';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** What every generating call says besides its result. */
export interface GeneratedMeta {
  success: boolean;
  source: SeoSource;
  /** Why the built-in template answered although a model is configured. */
  notice?: string;
  compliance: { flags: ComplianceFlag[] };
}

export type AuditResults = AuditResult & { suggestions: string[] };

export interface CategorySeoRequest {
  categoryName: string;
  productCount: number;
  targetLocation: string;
}
export interface AuditRequest {
  url: string;
  pageType: string;
  content?: string;
}
export interface BlogRequest {
  topic: string;
  keywords: string;
  targetLocation: string;
  wordCount: number;
}
export interface KeywordRequest {
  seedKeywords: string;
  location: string;
  businessType: string;
}
export interface SaveProductSeoRequest extends ProductSeo {
  override?: boolean;
}

export const seoApi = {
  /** GET /api/products: the product picker's list. */
  products: () => apiFetch<ApiProduct[]>('/api/products'),
  productSeo: (productId: number) =>
    apiFetch<GeneratedMeta & { seoContent: ProductSeo }>(`/api/seo/generate-product-seo/${productId}`, { method: 'POST' }),
  categorySeo: (input: CategorySeoRequest) =>
    apiFetch<GeneratedMeta & { seoContent: CategorySeo }>('/api/seo/generate-category-seo', json('POST', input)),
  audit: (input: AuditRequest) =>
    apiFetch<{ success: boolean; auditResults: AuditResults; source: SeoSource; notice?: string }>(
      '/api/seo/audit-page',
      json('POST', input),
    ),
  blog: (input: BlogRequest) =>
    apiFetch<GeneratedMeta & { blogContent: BlogContent }>('/api/seo/generate-blog-content', json('POST', input)),
  keywords: (input: KeywordRequest) =>
    apiFetch<GeneratedMeta & { keywordData: KeywordData }>('/api/seo/keyword-research', json('POST', input)),
  saved: (productId: number) => apiFetch<{ success: boolean; productSeo: SavedProductSeo | null }>(`/api/seo/products/${productId}`),
  save: (productId: number, input: SaveProductSeoRequest) =>
    apiFetch<{ success: boolean; productSeo: SavedProductSeo }>(`/api/seo/products/${productId}`, json('PUT', input)),
  clear: (productId: number) => apiFetch<{ success: boolean; productSeo: null }>(`/api/seo/products/${productId}`, { method: 'DELETE' }),
};
