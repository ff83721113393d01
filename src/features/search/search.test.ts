import { describe, expect, it } from 'vitest';
import { isSearchable, normalizeTerm, productUrl, SEARCH_MAX_LENGTH, SUGGESTION_LIMIT, searchUrl, splitSuggestions } from './search.ts';
import { createSearchCache, SEARCH_CACHE_FRESH_MS, SEARCH_CACHE_RETAIN_MS } from './search-cache.ts';

describe('search terms', () => {
  it('trims and collapses whitespace', () => {
    expect(normalizeTerm('  blue   dream \n')).toBe('blue dream');
    expect(normalizeTerm('   ')).toBe('');
  });

  it('caps a term at what the API accepts', () => {
    expect(normalizeTerm('x'.repeat(SEARCH_MAX_LENGTH + 50))).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it('searches only from 2 characters after trimming (§5)', () => {
    expect(isSearchable(normalizeTerm(''))).toBe(false);
    expect(isSearchable(normalizeTerm('b'))).toBe(false);
    expect(isSearchable(normalizeTerm(' b '))).toBe(false);
    expect(isSearchable(normalizeTerm('bl'))).toBe(true);
    expect(isSearchable(normalizeTerm('  bl  '))).toBe(true);
  });

  it('builds the search page and product links (D10)', () => {
    expect(searchUrl(' blue dream ')).toBe('/search?q=blue%20dream');
    expect(searchUrl('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchUrl('  ')).toBe('/search');
    expect(productUrl(12)).toBe('/product/12');
  });

  it('shows at most 8 suggestions and counts the rest', () => {
    const list = Array.from({ length: 11 }, (_, i) => i);
    expect(splitSuggestions(list)).toEqual({ shown: list.slice(0, SUGGESTION_LIMIT), more: 3 });
    expect(splitSuggestions([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(splitSuggestions(list.slice(0, 8)).more).toBe(0);
  });
});

describe('search cache', () => {
  function clock() {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  }

  it('misses, then answers fresh for 5 minutes, then stale until dropped at 10', () => {
    const c = clock();
    const cache = createSearchCache<string[]>({ now: c.now });
    expect(cache.lookup('blue')).toEqual({ status: 'miss' });
    cache.store('blue', ['Blue Dream']);
    expect(cache.lookup('blue')).toEqual({ status: 'fresh', value: ['Blue Dream'] });
    c.advance(SEARCH_CACHE_FRESH_MS - 1);
    expect(cache.lookup('blue').status).toBe('fresh');
    c.advance(1);
    expect(cache.lookup('blue')).toEqual({ status: 'stale', value: ['Blue Dream'] });
    c.advance(SEARCH_CACHE_RETAIN_MS - SEARCH_CACHE_FRESH_MS);
    expect(cache.lookup('blue')).toEqual({ status: 'miss' });
  });

  it('keys by the normalised term, case-insensitively', () => {
    const cache = createSearchCache<number>({ now: () => 0 });
    cache.store(' Blue  Dream ', 1);
    expect(cache.lookup('blue dream')).toEqual({ status: 'fresh', value: 1 });
    expect(cache.lookup('blue')).toEqual({ status: 'miss' });
  });

  it('a new answer replaces the old one and is fresh again', () => {
    const c = clock();
    const cache = createSearchCache<number>({ now: c.now });
    cache.store('og', 1);
    c.advance(SEARCH_CACHE_FRESH_MS + 1);
    cache.store('og', 2);
    expect(cache.lookup('og')).toEqual({ status: 'fresh', value: 2 });
  });
});
