/** The AI SEO manager's calls (admin.md §7), for its island; their types come from the routes. */
import type * as v from 'valibot';
import { api, call } from '../../lib/api.ts';
import type { AuditInput, BlogInput, CategorySeoInput, KeywordInput, SaveProductSeo } from './seo.schema.ts';

const seo = api.seo;
const product = (productId: number) => ({ param: { productId: String(productId) } });

export const seoApi = {
  /** GET /api/products: the product picker's list. */
  products: () => call(api.products.$get({ query: {} })),
  productSeo: (productId: number) => call(seo['generate-product-seo'][':productId'].$post(product(productId))),
  categorySeo: (json: v.InferInput<typeof CategorySeoInput>) => call(seo['generate-category-seo'].$post({ json })),
  audit: (json: v.InferInput<typeof AuditInput>) => call(seo['audit-page'].$post({ json })),
  blog: (json: v.InferInput<typeof BlogInput>) => call(seo['generate-blog-content'].$post({ json })),
  keywords: (json: v.InferInput<typeof KeywordInput>) => call(seo['keyword-research'].$post({ json })),
  saved: (productId: number) => call(seo.products[':productId'].$get(product(productId))),
  save: (productId: number, json: v.InferInput<typeof SaveProductSeo>) =>
    call(seo.products[':productId'].$put({ ...product(productId), json })),
  clear: (productId: number) => call(seo.products[':productId'].$delete(product(productId))),
};
