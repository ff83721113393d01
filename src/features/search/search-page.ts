/**
 * The search page's rules (storefront.md §2, §5, §9; D9), pure so they are tested without a browser:
 * what the URL says (q, category, filters, sort, the dashboard's featured/bestseller/newarrival),
 * what the API is asked, which chips show, and what the count says. The island only holds state.
 */
import { type BrowseFilters, PRICE_RANGE, priceBound, SORT_OPTIONS, STRAIN_TYPES } from '../catalog/browse.ts';
import { productCountLabel } from '../catalog/card.ts';
import { CATEGORY_NAMES, EFFECTS } from '../catalog/catalog.ts';
import { SITE } from '../site/settings.ts';
import { normalizeTerm } from './search.ts';

/** Results asked for at a time; 'Load more' asks for the next page. */
export const SEARCH_PAGE_SIZE = 24;
/** Typing pauses this long before the results follow the text box. */
export const SEARCH_PAGE_DEBOUNCE_MS = 250;
/** §2: skeleton cards while results load. */
export const SEARCH_SKELETON_COUNT = 6;

export const SEARCH_SORT_OPTIONS = [{ value: 'relevance', label: 'Relevance' }, ...SORT_OPTIONS] as const;
export type SearchSort = (typeof SEARCH_SORT_OPTIONS)[number]['value'];

export function isSearchSort(value: string): value is SearchSort {
  return SEARCH_SORT_OPTIONS.some((o) => o.value === value);
}

/** D9: the flags the dashboard's 'View All' links set, with the chip each shows. */
export const FLAG_FILTERS = [
  { key: 'featured', label: 'Featured' },
  { key: 'bestseller', label: 'Best Sellers' },
  { key: 'newarrival', label: 'New Arrivals' },
] as const;
export type FlagKey = (typeof FLAG_FILTERS)[number]['key'];

export interface SearchState extends BrowseFilters {
  /** The text as the shopper typed it (normalised when sent). */
  q: string;
  /** One of CATEGORY_NAMES, or '' for all. */
  category: string;
  sort: SearchSort;
  flags: readonly FlagKey[];
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  category: '',
  strainTypes: [],
  effects: [],
  minPrice: PRICE_RANGE.min,
  maxPrice: PRICE_RANGE.max,
  sort: 'relevance',
  flags: [],
};

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A category by name or slug, any case ('flower', 'Pre-roll', 'pre-roll'); '' when unknown. */
export function canonicalCategory(raw: string | null | undefined): string {
  const value = (raw ?? '').trim().toLowerCase();
  if (!value) return '';
  return CATEGORY_NAMES.find((c) => c.toLowerCase() === value || slug(c) === value) ?? '';
}

/** A comma list kept to the known words, in their canonical spelling, without repeats. */
function knownList(raw: string | null, vocabulary: readonly string[]): string[] {
  if (!raw) return [];
  const chosen = new Set(
    raw
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .flatMap((s) => vocabulary.find((v) => v.toLowerCase() === s) ?? []),
  );
  // Vocabulary order, so the same choice always makes the same URL.
  return vocabulary.filter((v) => chosen.has(v));
}

/** Reads the page's URL. Anything unknown or malformed is dropped, never an error. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  // Snapped to the slider's step and kept inside its range, as the filter panel does.
  let minPrice = priceBound(params.get('minPrice') ?? '', 'min');
  let maxPrice = priceBound(params.get('maxPrice') ?? '', 'max');
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = params.get('sort') ?? '';
  return {
    q: normalizeTerm(params.get('q') ?? ''),
    category: canonicalCategory(params.get('category')),
    strainTypes: knownList(params.get('strainType'), STRAIN_TYPES),
    effects: knownList(params.get('effects'), EFFECTS),
    minPrice,
    maxPrice,
    sort: isSearchSort(sort) ? sort : 'relevance',
    flags: FLAG_FILTERS.filter((f) => params.get(f.key) === 'true').map((f) => f.key),
  };
}

const priceActive = (s: SearchState) => s.minPrice !== PRICE_RANGE.min || s.maxPrice !== PRICE_RANGE.max;

/** The filters both the URL and the API carry (not the text, the sort or the page). */
function filterEntries(s: SearchState): [string, string][] {
  const entries: [string, string][] = [];
  if (s.category) entries.push(['category', s.category]);
  if (s.strainTypes.length > 0) entries.push(['strainType', s.strainTypes.join(',')]);
  if (s.effects.length > 0) entries.push(['effects', s.effects.join(',')]);
  if (priceActive(s)) entries.push(['minPrice', String(s.minPrice)], ['maxPrice', String(s.maxPrice)]);
  for (const f of FLAG_FILTERS) if (s.flags.includes(f.key)) entries.push([f.key, 'true']);
  return entries;
}

