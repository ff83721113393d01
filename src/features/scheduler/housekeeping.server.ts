/**
 * Housekeeping, one of the scheduled jobs (docs/decisions/0024): rows that no request will ever
 * read again are deleted, so the tables the shop reads on every sign-in and checkout stay small.
 * Each table loses at most HOUSEKEEPING_BATCH rows a run, so a run never holds the database's one
 * write lock for long; a table with more to delete is finished by the next runs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../checkout/checkout.ts';

/** The most rows one run deletes from one table. */
export const HOUSEKEEPING_BATCH = 500;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A used one-time staff link is kept this long after its use. Nothing depends on the row (a deleted
 * link is as dead as a used one); it lets whoever looks at the table the same day, when someone
 * asks why their link stopped working, see that it was used and when.
 */
const USED_STAFF_LINK_KEPT_MS = DAY_MS;

/**
 * A throttle counter with no window end in locked_until is kept this long after its window began,
 * longer than any limit's window, so no count is deleted while it still refuses.
 */
const COUNTER_WITHOUT_END_KEPT_MS = DAY_MS;

/** What each table lost, and whether it has more to lose on the next run. */
export type HousekeepingResult = Record<HousekeepingTable, { deleted: number; more: boolean }>;

type HousekeepingTable = 'adminSessions' | 'staffTokens' | 'idempotencyKeys' | 'loginAttempts';

/**
 * `delete ... where rowid in (the first `limit` rows matching `where`)`: SQLite's DELETE takes no
 * LIMIT unless built with an option, and the subquery bounds the rows all the same.
 */
const boundedDelete = (db: Db, table: string, where: ReturnType<typeof sql>) =>
  db.run(
    sql`delete from ${sql.raw(table)} where rowid in (select rowid from ${sql.raw(table)} where ${where} limit ${HOUSEKEEPING_BATCH})`,
  );

/** Deletes what has outlived its use at `now`, in one batch (one short transaction). */
export async function houseKeep(db: Db, now: number): Promise<HousekeepingResult> {
  const [sessions, links, keys, attempts] = await db.batch([
    // D21: a session ends at expires_at; findSession refuses it from then on.
    boundedDelete(db, 'admin_sessions', sql`expires_at <= ${now}`),
    boundedDelete(db, 'staff_tokens', sql`expires_at <= ${now} or used_at <= ${now - USED_STAFF_LINK_KEPT_MS}`),
    // D13: a checkout retry comes long before a key's lifetime ends.
    boundedDelete(db, 'idempotency_keys', sql`created_at <= ${now - IDEMPOTENCY_KEY_LIFETIME_MS}`),
    // D21: a throttle's count matters only until its window ends, which the limiter writes in
    // locked_until whatever the window's length (site/rate-limit.server.ts); a key seen again
    // after that starts a fresh window. A row without an end is kept for COUNTER_WITHOUT_END_KEPT_MS.
    boundedDelete(db, 'login_attempts', sql`coalesce(locked_until, window_start + ${COUNTER_WITHOUT_END_KEPT_MS}) <= ${now}`),
  ]);
  const result = (r: { rowsAffected: number }) => ({ deleted: r.rowsAffected, more: r.rowsAffected >= HOUSEKEEPING_BATCH });
  return {
    adminSessions: result(sessions),
    staffTokens: result(links),
    idempotencyKeys: result(keys),
    loginAttempts: result(attempts),
  };
}
