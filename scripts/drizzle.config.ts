import { defineConfig } from 'drizzle-kit';

// Run from the repository root: `npm run db:generate` writes append-only SQL into migrations/.
export default defineConfig({
  dialect: 'turso',
  schema: './src/db/schema.ts',
  out: './migrations',
  dbCredentials: { url: process.env.LIBSQL_URL ?? 'http://127.0.0.1:8080' },
});
