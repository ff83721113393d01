import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { Db, DbConfig } from './db.ts';

/** The database URL `npm start` uses locally: the sqld it starts (scripts/lib/stack.ts). */
export const DEFAULT_LOCAL_DB_URL = 'http://127.0.0.1:8080';

/** Node (build, scripts, tests): any libSQL URL, including file: and :memory:. */
export function createNodeDb(env: DbConfig = process.env): { db: Db; close: () => void } {
  const client = createClient({
    url: env.LIBSQL_URL ?? DEFAULT_LOCAL_DB_URL,
    ...(env.LIBSQL_AUTH_TOKEN ? { authToken: env.LIBSQL_AUTH_TOKEN } : {}),
  });
  return { db: drizzle(client), close: () => client.close() };
}
