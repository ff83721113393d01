/**
 * dist/_catalogue.json: the stamp the pages of this build show, read by the page functions to tell
 * a built page that is still right from one to draw afresh (docs/decisions/0013). A route with a
 * parameter, because Astro builds no page from a file whose name starts with '_'.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { BUILT_CATALOGUE_PATH, builtCatalogue } from '../features/publish/built.ts';
import { loadCatalog } from '../features/publish/catalog.build.server.ts';
import { SITE } from '../features/site/settings.ts';

export const getStaticPaths = (() => [{ params: { catalogue: BUILT_CATALOGUE_PATH.slice(1, -'.json'.length) } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ site }) => {
  const { stamp } = await loadCatalog();
  const record = builtCatalogue(stamp, (site ?? new URL(SITE.url)).href, crypto.randomUUID());
  return new Response(`${JSON.stringify(record)}\n`, { headers: { 'Content-Type': 'application/json' } });
};
