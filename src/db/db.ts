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

/**
 * How long one HTTP request to libSQL may take on a request path, from sending it to the last byte
 * of its answer. A hung database (a network partition looks like one) then costs a shopper a short
 * wait and a plain 503 instead of a page that never answers. Checkout's write batch gets longer:
 * it is the one call whose answer a shopper is waiting to pay on, and it is atomic on the server,
 * so a late answer is worth more than a retry.
 */
export const DB_DEADLINE_MS = {
  /** Reads and ordinary writes. */
  request: 2_000,
  /** Checkout's one write batch (the order, its stock, its window place, its idempotency record). */
  checkoutWrite: 4_000,
  /**
   * The staff products CSV import: its one write batch grows with the file (thousands of rows in
   * one transaction take sqld seconds), and the person waits on a progress bar, not a page.
   */
  csvImport: 60_000,
} as const;

export interface DbOptions {
  /** Each HTTP request the client makes is aborted after this many milliseconds. */
  deadlineMs?: number | undefined;
}

/**
 * The libSQL client's `fetch` option with a deadline on every request it sends: the platform's own
 * AbortSignal.timeout, combined with any signal the client put on the request. The abort rejects
 * the call with a TimeoutError, which isDatabaseUnavailable reads as "database unavailable".
 */
export function fetchWithDeadline(deadlineMs: number): (request: Request) => Promise<Response> {
  return (request) => {
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    return fetch(request, { signal });
  };
}
