/** The product SEO an admin saved, and what a product page makes of it at the next build. */
import type { ProductSeo } from './seo.ts';
import { collapse, splitList } from './seo-text.ts';

export interface SavedProductSeo extends ProductSeo {
  productId: number;
  /** D27: the admin saved it although the compliance check flagged it. */
  overridden: boolean;
  /** Epoch ms. */
  updatedAt: number;
}

/** The stored keyword list (a JSON array); anything else reads as a comma-separated list. */
export function parseSavedKeywords(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) return value.filter((k): k is string => typeof k === 'string' && k.trim() !== '').map(collapse);
  } catch {
    // Not JSON: a plain list.
  }
  return splitList(stored);
}

/** The saved SEO columns of one product, as the build reads them. */
export interface ProductSeoColumns {
  seoTitle: string | null;
  seoDescription: string | null;
  seoH1: string | null;
  seoBody: string | null;
  seoKeywords: string | null;
}

/** What the product page overrides; each field undefined when not saved (the page keeps its own). */
export interface ProductPageSeo {
  title?: string;
  description?: string;
  h1?: string;
  body?: string;
  keywords?: string[];
}

export function productPageSeo(row: ProductSeoColumns | undefined): ProductPageSeo {
  if (!row) return {};
  const text = (s: string | null) => (s && collapse(s) ? s.trim() : undefined);
  const keywords = parseSavedKeywords(row.seoKeywords);
  const out: ProductPageSeo = {};
  const title = text(row.seoTitle);
  const description = text(row.seoDescription);
  const h1 = text(row.seoH1);
  const body = text(row.seoBody);
  if (title) out.title = collapse(title);
  if (description) out.description = collapse(description);
  if (h1) out.h1 = collapse(h1);
  if (body) out.body = body;
  if (keywords.length) out.keywords = keywords;
  return out;
}
