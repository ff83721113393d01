import { describe, expect, it } from 'vitest';
import { PRICE_RANGE } from '../catalog/browse.ts';
import { appendPage, hasMore } from './paging.ts';
import {
  apiQuery,
  canonicalCategory,
  clearFilters,
  clearSearch,
  EMPTY_SEARCH,
  filterChips,
  parseSearchParams,
  resultCountLabel,
  resultsKey,
  SEARCH_PAGE_SIZE,
  type SearchState,
  searchPageUrl,
  searchTitle,
} from './search-page.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('reading the URL', () => {
  it('reads q and category (name or slug, any case) and defaults the rest', () => {
    expect(parse('q=blue&category=flower')).toEqual({ ...EMPTY_SEARCH, q: 'blue', category: 'Flower' });
    expect(parse('category=pre-roll').category).toBe('Pre-roll');
    expect(parse('category=CONCENTRATE').category).toBe('Concentrate');
    expect(parse('')).toEqual(EMPTY_SEARCH);
  });

  it('normalises the text', () => {
    expect(parse('q=%20%20blue%20%20dream%20').q).toBe('blue dream');
  });

  it('keeps only known strain types and effects, canonically spelt, in panel order', () => {
    const s = parse('strainType=hybrid,Nope,indica,Hybrid&effects=sleepy,pain%20relief,Bogus');
    expect(s.strainTypes).toEqual(['Indica', 'Hybrid']);
    expect(s.effects).toEqual(['Sleepy', 'Pain Relief']);
  });

  it('snaps prices to the slider, keeps them in range and the right way round', () => {
    expect(parse('minPrice=12&maxPrice=47')).toMatchObject({ minPrice: 10, maxPrice: 50 });
    expect(parse('minPrice=-5&maxPrice=9999')).toMatchObject({ minPrice: PRICE_RANGE.min, maxPrice: PRICE_RANGE.max });
    expect(parse('minPrice=abc&maxPrice=')).toMatchObject({ minPrice: PRICE_RANGE.min, maxPrice: PRICE_RANGE.max });
    expect(parse('minPrice=100&maxPrice=20')).toMatchObject({ minPrice: 20, maxPrice: 100 });
  });

  it('honours featured, bestseller and newarrival only when true (D9)', () => {
    expect(parse('featured=true&bestseller=1&newarrival=true').flags).toEqual(['featured', 'newarrival']);
  });

  it('accepts relevance and the category sorts, nothing else', () => {
    expect(parse('sort=price-asc').sort).toBe('price-asc');
    expect(parse('sort=thc').sort).toBe('relevance');
    expect(parse('sort=drop table').sort).toBe('relevance');
  });

  it('drops an unknown category', () => {
    expect(canonicalCategory('weapons')).toBe('');
    expect(canonicalCategory(null)).toBe('');
  });
});

describe('writing the URL', () => {
  const full: SearchState = {
    q: ' blue ',
    category: 'Flower',
    strainTypes: ['Indica', 'Hybrid'],
    effects: ['Relaxing'],
    minPrice: 10,
    maxPrice: 100,
    sort: 'rating',
    flags: ['featured'],
  };

  it('leaves defaults out', () => {
    expect(searchPageUrl(EMPTY_SEARCH)).toBe('/search');
    expect(searchPageUrl({ ...EMPTY_SEARCH, q: 'blue' })).toBe('/search?q=blue');
    expect(searchPageUrl({ ...EMPTY_SEARCH, flags: ['bestseller'] })).toBe('/search?bestseller=true');
  });

  it('writes every filter, and reads back to the same state', () => {
    const url = searchPageUrl(full);
    expect(url).toBe(
      '/search?q=blue&category=Flower&strainType=Indica%2CHybrid&effects=Relaxing&minPrice=10&maxPrice=100&featured=true&sort=rating',
    );
    expect(parse(url.split('?')[1] ?? '')).toEqual({ ...full, q: 'blue' });
  });

  it('asks the API for the same filters, a page and the page size', () => {
    const params = apiQuery(full, 2);
    expect(Object.fromEntries(params)).toEqual({
      search: 'blue',
      category: 'Flower',
      strainType: 'Indica,Hybrid',
      effects: 'Relaxing',
      minPrice: '10',
      maxPrice: '100',
      featured: 'true',
      sort: 'rating',
      page: '2',
      limit: String(SEARCH_PAGE_SIZE),
    });
    expect(Object.fromEntries(apiQuery(EMPTY_SEARCH, 1))).toEqual({ page: '1', limit: '24' });
  });

  it('gives the same result key for the same search, whatever the spacing of the text', () => {
    expect(resultsKey({ ...EMPTY_SEARCH, q: 'blue  dream' })).toBe(resultsKey({ ...EMPTY_SEARCH, q: ' blue dream' }));
    expect(resultsKey({ ...EMPTY_SEARCH, q: 'blue' })).not.toBe(resultsKey({ ...EMPTY_SEARCH, q: 'blue', sort: 'name' }));
  });
});

describe('chips', () => {
  const s: SearchState = {
    ...EMPTY_SEARCH,
    q: 'blue',
    category: 'Edible',
    strainTypes: ['Indica'],
    effects: ['Happy', 'Sleepy'],
    maxPrice: 50,
    flags: ['featured', 'bestseller', 'newarrival'],
  };

  it('shows one chip per active filter, not the text', () => {
    expect(filterChips(s).map((c) => c.label)).toEqual([
      'Edible',
      'Indica',
      '$0 - $50',
      'Happy',
      'Sleepy',
      'Featured',
      'Best Sellers',
      'New Arrivals',
    ]);
    expect(filterChips(EMPTY_SEARCH)).toEqual([]);
    expect(filterChips({ ...EMPTY_SEARCH, q: 'blue' })).toEqual([]);
  });

  it('removes exactly its own filter', () => {
    const chips = filterChips(s);
    const without = (label: string) => {
      const chip = chips.find((c) => c.label === label);
      if (!chip) throw new Error(label);
      return chip.without(s);
    };
    expect(without('Sleepy')).toEqual({ ...s, effects: ['Happy'] });
    expect(without('Edible')).toEqual({ ...s, category: '' });
    expect(without('$0 - $50')).toEqual({ ...s, maxPrice: PRICE_RANGE.max });
    expect(without('Best Sellers')).toEqual({ ...s, flags: ['featured', 'newarrival'] });
  });

  it("'Clear all' keeps the text and the sort; 'Clear filters' starts again", () => {
    expect(clearFilters({ ...s, sort: 'name' })).toEqual({ ...EMPTY_SEARCH, q: 'blue', sort: 'name' });
    expect(clearSearch({ ...s, sort: 'name' })).toEqual({ ...EMPTY_SEARCH, sort: 'name' });
  });
});

describe('count, title and paging', () => {
  it("says 'product' for one", () => {
    expect(resultCountLabel(0)).toBe('0 products found');
    expect(resultCountLabel(1)).toBe('1 product found');
    expect(resultCountLabel(88)).toBe('88 products found');
  });

  it("titles the page 'Search: {term}' when there is a term", () => {
    expect(searchTitle('  blue dream ')).toBe('Search: blue dream');
    expect(searchTitle('   ')).toBe('Search Products | Greenline Delivery');
  });

  it('appends the next page without repeating a product', () => {
    const p = (id: number) => ({ id });
    expect(appendPage([p(1), p(2)], [p(2), p(3)])).toEqual([p(1), p(2), p(3)]);
    expect(hasMore(24, 88)).toBe(true);
    expect(hasMore(88, 88)).toBe(false);
  });
});
