import type { LibSQLDatabase } from 'drizzle-orm/libsql';

/**
 * The database handle every service takes first (DESIGN: services take `db` first). Built without
 * drizzle's relational schema: nothing uses `db.query`, and building that config for every
 * request's handle was ~6% of a catalogue read's CPU in workerd (issue 10 profile).
 */
export type Db = LibSQLDatabase;

/** Where the database is: LIBSQL_URL (http(s)://, libsql://, or file: in Node) and an optional token. */
export interface DbConfig {
  LIBSQL_URL?: string | undefined;
  LIBSQL_AUTH_TOKEN?: string | undefined;
}
