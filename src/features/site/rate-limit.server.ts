import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { loginAttempts } from '../../db/schema.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  ok: boolean;
  /** Whole seconds until the window resets (what Retry-After says); 0 when allowed. */
  retryAfter: number;
}

/**
 * A fixed-window counter per key on the login_attempts table (the one the sign-in and contact
 * limits use; give each use its own key prefix, e.g. `ask:{ip}`). One upsert counts the request
 * and returns the window, so concurrent requests cannot both see a stale count.
 */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<RateLimitResult> {
  const expired = sql`${now} - ${loginAttempts.windowStart} >= ${limit.windowMs}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ count: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  if (!row || row.count <= limit.max) return { ok: true, retryAfter: 0 };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((row.windowStart + limit.windowMs - now) / 1000)) };
}
