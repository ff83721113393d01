/**
 * /sitemap.xml, rendered at build: every public page with an absolute URL on Astro.site. Admin
 * pages, checkout and order confirmation are left out (robots.txt disallows them too).
 */
import type { APIRoute } from 'astro';
import { strainsWithParent, topLevelCategories } from '../features/catalog/card.ts';
import { loadCatalog } from '../features/catalog/catalog.build.server.ts';
import { NEAR_ME, STATE_LANDINGS } from '../features/landing/landing.ts';
import { SITE } from '../features/site/settings.ts';

/** The fixed public pages, in the order a visitor meets them. */
const STATIC_PAGES = [
  '/',
  '/deals',
  ...Object.values(STATE_LANDINGS).map((p) => p.path),
  NEAR_ME.path,
  '/contact',
  '/compare',
  '/dashboard',
  '/ai',
] as const;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL(SITE.url);
  const { products, categories } = await loadCatalog();
  const paths = [
    ...STATIC_PAGES,
    ...topLevelCategories(categories).map((c) => `/categories/${c.slug}`),
    ...strainsWithParent(categories).map(({ strain }) => `/subcategories/${strain.id}/products`),
    ...products.map((p) => `/product/${p.id}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(new URL(p, origin).href)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
