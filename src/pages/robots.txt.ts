/**
 * /robots.txt, rendered at build so the Sitemap line carries the site's real origin (Astro.site).
 * Everyone may crawl the shop; the API, the admin pages and order confirmations are off limits.
 * /checkout and /search stay crawlable (docs/decisions/0011-indexable-search-and-checkout.md).
 */
import type { APIRoute } from 'astro';
import { SITE } from '../features/site/settings.ts';

const DISALLOWED = [
  '/api/',
  '/admin',
  '/admin-login',
  '/staff/',
  '/admin-test',
  '/product-manager',
  '/product-image-manager',
  '/site-image-manager',
  '/simple-image-manager',
  '/home-image-manager',
  '/flower-image-generator',
  '/seo-manager',
  '/order-confirmation',
] as const;

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(SITE.url);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
