/**
 * The header suggestions' answer cache (storefront.md §9). A module of its own, apart from the search
 * rules in search.ts: the header's search box needs those on every page, while this comes only with
 * the suggestions, when the box is first used.
 */
import { normalizeTerm } from './search.ts';

/** §9: an answer is fresh for 5 minutes, then fetched again (still shown meanwhile)... */
export const SEARCH_CACHE_FRESH_MS = 300_000;
/** ...and dropped after 10 minutes, so a long session does not grow the cache without bound. */
export const SEARCH_CACHE_RETAIN_MS = 600_000;

export type CacheLookup<T> = { status: 'miss' } | { status: 'fresh' | 'stale'; value: T };

export interface SearchCache<T> {
  lookup(term: string): CacheLookup<T>;
  store(term: string, value: T): void;
}

/**
 * An in-memory answer cache keyed by term, case-insensitively (the API matches case-insensitively,
 * so 'Blue' and 'blue' are the same answer). `now` is injectable for tests.
 */
export function createSearchCache<T>(opts: { freshMs?: number; retainMs?: number; now?: () => number } = {}): SearchCache<T> {
  const { freshMs = SEARCH_CACHE_FRESH_MS, retainMs = SEARCH_CACHE_RETAIN_MS, now = Date.now } = opts;
  const entries = new Map<string, { value: T; at: number }>();
  const keyOf = (term: string) => normalizeTerm(term).toLowerCase();

  function evict(at: number) {
    for (const [key, entry] of entries) if (at - entry.at >= retainMs) entries.delete(key);
  }

  return {
    lookup(term) {
      const at = now();
      evict(at);
      const entry = entries.get(keyOf(term));
      if (!entry) return { status: 'miss' };
      return { status: at - entry.at < freshMs ? 'fresh' : 'stale', value: entry.value };
    },
    store(term, value) {
      const at = now();
      evict(at);
      entries.set(keyOf(term), { value, at });
    },
  };
}
