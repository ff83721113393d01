/**
 * D37: staff accounts run from the Staff tab: the list, invitations, role and active changes,
 * reset links. Every change writes its audit rows (M3, entity 'staff') and its e-mail's outbox row
 * (D18) in the same batch as the change itself. A link's e-mail is the exception to D18's "outbox
 * first, then send": its row holds the text with the link hidden, and the real text goes to the
 * mail provider once, after the batch, in the same request (linkMail). A stored link would
 * let anyone who reads the outbox, or a copy of the database, set the account's password.
 */

import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { StaffTokenPurpose } from '../../db/delivery-values.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { adminSessions, admins, auditLog, drivers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { enqueueUnstored, type MailProvider, sendUnstored } from '../mail/mail.server.ts';
import { staffLinkEmail } from '../mail/templates.ts';
import { failUnlessChanged, isGuardRefusal } from '../staff/batch-guard.ts';
import { ROLE_LABELS } from '../staff/roles.ts';
import { LINK_AUDIT, newLink, voidLinks } from '../staff/staff-links.server.ts';
import { acceptUrl, LINK_TTL_HOURS } from '../staff/staff-links.ts';
import type { StaffChange, StaffInvite } from './staff-accounts.schema.ts';
import { type LinkOutcome, linkPurposeOf, STAFF_MESSAGES, type StaffAccount, type UnlinkedDriver } from './staff-accounts.ts';

/** Who is making a change: the signed-in admin (its session). */
export interface StaffActor {
  adminId: number;
  /** As the audit trail names actors: 'admin:{email}'. */
  name: string;
}

const accountColumns = {
  id: admins.id,
  email: admins.email,
  name: admins.name,
  role: admins.role,
  active: admins.active,
  passwordHash: admins.passwordHash,
  lastSignInAt: admins.lastSignInAt,
  driverId: drivers.id,
  driverName: drivers.name,
};

/** Every account with the driver record it signs in as, if any. */
const accountRows = (db: Db) => db.select(accountColumns).from(admins).leftJoin(drivers, eq(drivers.staffId, admins.id));
type AccountRow = Awaited<ReturnType<typeof accountRows>>[number];

const toAccount = ({ passwordHash, driverId, driverName, ...r }: AccountRow): StaffAccount => ({
  ...r,
  passwordSet: passwordHash !== '',
  driver: driverId != null ? { id: driverId, name: driverName ?? '' } : null,
});

/**
 * What the Staff tab lists, in one round trip: every account (the active ones first, by e-mail)
 * and the driver records no account signs in as, which an invitation may link (D30).
 */
export async function staffTab(db: Db): Promise<{ accounts: StaffAccount[]; drivers: UnlinkedDriver[] }> {
  const [rows, unlinked] = await db.batch([
    accountRows(db).orderBy(desc(admins.active), asc(admins.email)),
    db
      .select({ id: drivers.id, name: drivers.name, phone: drivers.phone })
      .from(drivers)
      .where(isNull(drivers.staffId))
      .orderBy(asc(drivers.name), asc(drivers.id)),
  ]);
  return { accounts: rows.map(toAccount), drivers: unlinked };
}

/** One account, by id or (just after inviting it) by e-mail. */
async function readAccount(db: Db, which: number | { email: string }): Promise<StaffAccount | null> {
  const [row] = await accountRows(db).where(typeof which === 'number' ? eq(admins.id, which) : eq(admins.email, which.email));
  return row ? toAccount(row) : null;
}

/** What the outbox keeps in place of a link: the link itself is never stored. */
export const HIDDEN_LINK = '[link hidden: it goes only to the recipient and is never stored]';

/**
 * The e-mail of a new link: `row`, the outbox row with the link hidden, for the caller's batch;
 * and `send`, which after that batch hands the real text to the provider and records the outcome.
 */
function linkMail(
  db: Db,
  to: { email: string; name: string; role: StaffAccount['role'] },
  purpose: StaffTokenPurpose,
  siteUrl: string,
  token: string,
) {
  const text = (link: string) => ({
    to: to.email,
    ...staffLinkEmail({ purpose, name: to.name, roleLabel: ROLE_LABELS[to.role], link, validHours: LINK_TTL_HOURS }),
  });
  return {
    row: enqueueUnstored(db, 'staff_link', text(HIDDEN_LINK)),
    send: async (outboxId: number, provider: MailProvider | null): Promise<LinkOutcome> => {
      const link = acceptUrl(siteUrl, token);
      const outcome = await sendUnstored(db, provider, outboxId, text(link), [link, token]);
      return outcome.sent ? { linkSent: true } : { linkSent: false, message: STAFF_MESSAGES.linkNotSent(outcome.error, purpose) };
    },
  };
}

