/** The search page's first results drawn into its built page by the function (server/pages/search-page.ts). */
import { createElement } from 'react';
import { type FirstPage, firstPageBlock } from '../search/first-page.ts';
import SearchPage from '../search/SearchPage.tsx';
import { SEARCH_ISLAND, searchTitle } from '../search/search-page.ts';
import { spliceIsland } from './draw.ts';
import { renderIsland } from './draw-page.ts';

/**
 * The built page with `page` drawn into its island, the data block before it and the title naming
 * the term. The island keeps its attributes (the browser hydrates it as built); React draws with
 * the island's own id prefix, as Astro does.
 */
export function drawFirstPage(html: string, page: FirstPage): string {
  return spliceIsland(
    html,
    { page: '/search', island: SEARCH_ISLAND },
    (mark) => ({ before: firstPageBlock(page), html: renderIsland(createElement(SearchPage, { firstPage: page }), mark.prefix) }),
    { title: searchTitle(page.state.q) },
  );
}
