import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { HttpError } from '../lib/http-error.ts';
import type { Db, DbConfig } from './db.ts';

/**
 * Workers runtime: libSQL over HTTP. A client per request is cheap (no socket is held), and a
 * client shared across requests would carry I/O objects between them, which Workers forbids.
 */
export function createDb(env: DbConfig): Db {
  const url = env.LIBSQL_URL;
  if (!url) {
    throw new HttpError(503, 'database_not_configured', 'The shop database is not configured.');
  }
  const authToken = env.LIBSQL_AUTH_TOKEN;
  return drizzle({ client: createClient({ url, ...(authToken ? { authToken } : {}) }) });
}