/** The outbox row's id from the result of a linkMail row's insert. */
function rowId(inserted: { id: number }[]): number {
  const id = inserted[0]?.id;
  if (id === undefined) throw new Error('The outbox row of the link was not written');
  return id;
}

/**
 * Makes an account without a password ('' matches none) and e-mails it an invitation: one batch
 * writes the account, its driver record or link, the link's hash, the audit rows and the e-mail's
 * outbox row; then the e-mail goes to `mail` (linkMail), and the answer says whether it went.
 * An e-mail that already has an account is refused (409), also when two invitations race (the
 * unique e-mail fails the second batch whole); so is a driver record another account took.
 */
export async function inviteStaff(
  db: Db,
  actor: StaffActor,
  input: StaffInvite,
  siteUrl: string,
  mail: MailProvider | null,
  now = Date.now(),
): Promise<StaffAccount & LinkOutcome> {
  const exists = () =>
    new HttpError(409, 'account_exists', STAFF_MESSAGES.exists(input.email), { email: STAFF_MESSAGES.exists(input.email) });
  const driverTaken = () => new HttpError(409, 'driver_taken', STAFF_MESSAGES.driverTaken, { driverId: STAFF_MESSAGES.driverTaken });
  const newId = sql`(select ${admins.id} from ${admins} where ${admins.email} = ${input.email})`;
  let driver: string | null = null;
  const driverWrites = [];
  if (input.role === 'driver' && input.driverId != null) {
    const [record] = await db.select({ name: drivers.name, staffId: drivers.staffId }).from(drivers).where(eq(drivers.id, input.driverId));
    if (!record || record.staffId != null) throw driverTaken();
    driver = record.name;
    driverWrites.push(
      db
        .update(drivers)
        .set({ staffId: newId, updatedAt: now })
        .where(and(eq(drivers.id, input.driverId), isNull(drivers.staffId))),
      // Taken by another account since the read: the whole invitation is refused.
      failUnlessChanged(db),
    );
  } else if (input.role === 'driver') {
    driver = input.driverName;
    driverWrites.push(
      db.insert(drivers).values({ name: input.driverName, phone: input.driverPhone, staffId: newId, createdAt: now, updatedAt: now }),
    );
  }
  const { token, writes } = await newLink(db, newId, 'invite', actor.name, now);
  const after = { email: input.email, name: input.name, role: input.role, active: true, driver, ...LINK_AUDIT.sent('invite') };
  const audit = auditInsert(db, actor.name, 'staff', newId, null, after);
  const email = linkMail(db, input, 'invite', siteUrl, token);
  let outboxId: number;
  try {
    const [inserted] = await db.batch([
      email.row,
      db
        .insert(admins)
        .values({ email: input.email, name: input.name, role: input.role, passwordHash: '', createdAt: now, updatedAt: now }),
      ...driverWrites,
      ...writes,
      ...(audit ? [audit] : []),
    ]);
    outboxId = rowId(inserted);
  } catch (err) {
    if (violatesUnique(err, 'admins.email')) throw exists();
    if (isGuardRefusal(err)) throw driverTaken();
    throw err;
  }
  const outcome = await email.send(outboxId, mail);
  const saved = await readAccount(db, { email: input.email });
  if (!saved) throw new Error('Could not read the new account back');
  return { ...saved, ...outcome };
}

/**
 * The batch statements that leave no driver record linked to account `id`, which is not a driver
 * account once the batch has run. They do not depend on the account's read: a driver record linked
 * after that read (its link checks only that the account is a driver account, which it still was)
 * is unlinked too, and a batch with nothing linked changes nothing. The audit row is written from
 * the link as the batch finds it, just before the unlink, so the trail names the driver record
 * the account actually lost, and records nothing when it had none.
 */
