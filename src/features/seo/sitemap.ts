/**
 * /sitemap.xml: every public page with an absolute URL on the site's origin. Admin pages, checkout
 * and order confirmation are left out (robots.txt disallows them too), and so is /search (its
 * results are the pages listed here). Rendered on request from the catalogue (src/pages/sitemap.xml.ts).
 */
import { strainsWithParent, topLevelCategories } from '../catalog/card.ts';
import type { ApiCategory } from '../catalog/catalog.ts';
import { NEAR_ME, STATE_LANDINGS } from '../landing/landing.ts';

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

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap of a catalogue: its public categories and strains, and its active products by id. */
export function sitemapXml(origin: string | URL, catalogue: { categories: readonly ApiCategory[]; productIds: readonly number[] }): string {
  const paths = [
    ...STATIC_PAGES,
    ...topLevelCategories(catalogue.categories).map((c) => `/categories/${c.slug}`),
    ...strainsWithParent(catalogue.categories).map(({ strain }) => `/subcategories/${strain.id}/products`),
    ...catalogue.productIds.map((id) => `/product/${id}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(new URL(p, origin).href)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
