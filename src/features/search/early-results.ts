/**
 * The search page's first results, asked for by a script in the page's HTML before any module has
 * loaded (issue 10: the page's largest paint is its first card's image, which otherwise waited for
 * React, the page's code and then this request, one after the other). The island takes the answer
 * instead of asking again, but only when the early request asked for exactly what the island would
 * ask for; any other address (a hand-typed, non-canonical one) gets its own request as before.
 */

import { SEARCH_PAGE_SIZE } from './search-page.ts';

/** Where the early request waits for the island (a property of window). */
export const EARLY_RESULTS_KEY = '__searchFirstPage';

interface EarlyResults {
  /** The API parameters asked for. */
  query: string;
  response: Promise<Response>;
}

/** The inline script search.astro places in the page: requestFirstPage, called with its arguments. */
export function earlyResultsScript(): string {
  return `(${requestFirstPage})(${JSON.stringify(EARLY_RESULTS_KEY)},${SEARCH_PAGE_SIZE})`;
}

/**
 * Runs inline in search.astro (earlyResultsScript), serialized with its source text, so it may use
 * nothing from outside its arguments. The page's address maps to the API's parameters as search-page.ts apiQuery writes
 * them for a canonical address (searchPageUrl): the same names in the same order, `q` being
 * `search`, then page 1 of `limit`. Once the answer is in, the first product's own image starts
 * loading, so it is there when the card draws.
 */
export function requestFirstPage(key: string, limit: number): void {
  const api = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(location.search)) api.append(name === 'q' ? 'search' : name, value);
  api.set('page', '1');
  api.set('limit', String(limit));
  const query = api.toString();
  const response = fetch(`/api/products?${query}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  (window as unknown as Record<string, unknown>)[key] = { query, response };
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((list) => {
      const src = Array.isArray(list) ? list[0]?.image : null;
      // Same-origin files only: other hosts may be stock photos the card replaces (images.ts).
      if (typeof src !== 'string' || !src.startsWith('/') || src.startsWith('//')) return;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = src;
    })
    .catch(() => {
      // The island reads the same response and shows the failure; nothing to do here.
    });
}

/** The early response, once, when it was for exactly these API parameters; otherwise null. */
export function takeFirstPage(query: string): Promise<Response> | null {
  const slot = window as unknown as Record<string, EarlyResults | undefined>;
  const early = slot[EARLY_RESULTS_KEY];
  if (!early) return null;
  // Used or not, it is spent: a later search (or a retry) asks the server again.
  delete slot[EARLY_RESULTS_KEY];
  return early.query === query ? early.response : null;
}