/** The page's own URL for a state; defaults are left out, so a plain search stays /search?q=blue. */
export function searchPageUrl(s: SearchState): string {
  const q = normalizeTerm(s.q);
  const params = new URLSearchParams([...(q ? [['q', q] as [string, string]] : []), ...filterEntries(s)]);
  if (s.sort !== 'relevance') params.set('sort', s.sort);
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}

/**
 * GET /api/products for a state and page (catalog.schema.ts ProductsQuery). Relevance without text
 * is left to the server, which then lists in catalogue order.
 */
export function apiQuery(s: SearchState, page: number, limit = SEARCH_PAGE_SIZE): URLSearchParams {
  const q = normalizeTerm(s.q);
  const params = new URLSearchParams([...(q ? [['search', q] as [string, string]] : []), ...filterEntries(s)]);
  if (s.sort !== 'relevance') params.set('sort', s.sort);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/** Identifies one result list: a new key starts again at page 1. */
export function resultsKey(s: SearchState): string {
  return apiQuery(s, 1).toString();
}

export interface Chip {
  /** Unique among the chips (React key). */
  key: string;
  label: string;
  /** The state without this filter. */
  without: (s: SearchState) => SearchState;
}

/** §2: one removable chip per active filter, in the order of the panel, then the flags. */
export function filterChips(s: SearchState): Chip[] {
  const chips: Chip[] = [];
  if (s.category) chips.push({ key: 'category', label: s.category, without: (x) => ({ ...x, category: '' }) });
  for (const t of s.strainTypes)
    chips.push({ key: `strain-${t}`, label: t, without: (x) => ({ ...x, strainTypes: x.strainTypes.filter((v) => v !== t) }) });
  if (priceActive(s))
    chips.push({
      key: 'price',
      label: `$${s.minPrice} - $${s.maxPrice}`,
      without: (x) => ({ ...x, minPrice: PRICE_RANGE.min, maxPrice: PRICE_RANGE.max }),
    });
  for (const e of s.effects)
    chips.push({ key: `effect-${e}`, label: e, without: (x) => ({ ...x, effects: x.effects.filter((v) => v !== e) }) });
  for (const f of FLAG_FILTERS)
    if (s.flags.includes(f.key))
      chips.push({ key: f.key, label: f.label, without: (x) => ({ ...x, flags: x.flags.filter((k) => k !== f.key) }) });
  return chips;
}

/** 'Clear all' by the chips: every filter goes; the text and the sort stay. */
export function clearFilters(s: SearchState): SearchState {
  return { ...EMPTY_SEARCH, q: s.q, sort: s.sort };
}

/** 'Clear filters' on an empty result: start again from everything (text too), keeping the sort. */
export function clearSearch(s: SearchState): SearchState {
  return { ...EMPTY_SEARCH, sort: s.sort };
}

/** §2: 'N product(s) found'. */
export function resultCountLabel(total: number): string {
  return `${productCountLabel(total)} found`;
}

/** The search page's own title (search.astro), kept when there is no term. */
export const SEARCH_PAGE_TITLE = `Search Products | ${SITE.name}`;

/** §2: the title names the term when there is one; otherwise the page keeps its own. */
export function searchTitle(q: string): string {
  const term = normalizeTerm(q);
  return term ? `Search: ${term}` : SEARCH_PAGE_TITLE;
}
