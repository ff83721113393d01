/**
 * The page-specific tags of a storefront page's <head>: title, description, keywords, canonical,
 * robots, Open Graph and Twitter cards, and structured data. StoreLayout.astro writes them for
 * every page, pre-rendered or rendered on request, from this one function.
 */
import { SITE } from '../site/settings.ts';

export interface PageHead {
  title: string;
  description?: string;
  /** Path for the canonical link; defaults to the page's own path. */
  canonicalPath?: string;
  noindex?: boolean;
  /** Social-sharing image: an absolute URL or a path on this site. */
  ogImage?: string;
  ogType?: 'website' | 'article' | 'product';
  keywords?: readonly string[];
  /** Structured data (schema.org), one object or several; each becomes its own JSON-LD script. */
  jsonLd?: object | readonly object[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// '<' escaped so no string in the data can close the script element ('</script>') or open a comment.
const toJsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * The tags. `site` is the origin absolute URLs are made on; `path` the page's own
 * path, the canonical link when the page names none.
 */
export function pageHeadTags(head: PageHead, where: { site: string | URL; path: string }): string {
  const description = head.description ?? SITE.description;
  const ogType = head.ogType ?? 'website';
  const canonical = new URL(head.canonicalPath ?? where.path, where.site).href;
  const ogImage = head.ogImage ? new URL(head.ogImage, where.site).href : undefined;
  const jsonLd: readonly object[] = head.jsonLd == null ? [] : Array.isArray(head.jsonLd) ? head.jsonLd : [head.jsonLd];
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', description),
    head.keywords && head.keywords.length > 0 ? meta('name', 'keywords', head.keywords.join(', ')) : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    meta('property', 'og:site_name', SITE.name),
    meta('property', 'og:type', ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', 'en_US'),
    ogImage ? meta('property', 'og:image', ogImage) : '',
    meta('name', 'twitter:card', ogImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
    ogImage ? meta('name', 'twitter:image', ogImage) : '',
    ...jsonLd.map((item) => `<script type="application/ld+json">${toJsonLd(item)}</script>`),
  ];
  return tags.join('');
}
