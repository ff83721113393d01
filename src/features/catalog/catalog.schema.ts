import * as v from 'valibot';

/** A path id: digits only, a positive integer that fits SQLite's integer range safely. */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}$/, 'The id must be a positive whole number'),
  v.transform(Number),
  v.minValue(1, 'The id must be a positive whole number'),
);

export const ProductsQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(200, 'Search text must be at most 200 characters'))),
});
export type ProductsQuery = v.InferOutput<typeof ProductsQuery>;
