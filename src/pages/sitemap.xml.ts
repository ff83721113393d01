/** /sitemap.xml, rendered at build from the catalogue the pages are built from (seo/sitemap.ts). */
import type { APIRoute } from 'astro';
import { loadCatalog } from '../features/publish/catalog.build.server.ts';
import { SITEMAP_CONTENT_TYPE, sitemapXml } from '../features/seo/sitemap.ts';
import { SITE } from '../features/site/settings.ts';

export const GET: APIRoute = async ({ site }) => {
  const { products, categories } = await loadCatalog();
  const body = sitemapXml(site ?? new URL(SITE.url), { categories, productIds: products.map((p) => p.id) });
  return new Response(body, { headers: { 'Content-Type': SITEMAP_CONTENT_TYPE } });
};
