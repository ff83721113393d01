import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { CACHE } from '../cache.ts';
import { databaseUnavailable } from '../db-errors.ts';
import type { AppEnv } from '../env.ts';

/** Readiness: answers 200 only when the database answers. `npm start` and the tests wait on it. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.db.run(sql`select 1`);
  } catch {
    // Readiness has one question: any failure of the database to answer is 'not ready'.
    throw databaseUnavailable();
  }
  c.header('Cache-Control', CACHE.none);
  return c.json({ ok: true });
});
