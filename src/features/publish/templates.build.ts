/**
 * Astro integration: after each build, checks that the pages the function draws into still have
 * what draw.ts relies on (docs/decisions/0013), so a change in Astro's output stops the build
 * instead of serving a shopper a broken page. For each template: the head markers, <main>, one mark
 * per static part of its page model, and each island of the model in <main> with its React id
 * prefix and a `props` attribute equal to draw.ts's encoding of the template's own props (the
 * proof that the encoding is the one this Astro writes). For /search: its <title> and its island.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { categoryTemplate, dealsTemplate, productTemplate, strainTemplate, TEMPLATE_PATHS } from '../catalog/catalog-pages.ts';
import { SEARCH_ISLAND } from '../search/search-page.ts';
import { islandProps, readLayout } from './draw.ts';

interface Expected {
  parts: readonly string[];
  /** Props per island; null: the island's props are not drawn (only its HTML). */
  islands: Readonly<Record<string, object | null>>;
  head: boolean;
}

const fromModel = (model: { parts: object; islands: object }): Expected => ({
  parts: Object.keys(model.parts),
  islands: Object.fromEntries(Object.entries(model.islands).filter((entry): entry is [string, object] => entry[1] !== null)),
  head: true,
});

/** The pages drawn into, by path, with what each must hold. */
export const DRAWN_PAGES: Readonly<Record<string, Expected>> = {
  [TEMPLATE_PATHS.product]: fromModel(productTemplate()),
  [TEMPLATE_PATHS.category]: fromModel(categoryTemplate()),
  [TEMPLATE_PATHS.strain]: fromModel(strainTemplate()),
  [TEMPLATE_PATHS.deals]: fromModel(dealsTemplate()),
  '/search': { parts: [], islands: { [SEARCH_ISLAND]: null }, head: false },
};

/** What is wrong with a built page the drawer works on; empty when nothing is. */
export function templateProblems(html: string, expected: Expected): string[] {
  const layout = readLayout(html);
  const problems: string[] = [];
  if (expected.head && !layout.head) problems.push('no page-head markers');
  if (!expected.head && !layout.title) problems.push('no <title>');
  if (!layout.main) problems.push('no <main>');
  const parts = layout.parts.map((p) => p.name).sort();
  if (parts.join() !== [...expected.parts].sort().join()) problems.push(`part marks [${parts}] instead of [${[...expected.parts].sort()}]`);
  const islands = layout.islands.filter((i) => i.inMain);
  for (const [name, props] of Object.entries(expected.islands)) {
    const found = islands.filter((i) => i.name === name);
    if (found.length !== 1) {
      problems.push(`${found.length} islands named '${name}' in <main> instead of 1`);
      continue;
    }
    const [island] = found;
    if (!island?.prefix) problems.push(`island '${name}' has no prefix`);
    if (props !== null && island?.attribs.props !== islandProps(props)) {
      problems.push(`island '${name}' props are written as ${island?.attribs.props}, the drawer writes ${islandProps(props)}`);
    }
  }
  for (const island of islands) {
    if (!(island.name in expected.islands)) problems.push(`an island the drawer does not know: '${island.name}'`);
  }
  return problems;
}

/** Throws, naming each page and problem, when a built page no longer has what the drawer needs. */
export async function checkDrawnPages(outDir: string): Promise<void> {
  const problems: string[] = [];
  for (const [page, expected] of Object.entries(DRAWN_PAGES)) {
    const file = path.join(outDir, `${page}.html`);
    const html = await readFile(file, 'utf8').catch(() => null);
    if (html == null) {
      problems.push(`${page}: not built (${file})`);
      continue;
    }
    problems.push(...templateProblems(html, expected).map((p) => `${page}: ${p}`));
  }
  if (problems.length > 0) {
    throw new Error(`The built pages no longer have what the page drawer needs (src/features/publish/draw.ts):\n${problems.join('\n')}`);
  }
}

export function drawnPagesCheck(): AstroIntegration {
  return {
    name: 'greenline:drawn-pages-check',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        await checkDrawnPages(fileURLToPath(dir));
        logger.info(`${Object.keys(DRAWN_PAGES).length} pages the function draws into have what it needs`);
      },
    },
  };
}
