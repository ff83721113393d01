/**
 * What the product, category, strain and deals pages show, as data: their head tags, the props of
 * their static parts (PageParts.tsx) and the props of their islands. The .astro pages, which Astro
 * renders on request (docs/decisions/0024), render these; the rules are pure, so tests check them
 * without a page.
 */
import { displayPrice } from '../pricing/pricing.ts';
import type { PageHead } from '../seo/page-head.ts';
import type { ProductPageSeo } from '../seo/product-page-seo.ts';
import { SITE } from '../site/settings.ts';
import { dealsOffer } from './card.ts';
import type { ApiCategory, ApiProduct } from './catalog.ts';
import type { PartName, PartProps } from './PageParts.tsx';

/** A page's parts: props per part. */
type Parts<K extends PartName> = { [P in K]: PartProps<P> };

export interface PageModel<K extends PartName, Islands> {
  head: PageHead;
  parts: Parts<K>;
  /** Props per island, by the island's component name; null leaves that island out. */
  islands: Islands;
}

// ---------------------------------------------------------------------------------------------
// Product
// ---------------------------------------------------------------------------------------------

interface ProductIslands {
  ProductDetail: { initial: ApiProduct | null; heading: string | undefined };
  RelatedProducts: { products: ApiProduct[] } | null;
}
export type ProductPage = PageModel<'productBreadcrumb' | 'productAbout', ProductIslands>;

function paragraphs(body: string | undefined): string[] {
  return (body ?? '')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Structured data: the product with its offer and rating as the page shows them, and its breadcrumb. */
function productJsonLd(product: ApiProduct, site: string | URL): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: new URL(product.image, site).href,
      sku: String(product.id),
      category: product.categoryName,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: (displayPrice(product).price / 100).toFixed(2),
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: new URL(`/product/${product.id}`, site).href,
      },
      ...(product.reviews > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews, bestRating: 5 } }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', site).href },
        { '@type': 'ListItem', position: 2, name: 'Products', item: new URL('/#products', site).href },
        { '@type': 'ListItem', position: 3, name: product.name },
      ],
    },
  ];
}

/**
 * /product/{id}. `seo`: what staff saved in the AI SEO manager; each field overrides the page's own.
 * `related`: relatedProducts() of the catalogue.
 */
export function productPage(product: ApiProduct, related: ApiProduct[], seo: ProductPageSeo, site: string | URL): ProductPage {
  return {
    head: {
      title: seo.title ?? `${product.name} | ${product.categoryName} Delivery | ${SITE.name}`,
      description: seo.description ?? product.description,
      canonicalPath: `/product/${product.id}`,
      ...(seo.keywords ? { keywords: seo.keywords } : {}),
      ogType: 'product',
      ogImage: product.image,
      jsonLd: productJsonLd(product, site),
    },
    parts: { productBreadcrumb: { name: product.name }, productAbout: { name: product.name, paragraphs: paragraphs(seo.body) } },
    islands: {
      ProductDetail: { initial: product, heading: seo.h1 },
      RelatedProducts: related.length > 0 ? { products: related } : null,
    },
  };
}

/**
 * The product page for an id that names no public product, answered with status 404: its island
 * then says 'Product Not Found'.
 */
export function productShell(): ProductPage {
  return {
    head: { title: `Product | ${SITE.name}`, noindex: true },
    parts: { productBreadcrumb: { name: null }, productAbout: { name: '', paragraphs: [] } },
    islands: { ProductDetail: { initial: null, heading: undefined }, RelatedProducts: null },
  };
}

// ---------------------------------------------------------------------------------------------
// Category and strain
// ---------------------------------------------------------------------------------------------

/** What a category or strain page lists: the first page in the default order, and the count. */
export interface FirstPage {
  products: ApiProduct[];
  total: number;
}

interface CategoryIslands {
  CatalogBrowser: FirstPage & { scope: { category: string } };
}
type CategoryPage = PageModel<'categoryHeader', CategoryIslands>;

/** /categories/{slug}, for a top-level category. */
export function categoryPage(category: ApiCategory, first: FirstPage, site: string | URL): CategoryPage {
  return {
    head: {
      title: `${category.name} Delivery in Maryland & DC | ${SITE.name}`,
      description: category.description || `Shop ${category.name.toLowerCase()} for same-day delivery. ${SITE.tagline}.`,
      canonicalPath: `/categories/${category.slug}`,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', site).href },
          { '@type': 'ListItem', position: 2, name: category.name, item: new URL(`/categories/${category.slug}`, site).href },
        ],
      },
      keywords: [`${category.name.toLowerCase()} delivery`, ...SITE.keywords],
      ...(category.image ? { ogImage: category.image } : {}),
    },
    parts: { categoryHeader: { name: category.name, description: category.description } },
    islands: { CatalogBrowser: { products: first.products, total: first.total, scope: { category: category.slug } } },
  };
}

interface StrainIslands {
  CatalogBrowser: FirstPage & { scope: { subcategory: number }; sortOptions: 'strain' };
}
type StrainPage = PageModel<'strainHeader', StrainIslands>;

/** /subcategories/{id}/products, for a strain (a category with a parent, whose page is its parent's). */
export function strainPage(strain: ApiCategory, parent: ApiCategory | null, first: FirstPage, site: string | URL): StrainPage {
  return {
    head: {
      title: `${strain.name}${strain.strainType ? ` (${strain.strainType})` : ''} Delivery | ${SITE.name}`,
      description: strain.description || `Shop ${strain.name} for same-day delivery. ${SITE.tagline}.`,
      canonicalPath: `/subcategories/${strain.id}/products`,
      ...(strain.image ? { ogImage: strain.image } : {}),
      keywords: [
        strain.name,
        `${strain.name} strain`,
        ...(strain.strainType ? [`${strain.strainType.toLowerCase()} strain`] : []),
        ...SITE.keywords,
      ],
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', site).href },
          ...(parent
            ? [{ '@type': 'ListItem', position: 2, name: parent.name, item: new URL(`/categories/${parent.slug}`, site).href }]
            : []),
          {
            '@type': 'ListItem',
            position: parent ? 3 : 2,
            name: strain.name,
            item: new URL(`/subcategories/${strain.id}/products`, site).href,
          },
        ],
      },
    },
    parts: { strainHeader: { strain, parent } },
    islands: {
      CatalogBrowser: { products: first.products, total: first.total, scope: { subcategory: strain.id }, sortOptions: 'strain' },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Deals
// ---------------------------------------------------------------------------------------------

interface DealsIslands {
  ProductGrid: { products: ApiProduct[]; selection: 'deals'; headingLevel: 2 };
}
type DealsPage = PageModel<'dealsHeader', DealsIslands>;

/**
 * /deals, D32: the products in a deal live now, as the server marks them; the cards show the deal
 * price through the shared pricing module, so what the page says is what the cart charges.
 */
export function dealsPage(deals: ApiProduct[]): DealsPage {
  const offer = dealsOffer(deals);
  return {
    head: {
      title: `Special Deals: ${offer} | ${SITE.name}`,
      description: `Today's cannabis deals: ${offer} selected products, delivered same day in Maryland and, for registered patients, DC.`,
      canonicalPath: '/deals',
      ...(deals[0] ? { ogImage: deals[0].image } : {}),
      keywords: ['cannabis deals', 'dispensary deals DC', ...SITE.keywords],
    },
    parts: { dealsHeader: { offer, count: deals.length } },
    islands: { ProductGrid: { products: deals, selection: 'deals', headingLevel: 2 } },
  };
}
