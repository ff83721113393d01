/** `npm run db:migrate`: applies migrations/ to LIBSQL_URL (default: the local sqld of `npm start`). */
import { createNodeDb } from '../src/db/client.server.ts';
import { migrateDb } from '../src/db/migrate.server.ts';

const { db, close } = createNodeDb();
try {
  await migrateDb(db);
  console.log('Migrations applied.');
} finally {
  close();
}
