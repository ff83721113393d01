/**
 * The search page's first results, read by the page on request (src/pages/search.astro) and handed
 * to the island as a prop, so hydration draws the same thing and asks the API nothing: the page's
 * largest paint, its first card's image, then waits for no request made by the browser's code.
 */
import type { ApiProduct } from '../catalog/catalog.ts';
import type { SearchState } from './search-page.ts';

export interface FirstPage {
  /** What the results are for, as read from the page's address. */
  state: SearchState;
  products: ApiProduct[];
  /** Every match, not only this page's. */
  total: number;
}
