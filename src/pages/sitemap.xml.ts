/** /sitemap.xml, rendered on request from the catalogue and cached like its pages (seo/sitemap.ts). */
import type { APIRoute } from 'astro';
import { listingTags } from '../features/catalog/page-tags.ts';
import { SITEMAP_CONTENT_TYPE, sitemapXml } from '../features/seo/sitemap.ts';
import { SITE } from '../features/site/settings.ts';
import { CACHE } from '../server/api/cache.ts';
import { sitemapData } from '../server/pages/catalogue-data.ts';
import { livePage } from '../server/pages/live-page.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const read = await livePage(context, sitemapData, () => listingTags());
  if ('answer' in read) return read.answer;
  return new Response(sitemapXml(context.site ?? new URL(SITE.url), read.data), {
    headers: { 'Content-Type': SITEMAP_CONTENT_TYPE, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': CACHE.live },
  });
};
