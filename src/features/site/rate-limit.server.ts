/**
 * The one limiter every throttle uses (sign-in, the staff link page, the contact form, the AI
 * assistant): a fixed-window counter per key on the login_attempts table. A request takes its slot
 * first, in one atomic upsert that returns the count, and does its work only when every count is
 * within its limit. Reading a count and writing it back later would let concurrent requests all
 * read the same count and all pass.
 *
 * The row's `locked_until` holds when its window ends, whatever the limit's length, so
 * housekeeping knows when a row stops counting without knowing which limit wrote it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { loginAttempts } from '../../db/schema.ts';

export interface RateLimit {
  /** Requests (or failures, for the limits that give successes back) allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  ok: boolean;
  /** Whole seconds until the window resets (what Retry-After says); 0 when allowed. */
  retryAfter: number;
}

/** One counter a request counts against: give each use its own key prefix, e.g. `ai:{ip}`. */
export interface Throttle {
  key: string;
  limit: RateLimit;
}

/** Slots taken by an allowed request; `giveBack` returns them when the work should not count. */
export type Reservation = { ok: true; retryAfter: 0; giveBack: () => Promise<void> } | { ok: false; retryAfter: number };

interface Held {
  key: string;
  windowStart: number;
}

/** The upsert that counts one request against `throttle` and returns the count and its window. */
function countOne(db: Db, { key, limit }: Throttle, now: number) {
  const expired = sql`${now} - ${loginAttempts.windowStart} >= ${limit.windowMs}`;
  return db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStart: now, lockedUntil: now + limit.windowMs })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${loginAttempts.windowStart} end`,
        lockedUntil: sql`case when ${expired} then ${now + limit.windowMs} else ${loginAttempts.windowStart} + ${limit.windowMs} end`,
      },
    })
    .returning({ count: loginAttempts.failures, windowStart: loginAttempts.windowStart });
}

/**
 * Takes back one slot per key, in the window it was taken in only: a window that has started
 * since owes nothing.
 */
async function release(db: Db, held: readonly Held[]): Promise<void> {
  const [first, ...rest] = held.map(({ key, windowStart }) =>
    db
      .update(loginAttempts)
      .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
      .where(and(eq(loginAttempts.key, key), eq(loginAttempts.windowStart, windowStart))),
  );
  if (first) await db.batch([first, ...rest]);
}

/**
 * Counts one request against every throttle in one batch (one transaction), before any work.
 * Refused when any count is over its limit; a refused request gives all its slots back at once, so
 * it uses up nobody's allowance (a locked key keeps refusing on its own until its window ends).
 * Of concurrent requests, at most `max` per key are allowed in a window, however they interleave.
 */
export async function reserve(db: Db, throttles: readonly Throttle[], now = Date.now()): Promise<Reservation> {
  const [first, ...rest] = throttles.map((t) => countOne(db, t, now));
  if (!first) return { ok: true, retryAfter: 0, giveBack: async () => {} };
  const rows = (await db.batch([first, ...rest])).map((r) => r[0]);
  const held: Held[] = [];
  let retryAfter = 0;
  throttles.forEach(({ key, limit }, i) => {
    const row = rows[i];
    if (!row) return;
    held.push({ key, windowStart: row.windowStart });
    if (row.count > limit.max) {
      retryAfter = Math.max(retryAfter, 1, Math.ceil((row.windowStart + limit.windowMs - now) / 1000));
    }
  });
  if (retryAfter > 0) {
    await release(db, held);
    return { ok: false, retryAfter };
  }
  return { ok: true, retryAfter: 0, giveBack: () => release(db, held) };
}

/** One request against one key's limit (reserve, for the throttles that never give slots back). */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<RateLimitResult> {
  const { ok, retryAfter } = await reserve(db, [{ key, limit }], now);
  return { ok, retryAfter };
}
