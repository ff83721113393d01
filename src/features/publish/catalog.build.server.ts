/**
 * Build-time catalogue access for the static pages: one read of the database per build,
 * shared by every page Astro renders (the same query code the API uses).
 */
import { createNodeDb } from '../../db/client.server.ts';
import { products as productsTable } from '../../db/schema.ts';
import { listCategories, listProducts } from '../catalog/catalog.server.ts';
import type { ApiCategory, ApiProduct } from '../catalog/catalog.ts';
import { type ProductPageSeo, productPageSeo } from '../seo/product-page-seo.ts';
import { readPageStamp } from './stamp.server.ts';
import type { PageStamp } from './stamp.ts';

interface Snapshot {
  products: ApiProduct[];
  categories: ApiCategory[];
  /** SEO the admin saved per product id (AI SEO manager); a product without any is absent. */
  productSeo: ReadonlyMap<number, ProductPageSeo>;
  /** The stamp the pages are built at (dist/_catalogue.json, docs/decisions/0013). */
  stamp: PageStamp;
}

let snapshot: Promise<Snapshot> | undefined;

export function loadCatalog(): Promise<Snapshot> {
  snapshot ??= (async () => {
    const { db, close } = createNodeDb();
    try {
      // Read before the catalogue: a change during the reads below leaves the pages newer than
      // their stamp (drawn again until the next build, harmlessly), never older (served as current).
      const stamp = await readPageStamp(db);
      const [products, categories, seoRows] = await Promise.all([
        listProducts(db),
        listCategories(db),
        db
          .select({
            id: productsTable.id,
            seoTitle: productsTable.seoTitle,
            seoDescription: productsTable.seoDescription,
            seoH1: productsTable.seoH1,
            seoBody: productsTable.seoBody,
            seoKeywords: productsTable.seoKeywords,
          })
          .from(productsTable),
      ]);
      const productSeo = new Map(
        seoRows.map((row) => [row.id, productPageSeo(row)] as const).filter(([, seo]) => Object.keys(seo).length > 0),
      );
      return { products, categories, productSeo, stamp };
    } finally {
      close();
    }
  })();
  return snapshot;
}
