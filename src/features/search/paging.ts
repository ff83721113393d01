/**
 * Paging rules shared by the search results and the category and strain lists. Kept apart from
 * search-page.ts so a category page does not load the search page's URL and filter rules for them
 * (issue 10: first-load JS).
 */

/** Appends a next page, dropping any product already listed (the catalogue may shift between pages). */
export function appendPage<T extends { id: number }>(shown: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(shown.map((p) => p.id));
  return [...shown, ...next.filter((p) => !seen.has(p.id))];
}

/**
 * The fresh list with every product that did not change kept as the very object already shown, so
 * its card (memoized) is not drawn again: the live refresh of a built list, which mostly finds
 * nothing new, then redraws only what changed (a category page redrew all 24 cards in one long
 * task, issue 10).
 */
export function keepUnchanged<T extends { id: number }>(shown: readonly T[], fresh: readonly T[]): T[] {
  const before = new Map(shown.map((p) => [p.id, p]));
  return fresh.map((p) => {
    const old = before.get(p.id);
    return old && sameFields(old, p) ? old : p;
  });
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k] || JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

export function hasMore(shown: number, total: number): boolean {
  return shown < total;
}
