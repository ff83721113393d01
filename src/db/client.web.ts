import { type Client, createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { HttpError } from '../lib/http-error.ts';
import type { Db, DbConfig } from './db.ts';

/**
 * A client made on first use. Most catalogue reads under load never query themselves (they share
 * a stamp read another request makes, then answer from memory: src/server/api/read-cache.ts), and
 * making a client (parsing the URL, building its HTTP client) is CPU such a request need not spend.
 */
function lazyClient(create: () => Client): Client {
  let client: Client | undefined;
  return new Proxy({} as Client, {
    get(_target, name) {
      client ??= create();
      const value = Reflect.get(client, name, client);
      return typeof value === 'function' ? value.bind(client) : value;
    },
  });
}

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
  // Passed as { client } so drizzle's config sniffing (it reads a bare argument's constructor) leaves it unmade.
  return drizzle({ client: lazyClient(() => createClient({ url, ...(authToken ? { authToken } : {}) })) });
}
