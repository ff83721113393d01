/**
 * The search page's first results, drawn by the server into the page (src/server/pages/search-page.ts)
 * and handed to the island with the data they were drawn from, so hydration draws the same thing
 * and asks the API nothing: the page's largest paint, its first card's image, then waits for no
 * request made by the browser's code.
 */
import type { ApiProduct } from '../catalog/catalog.ts';
import { parseSearchParams, resultsKey, type SearchState } from './search-page.ts';

/** The id of the data block that carries the first page into the island. */
export const FIRST_PAGE_ELEMENT_ID = 'search-first-page';

export interface FirstPage {
  /** What the results are for, as read from the page's address. */
  state: SearchState;
  products: ApiProduct[];
  /** Every match, not only this page's. */
  total: number;
}

/**
 * The data block for the page: JSON inside `<script type="application/json">`, which no browser
 * runs (so the Content-Security-Policy needs no hash for it). Every `<` is escaped, so no text in a
 * product (a name holding `</script>`) can end the block early.
 */
export function firstPageBlock(page: FirstPage): string {
  const json = JSON.stringify(page).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${json}</script>`;
}

function isFirstPage(value: unknown): value is FirstPage {
  const v = value as Partial<FirstPage> | null;
  return v != null && typeof v === 'object' && v.state != null && Array.isArray(v.products) && typeof v.total === 'number';
}

let taken = false;

/**
 * The first page the server drew, once (a later search asks the API), and only when it was drawn
 * for what this address asks: anything else is drawn by the island from the API as before.
 */
export function takeFirstPage(): FirstPage | null {
  if (taken || typeof document === 'undefined') return null;
  taken = true;
  const text = document.getElementById(FIRST_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let page: unknown;
  try {
    page = JSON.parse(text);
  } catch {
    // JSON.parse throws only on text that is not JSON: no first page, the island asks the API.
    return null;
  }
  const asked = resultsKey(parseSearchParams(new URLSearchParams(window.location.search)));
  return isFirstPage(page) && resultsKey(page.state) === asked ? page : null;
}
