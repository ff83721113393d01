import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/db.ts';
import { adminSessions, admins, type StaffRole } from '../../db/schema.ts';
import { type RateLimit, reserve, type Throttle } from '../site/rate-limit.server.ts';
import { DUMMY_HASH, hashPassword, randomPassword, sha256Hex, verifyPassword } from './password.ts';
import { NewPassword } from './staff.schema.ts';
import { randomToken, TOKEN_PATTERN } from './tokens.ts';

/** D21: a session lasts 8 hours from sign-in; signing in again starts a new one. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const MINUTE_MS = 60 * 1000;

/**
 * D21's sign-in limits (decision 0022): failed sign-ins allowed per window before that key refuses
 * for the rest of its window. `pair` (one account from one address) is the person's own typos and
 * what one address may guess at one account; `address` (every account from one address) keeps one
 * address from spraying many accounts; `account` (one account from everywhere) bounds guessing
 * from many addresses, and is high and slow so that locking a person out takes many addresses.
 */
export const SIGN_IN_LIMIT = {
  pair: { max: 5, windowMs: 15 * MINUTE_MS },
  address: { max: 20, windowMs: 15 * MINUTE_MS },
  account: { max: 50, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, RateLimit>;

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

export type LoginResult =
  | { ok: true; adminId: number; email: string; role: StaffRole }
  | { ok: false; retryAfter: number }
  | { ok: false; retryAfter: 0 };

/**
 * D21, decision 0022: what a sign-in counts against, before its password is checked. The pair is
 * the person at their own device; the address and the account keys bound guessing across many
 * accounts and from many addresses.
 */
function signInThrottles(email: string, ip: string): Throttle[] {
  return [
    { key: `login:${email} ${ip}`, limit: SIGN_IN_LIMIT.pair },
    { key: `login-ip:${ip}`, limit: SIGN_IN_LIMIT.address },
    { key: `login-account:${email}`, limit: SIGN_IN_LIMIT.account },
  ];
}

/**
 * Takes the sign-in's slots, then checks the password: a refused attempt never reaches the
 * password check, so a burst costs at most the limits' worth of it. A correct password gives the
 * slots back (staff who sign in are not failures); a wrong one keeps them. The password is
 * verified against a dummy hash for unknown e-mails, so timing does not reveal accounts.
 */
export async function attemptLogin(db: Db, email: string, password: string, ip: string, now = Date.now()): Promise<LoginResult> {
  const normal = normalEmail(email);
  const slots = await reserve(db, signInThrottles(normal, ip), now);
  if (!slots.ok) return { ok: false, retryAfter: slots.retryAfter };

  const [admin] = await db.select().from(admins).where(eq(admins.email, normal)).limit(1);
  // A deactivated account's hash is checked all the same, and an invited account's empty one costs
  // the same work (verifyPassword): the same answer as a wrong password, so neither state shows (D37).
  const valid = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
  if (admin?.active && valid) {
    await slots.giveBack();
    return { ok: true, adminId: admin.id, email: admin.email, role: admin.role };
  }
  return { ok: false, retryAfter: 0 };
}
