/** D37: sending and using the one-time staff links (the rule is in staff-links.ts). */
import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';
import { adminSessions, admins, staffTokens } from '../../db/schema.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { reserve } from '../site/rate-limit.server.ts';
import { failUnlessChanged, isGuardRefusal } from './batch-guard.ts';
import { hashPassword, sha256Hex } from './password.ts';
import { LINK_TTL_MS } from './staff-links.ts';
import { randomToken, TOKEN_PATTERN } from './tokens.ts';

/** What the audit trail records when a link is sent or used (field 'link' or 'password'). */
export const LINK_AUDIT = {
  sent: (purpose: StaffTokenPurpose) => ({ link: purpose === 'invite' ? 'invitation sent' : 'reset link sent' }),
  used: (purpose: StaffTokenPurpose) => ({ password: purpose === 'invite' ? 'set from the invitation' : 'set from a reset link' }),
} as const;

/**
 * The writes that void an account's unused links, so only the newest one works (a new link, a
 * deactivation). A voided link expires now: it is not marked used, since nobody used it.
 */
export function voidLinks(db: Pick<Db, 'update'>, adminId: number | SQL, now: number) {
  return db
    .update(staffTokens)
    .set({ expiresAt: now })
    .where(and(eq(staffTokens.adminId, adminId), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)));
}

/**
 * A new link for `adminId`: the token to put in the e-mail, and the writes to run in the caller's
 * batch or transaction (earlier unused links voided, the new one's hash stored).
 */
export async function newLink(
  db: Pick<Db, 'insert' | 'update'>,
  adminId: number | SQL,
  purpose: StaffTokenPurpose,
  createdBy: string,
  now: number,
) {
  const token = randomToken();
  const writes = [
    voidLinks(db, adminId, now),
    db
      .insert(staffTokens)
      .values({ tokenHash: await sha256Hex(token), adminId, purpose, expiresAt: now + LINK_TTL_MS, createdBy, createdAt: now }),
  ] as const;
  return { token, writes };
}

/**
 * D21 for the link page (D37): failed uses allowed per address and per token in a window. A token
 * is 256 random bits, so nobody guesses one; the limit stops an address hammering the page, and a
 * found token being tried over and over.
 */
export const LINK_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

export type AcceptResult =
  | { ok: true; adminId: number; email: string; role: (typeof admins.$inferSelect)['role'] }
  | { ok: false; retryAfter: number };

/** The account a live link opens, and the link's purpose; null for a dead link. Reads only. */
async function liveLink(db: Db, tokenHash: string, now: number) {
  const [row] = await db
    .select({ purpose: staffTokens.purpose, adminId: admins.id, email: admins.email, role: admins.role })
    .from(staffTokens)
    .innerJoin(admins, eq(admins.id, staffTokens.adminId))
    .where(and(eq(staffTokens.tokenHash, tokenHash), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now), eq(admins.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a link: sets the account's password and ends its sessions, once. Rate-limited per address
 * and per token, so links cannot be guessed or a found one hammered: the slots are taken before
 * anything else, so a refused use never costs a password derivation; a used link gives them back,
 * a dead one keeps them. The claim is a conditional update at the head of one batch with
 * everything it causes: of two concurrent uses, one claims the link and the other's batch is
 * refused whole (batch-guard.ts).
 */
export async function acceptLink(db: Db, token: string, password: string, ip: string, now = Date.now()): Promise<AcceptResult> {
  const tokenHash = await sha256Hex(token);
  const slots = await reserve(
    db,
    [
      { key: `link-ip:${ip}`, limit: LINK_LIMIT },
      { key: `link:${tokenHash}`, limit: LINK_LIMIT },
    ],
    now,
  );
  if (!slots.ok) return { ok: false, retryAfter: slots.retryAfter };
  const link = await liveLink(db, tokenHash, now);
  // The password is derived for a dead link too, so timing does not tell them apart.
  const passwordHash = await hashPassword(password);
  const used = link && (await claimLink(db, link, tokenHash, passwordHash, now));
  if (!link || !used) return { ok: false, retryAfter: 0 };
  await slots.giveBack();
  return { ok: true, adminId: link.adminId, email: link.email, role: link.role };
}

async function claimLink(
  db: Db,
  link: NonNullable<Awaited<ReturnType<typeof liveLink>>>,
  tokenHash: string,
  passwordHash: string,
  now: number,
): Promise<boolean> {
  const audit = auditInsert(db, `${link.role}:${link.email}`, 'staff', link.adminId, null, LINK_AUDIT.used(link.purpose));
  try {
    await db.batch([
      db
        .update(staffTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffTokens.tokenHash, tokenHash),
            isNull(staffTokens.usedAt),
            gt(staffTokens.expiresAt, now),
            inArray(staffTokens.adminId, db.select({ id: admins.id }).from(admins).where(eq(admins.active, true))),
          ),
        ),
      failUnlessChanged(db),
      db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, link.adminId)),
      voidLinks(db, link.adminId, now),
      // A new password ends every session the account had (a reset is often for a lost device).
      db.delete(adminSessions).where(eq(adminSessions.adminId, link.adminId)),
      ...(audit ? [audit] : []),
    ]);
    return true;
  } catch (err) {
    if (isGuardRefusal(err)) return false;
    throw err;
  }
}

/** The purpose of a live link, for the page that opens it; null for a dead one. Reads only. */
export async function livePurpose(db: Db, token: string, now = Date.now()): Promise<StaffTokenPurpose | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  return (await liveLink(db, await sha256Hex(token), now))?.purpose ?? null;
}
