/**
 * The island components the function renders when it draws a page on request, by the names Astro
 * records for them. They live with the drawer, not with the route, so server code reaches UI only
 * through the feature that draws.
 */
import CatalogBrowser from '../search/CatalogBrowser.tsx';
import ProductDetail from '../shop/ProductDetail.tsx';
import ProductGrid from '../shop/ProductGrid.tsx';
import RelatedProducts from '../shop/RelatedProducts.tsx';
import type { IslandComponents } from './draw-page.ts';

/** The islands of the catalogue pages (product, category, strain, deals). */
export const CATALOGUE_ISLANDS: IslandComponents = { ProductDetail, RelatedProducts, CatalogBrowser, ProductGrid };
