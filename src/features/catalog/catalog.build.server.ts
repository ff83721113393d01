/**
 * Build-time catalogue access for the static pages: one read of the database per build,
 * shared by every page Astro renders (the same query code the API uses).
 */
import { createNodeDb } from '../../db/client.server.ts';
import { listCategories, listProducts } from './catalog.server.ts';
import type { ApiCategory, ApiProduct } from './catalog.ts';

interface Snapshot {
  products: ApiProduct[];
  categories: ApiCategory[];
}

let snapshot: Promise<Snapshot> | undefined;

export function loadCatalog(): Promise<Snapshot> {
  snapshot ??= (async () => {
    const { db, close } = createNodeDb();
    try {
      const [products, categories] = await Promise.all([listProducts(db), listCategories(db)]);
      return { products, categories };
    } finally {
      close();
    }
  })();
  return snapshot;
}
