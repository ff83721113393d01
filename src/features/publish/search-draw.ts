/** The search page's first results drawn into its built page by the function (server/pages/search-page.ts). */
import { createElement } from 'react';
import { type FirstPage, firstPageBlock } from '../search/first-page.ts';
import SearchPage from '../search/SearchPage.tsx';
import { SEARCH_ISLAND, searchTitle } from '../search/search-page.ts';
import { splicePage } from './draw.ts';
import { renderIsland } from './draw-page.ts';

/**
 * The built page with `page` drawn into its island, the data block before it and the title naming
 * the term; null when the page has no island to draw into. The island keeps its attributes (the
 * browser hydrates it as built); React draws with the island's own id prefix, as Astro does.
 */
export function drawFirstPage(html: string, page: FirstPage): string | null {
  let found = false;
  const drawn = splicePage(html, {
    title: searchTitle(page.state.q),
    island(mark) {
      if (mark.name !== SEARCH_ISLAND) return undefined;
      found = true;
      return { before: firstPageBlock(page), html: renderIsland(createElement(SearchPage, { firstPage: page }), mark.prefix) };
    },
  });
  return found ? drawn : null;
}
