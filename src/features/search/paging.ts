/**
 * Paging rules shared by the search results and the category and strain lists. Kept apart from
 * search-page.ts so a category page does not load the search page's URL and filter rules for them.
 */

/** Appends a next page, dropping any product already listed (the catalogue may shift between pages). */
export function appendPage<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((p) => p.id));
  return [...shown, ...next.filter((p) => !seen.has(p.id))];
}

export function hasMore(shown: number, total: number): boolean {
  return shown < total;
}
