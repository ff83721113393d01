import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/db.ts';
import { adminSessions, admins, loginAttempts, type StaffRole } from '../../db/schema.ts';
import { DUMMY_HASH, hashPassword, randomPassword, sha256Hex, verifyPassword } from './password.ts';
import { NewPassword } from './staff.schema.ts';
import { randomToken, TOKEN_PATTERN } from './tokens.ts';

/** D21: a session lasts 8 hours from sign-in; signing in again starts a new one. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** D21: this many failed sign-ins per account or per IP within the window lock it for the window. */
export const LOGIN_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 } as const;

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates an admin, or sets the password of an existing one and lets it sign in again
 * (admin:create, ADMIN_PASSWORD): whoever holds the database's credentials is the way back in
 * when no admin can sign in.
 */
export async function createAdmin(db: Db, email: string, password: string, role: StaffRole = 'admin'): Promise<number> {
  const checked = v.safeParse(NewPassword, password);
  if (!checked.success) throw new Error(checked.issues[0]?.message ?? 'Invalid password');
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(admins)
    .values({ email: normalEmail(email), passwordHash, role })
    .onConflictDoUpdate({ target: admins.email, set: { passwordHash, role, active: true, updatedAt: Date.now() } })
    .returning({ id: admins.id });
  if (!row) throw new Error(`Could not save the account ${email}`);
  return row.id;
}

export async function adminCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}

/**
 * D20 on `npm start`: ADMIN_EMAIL + ADMIN_PASSWORD create (or update) that admin; with neither and
 * no admin at all, one is created with a random password, returned so the caller prints it once.
 */
export async function ensureAdmin(
  db: Db,
  env: { ADMIN_EMAIL?: string | undefined; ADMIN_PASSWORD?: string | undefined },
  fallbackEmail: string,
): Promise<{ email: string; password: string } | null> {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await createAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    return null;
  }
  if ((await adminCount(db)) > 0) return null;
  const password = randomPassword();
  await createAdmin(db, fallbackEmail, password);
  return { email: fallbackEmail, password };
}

export interface SessionInfo {
  adminId: number;
  email: string;
  role: StaffRole;
  expiresAt: number;
}

/**
 * A new session: a 256-bit random token for the cookie; the database keeps only its hash. The
 * session the browser had (`replaces`, its token) ends in the same batch: a fresh id at every
 * sign-in, so none can be fixed in advance.
 */
export async function createSession(
  db: Db,
  adminId: number,
  replaces?: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken();
  const expiresAt = now + SESSION_TTL_MS;
  await db.batch([
    db.insert(adminSessions).values({ tokenHash: await sha256Hex(token), adminId, expiresAt }),
    // D37: the staff list shows when each account last signed in.
    db.update(admins).set({ lastSignInAt: now }).where(eq(admins.id, adminId)),
    ...(replaces ? [db.delete(adminSessions).where(eq(adminSessions.tokenHash, await sha256Hex(replaces)))] : []),
  ]);
  return { token, expiresAt };
}

/**
 * The live session a cookie names. The role is read from the account on every request, so a role
 * change takes effect at the account's next request; a deactivated account has no session (D37).
 */
export async function findSession(db: Db, token: string | undefined, now = Date.now()): Promise<SessionInfo | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ adminId: adminSessions.adminId, expiresAt: adminSessions.expiresAt, email: admins.email, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(adminSessions.adminId, admins.id))
    .where(and(eq(adminSessions.tokenHash, await sha256Hex(token)), eq(admins.active, true)))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  return row;
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, await sha256Hex(token)));
}

/** Seconds until the key may try again, or 0. */
async function lockedFor(db: Db, key: string, now: number): Promise<number> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  return row?.lockedUntil && row.lockedUntil > now ? Math.ceil((row.lockedUntil - now) / 1000) : 0;
}

async function recordFailure(db: Db, key: string, now: number): Promise<void> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  const fresh = !row || now - row.windowStart > LOGIN_LIMIT.windowMs;
  const failures = fresh ? 1 : row.failures + 1;
  const values = {
    failures,
    windowStart: fresh ? now : row.windowStart,
    lockedUntil: failures >= LOGIN_LIMIT.failures ? now + LOGIN_LIMIT.windowMs : null,
  };
  await db
    .insert(loginAttempts)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: loginAttempts.key, set: values });
}

/**
 * D21's limits for any guessable secret: seconds until the most locked of `keys` may try again, or
 * 0. Sign-in keys them by account and IP; the staff link page by token and IP (D37).
 */
export async function attemptsLockedFor(db: Db, keys: readonly string[], now: number): Promise<number> {
  const waits = await Promise.all(keys.map((k) => lockedFor(db, k, now)));
  return Math.max(0, ...waits);
}

/** Counts one failure against each of `keys` (see attemptsLockedFor). */
export async function recordFailedAttempt(db: Db, keys: readonly string[], now: number): Promise<void> {
  for (const key of keys) await recordFailure(db, key, now);
}

export type LoginResult =
  | { ok: true; adminId: number; email: string; role: StaffRole }
  | { ok: false; retryAfter: number }
  | { ok: false; retryAfter: 0 };

/**
 * Checks a sign-in against the per-account and per-IP limits, then the password. The password is
 * always verified (against a dummy hash for unknown e-mails) so timing does not reveal accounts.
 */
export async function attemptLogin(db: Db, email: string, password: string, ip: string, now = Date.now()): Promise<LoginResult> {
  const keys = [`account:${normalEmail(email)}`, `ip:${ip}`];
  const retryAfter = await attemptsLockedFor(db, keys, now);
  if (retryAfter > 0) return { ok: false, retryAfter };

  const [admin] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, normalEmail(email)))
    .limit(1);
  // A deactivated account's hash is checked all the same, and an invited account's empty one costs
  // the same work (verifyPassword): the same answer as a wrong password, so neither state shows (D37).
  const valid = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
  if (admin?.active && valid) {
    await db.delete(loginAttempts).where(eq(loginAttempts.key, keys[0] ?? ''));
    return { ok: true, adminId: admin.id, email: admin.email, role: admin.role };
  }
  await recordFailedAttempt(db, keys, now);
  return { ok: false, retryAfter: 0 };
}
