/**
 * The search page's island (search.astro): SearchPage with the first results the server drew into
 * the page, if it did (first-page.ts). Apart from SearchPage because the server draws SearchPage
 * itself (src/server/pages/search-page.ts) and must not read the browser's document.
 */
import { takeFirstPage } from './first-page.ts';
import SearchPage from './SearchPage.tsx';

const served = takeFirstPage() ?? undefined;

export default function SearchPageIsland() {
  return <SearchPage firstPage={served} />;
}
