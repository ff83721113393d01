/**
 * Header live-search rules (storefront.md §2, §5, §9; D10): pure, so the island stays thin and the
 * rules are tested without a browser.
 */

/** §5: suggestions are looked up only for a trimmed term of at least this many characters. */
export const SEARCH_MIN_LENGTH = 2;
/** The API refuses longer search text (catalog.schema.ts ProductsQuery). */
export const SEARCH_MAX_LENGTH = 200;
/** §9: suggestions shown; the rest are summed up in a '+N more results' line. */
export const SUGGESTION_LIMIT = 8;
/** Typing pauses at least this long before a request goes out. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Trims and collapses inner whitespace: 'blue  dream ' and 'blue dream' are one search. */
export function normalizeTerm(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);
}

/** §5: whether a (normalised) term is long enough to search for. */
export function isSearchable(term: string): boolean {
  return term.length >= SEARCH_MIN_LENGTH;
}

/** The full search page for a term; the no-JS form submits to the same place. */
export function searchUrl(term: string): string {
  const t = normalizeTerm(term);
  return t ? `/search?q=${encodeURIComponent(t)}` : '/search';
}

/** D10: a suggestion opens the product page (/product/{id}), not the spec's /products/{id}. */
export function productUrl(id: number): string {
  return `/product/${id}`;
}

/** The suggestions to show and how many more matched. */
export function splitSuggestions<T>(results: readonly T[], limit = SUGGESTION_LIMIT): { shown: T[]; more: number } {
  return { shown: results.slice(0, limit), more: Math.max(0, results.length - limit) };
}
