import type { LibSQLDatabase } from 'drizzle-orm/libsql';

/**
 * The database handle every service takes as its first argument. Built without drizzle's
 * relational schema: nothing uses `db.query`, and building that config would cost CPU on every
 * request's handle for nothing.
 */
export type Db = LibSQLDatabase;

/** Where the database is: LIBSQL_URL (http(s)://, libsql://, or file: in Node) and an optional token. */
export interface DbConfig {
  LIBSQL_URL?: string | undefined;
  LIBSQL_AUTH_TOKEN?: string | undefined;
}
