/**
 * The search page's island (search.astro): SearchPage with the first results the server drew into
 * the page, if it did (first-page.ts). Apart from SearchPage because of the wait below: the server
 * draws SearchPage itself (src/server/pages/search-page.ts), and its bundler refuses a module that waits
 * at the top level.
 */
import { searchResultCards } from '../../components/store/on-demand-parts.ts';
import { takeFirstPage } from './first-page.ts';
import SearchPage from './SearchPage.tsx';

const served = takeFirstPage() ?? undefined;
// Hydration must draw what the server drew, cards included, so it waits for the cards' code. (If
// that fails, React finds the cards missing, draws the island afresh and the page offers a retry.)
if (served) await searchResultCards.load().catch(() => {});
// Otherwise the cards' code is wanted as soon as the page runs: start it now, alongside hydration.
else if (typeof window !== 'undefined') searchResultCards.preload();

export default function SearchPageIsland() {
  return <SearchPage firstPage={served} />;
}
