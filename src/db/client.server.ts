import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { type Db, type DbConfig, type DbOptions, fetchWithDeadline } from './db.ts';

/** The database URL `npm start` uses locally: the sqld it starts (scripts/lib/stack.ts). */
export const DEFAULT_LOCAL_DB_URL = 'http://127.0.0.1:8080';

/**
 * Node (build, scripts, tests): any libSQL URL, including file: and :memory:. Without a deadline
 * (a migration or a build may rightly take long); with one, it applies to every HTTP request the
 * client sends to an http(s): URL (a file: database makes none; libsql: in Node speaks WebSocket).
 */
export function createNodeDb(env: DbConfig = process.env, options: DbOptions = {}): { db: Db; close: () => void } {
  const client = createClient({
    url: env.LIBSQL_URL ?? DEFAULT_LOCAL_DB_URL,
    ...(env.LIBSQL_AUTH_TOKEN ? { authToken: env.LIBSQL_AUTH_TOKEN } : {}),
    ...(options.deadlineMs ? { fetch: fetchWithDeadline(options.deadlineMs) } : {}),
  });
  return { db: drizzle(client), close: () => client.close() };
}
