import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from './schema.ts';

/** The database handle every service takes first (DESIGN: services take `db` first). */
export type Db = LibSQLDatabase<typeof schema>;

/** Where the database is: LIBSQL_URL (http(s)://, libsql://, or file: in Node) and an optional token. */
export interface DbConfig {
  LIBSQL_URL?: string | undefined;
  LIBSQL_AUTH_TOKEN?: string | undefined;
}