function driverUnlink(db: Db, actor: StaffActor, id: number, now: number) {
  const { actor: by, entity, entityId, field, fromValue, toValue } = auditLog;
  const columns = sql.join(
    [by, entity, entityId, field, fromValue, toValue].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  return [
    db.run(
      sql`insert into ${auditLog} (${columns}) select ${actor.name}, 'staff', ${id}, 'driver', ${drivers.name}, null from ${drivers} where ${drivers.staffId} = ${id}`,
    ),
    db.update(drivers).set({ staffId: null, updatedAt: now }).where(eq(drivers.staffId, id)),
  ] as const;
}

/**
 * Changes an account's role or whether it is active. Nobody changes their own (409). The last
 * active admin is neither demoted nor deactivated: the update itself counts the other active
 * admins and applies only to the account as it was read, and the rest of the batch (its audit
 * rows, the sessions and links a deactivation ends, the driver link a former driver loses) stands
 * or falls with it (batch-guard.ts), so two concurrent demotions cannot both pass. A role change
 * ends no session: findSession reads the role on every request, so it applies at the next one.
 * An account that stops being a driver is unlinked from its driver record, which stays (with its
 * deliveries) for the dispatcher to link to another account (driverUnlink).
 */
export async function changeStaff(db: Db, actor: StaffActor, id: number, change: StaffChange, now = Date.now()): Promise<StaffAccount> {
  if (id === actor.adminId) throw new HttpError(409, 'own_account', STAFF_MESSAGES.ownAccount);
  const before = await readAccount(db, id);
  if (!before) throw new HttpError(404, 'not_found', STAFF_MESSAGES.notFound);
  const role = change.role ?? before.role;
  const active = change.active ?? before.active;
  const losesAdmin = before.role === 'admin' && before.active && (role !== 'admin' || !active);
  const otherActiveAdmins = sql`(select count(*) from ${admins} as "other" where "other"."role" = 'admin' and "other"."active" = 1 and "other"."id" <> ${id})`;
  const audit = auditInsert(db, actor.name, 'staff', id, { role: before.role, active: before.active }, { role, active });
  try {
    await db.batch([
      db
        .update(admins)
        .set({ role, active, updatedAt: now })
        .where(
          and(
            eq(admins.id, id),
            eq(admins.role, before.role),
            eq(admins.active, before.active),
            losesAdmin ? sql`${otherActiveAdmins} > 0` : undefined,
          ),
        ),
      failUnlessChanged(db),
      ...(audit ? [audit] : []),
      ...(role === 'driver' ? [] : driverUnlink(db, actor, id, now)),
      ...(active ? [] : [db.delete(adminSessions).where(eq(adminSessions.adminId, id)), voidLinks(db, id, now)]),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    const current = await readAccount(db, id);
    if (current?.role !== before.role || current.active !== before.active) {
      throw new HttpError(409, 'changed', STAFF_MESSAGES.changed);
    }
    throw new HttpError(409, 'last_admin', STAFF_MESSAGES.lastAdmin);
  }
  const saved = await readAccount(db, id);
  if (!saved) throw new Error('Could not read the account back');
  return saved;
}

/**
 * E-mails an account a new link, voiding its earlier ones: a reset link, or for an account that
 * never set its password, a new invitation. The e-mail goes as inviteStaff's does, and the answer
 * says whether it went. A deactivated account gets none (409), nor does an account whose e-mail
 * is not the one the request names (409: the admin's list is stale).
 */
export async function sendStaffLink(
  db: Db,
  actor: StaffActor,
  id: number,
  email: string,
  siteUrl: string,
  mail: MailProvider | null,
  now = Date.now(),
): Promise<StaffAccount & LinkOutcome> {
  const account = await readAccount(db, id);
  if (!account) throw new HttpError(404, 'not_found', STAFF_MESSAGES.notFound);
  if (account.email !== email) throw new HttpError(409, 'changed', STAFF_MESSAGES.changed);
  if (!account.active) throw new HttpError(409, 'inactive', STAFF_MESSAGES.inactive);
  const purpose = linkPurposeOf(account);
  const { token, writes } = await newLink(db, id, purpose, actor.name, now);
  const audit = auditInsert(db, actor.name, 'staff', id, null, LINK_AUDIT.sent(purpose));
  const message = linkMail(db, account, purpose, siteUrl, token);
  const [inserted] = await db.batch([message.row, ...writes, ...(audit ? [audit] : [])]);
  return { ...account, ...(await message.send(rowId(inserted), mail)) };
}
