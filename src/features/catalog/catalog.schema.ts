import * as v from 'valibot';
import { STRAIN_SORT_OPTIONS } from './browse.ts';

/** A path id: digits only, a positive integer that fits SQLite's integer range safely. */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'The id must be a positive whole number'),
  v.transform(Number),
  v.minValue(1, 'The id must be a positive whole number'),
);

const flag = v.optional(v.picklist(['true', 'false'], 'Use true or false'));
const dollars = (label: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}(\.\d{1,2})?$/, `${label} must be an amount in dollars`), v.transform(Number)));
const list = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(500, `${label} is too long`),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.maxLength(max, `At most ${max} ${label.toLowerCase()}`),
    ),
  );

export const SORT_KEYS = ['relevance', ...STRAIN_SORT_OPTIONS.map((o) => o.value)] as [string, ...string[]];
export const MAX_PAGE_SIZE = 100;

/**
 * GET /api/products (storefront.md §7): the spec's `search`, plus filters, sort and
 * paging. Without page/limit it answers every match, as the spec's callers expect.
 */
export const ProductsQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(1000, 'Search text must be at most 1,000 characters'))),
  category: v.optional(v.pipe(v.string(), v.maxLength(50, 'Unknown category'))),
  /** A strain's id: the strain pages page through their products with it. */
  subcategory: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'subcategory must be a strain id'),
      v.transform(Number),
      v.minValue(1, 'subcategory must be a strain id'),
    ),
  ),
  strainType: list('Strain types', 10),
  effects: list('Effects', 20),
  minPrice: dollars('minPrice'),
  maxPrice: dollars('maxPrice'),
  featured: flag,
  bestseller: flag,
  newarrival: flag,
  /** Only products in a deal live now (D32): the /deals grid. */
  deals: flag,
  ids: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'ids is a comma-separated list of up to 100 product ids'),
      v.transform((s) => s.split(',').map(Number)),
    ),
  ),
  sort: v.optional(v.picklist(SORT_KEYS, 'Unknown sort')),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'page must be a whole number'), v.transform(Number), v.minValue(1, 'page starts at 1')),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`),
    ),
  ),
});
export type ProductsQuery = v.InferOutput<typeof ProductsQuery>;
