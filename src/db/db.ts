import type { LibSQLDatabase } from 'drizzle-orm/libsql';

/**
 * The database handle every service takes first (DESIGN: services take `db` first). Built without
 * drizzle's relational schema: nothing uses `db.query`, and every request builds its own handle, so
 * that config would be built for nothing on every request.
 */
export type Db = LibSQLDatabase;

/** Where the database is: LIBSQL_URL (http(s)://, libsql://, or file: in Node) and an optional token. */
export interface DbConfig {
  LIBSQL_URL?: string | undefined;
  LIBSQL_AUTH_TOKEN?: string | undefined;
}
