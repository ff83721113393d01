/**
 * Build-time catalogue access for the pre-rendered pages that show some of it (home, dashboard):
 * one read of the database per build, shared by every page (the same query code the API uses).
 * Their islands read the live catalogue from the API.
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
