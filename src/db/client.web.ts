import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { HttpError } from '../lib/http-error.ts';
import { DB_DEADLINE_MS, type Db, type DbConfig, type DbOptions, fetchWithDeadline } from './db.ts';

/**
 * Workers runtime: libSQL over HTTP. A client per request is cheap (no socket is held), and a
 * client shared across requests would carry I/O objects between them, which Workers forbids.
 * Every HTTP request the client sends has a deadline (DB_DEADLINE_MS.request unless told).
 */
export function createDb(env: DbConfig, options: DbOptions = {}): Db {
  const url = env.LIBSQL_URL;
  if (!url) {
    throw new HttpError(503, 'database_not_configured', 'The shop database is not configured.');
  }
  const authToken = env.LIBSQL_AUTH_TOKEN;
  const fetch = fetchWithDeadline(options.deadlineMs ?? DB_DEADLINE_MS.request);
  return drizzle({ client: createClient({ url, fetch, ...(authToken ? { authToken } : {}) }) });
}
