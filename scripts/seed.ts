/** `npm run db:seed`: inserts the seed catalogue into LIBSQL_URL; rows that exist are left alone. */
import { createNodeDb } from '../src/db/client.server.ts';
import { seedCatalog } from '../src/features/catalog/seed/seed.server.ts';

const { db, close } = createNodeDb();
try {
  const counts = await seedCatalog(db);
  console.log(`Catalogue: ${counts.products} products in ${counts.categories} categories.`);
} finally {
  close();
}
