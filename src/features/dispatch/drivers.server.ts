/** D30, D35: drivers as data, and the link between a driver and the staff account they sign in with. */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { admins, drivers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { failIf, isGuardRefusal } from '../staff/batch-guard.ts';
import { ROLE_LABELS } from '../staff/roles.ts';
import { DRIVER_ACCOUNT_HOW, type DriverInput, type DriverUpdate } from './drivers.schema.ts';
import type { AdminDriver } from './drivers.ts';

/** The driver record a driver account signs in as, or null (an account no driver record names). */
export async function driverOfStaff(db: Db, staffId: number) {
  const [row] = await db.select().from(drivers).where(eq(drivers.staffId, staffId)).limit(1);
  return row ?? null;
}

/** Links a driver account to a driver record, creating the record when the account has none. */
export async function ensureDriverRecord(db: Db, staffId: number, details: { name: string; phone: string }): Promise<number> {
  const existing = await driverOfStaff(db, staffId);
  if (existing) return existing.id;
  const [row] = await db.insert(drivers).values({ name: details.name, phone: details.phone, staffId }).returning({ id: drivers.id });
  if (!row) throw new Error('Could not create the driver record');
  return row.id;
}

// Written out with an alias, like the orders list's item count: drizzle renders columns unqualified
// inside a select's sql, so the outer driver's id is named by its table.
const openDeliveries = sql<number>`(select count(*) from "orders" "o" where "o"."driver_id" = "drivers"."id" and "o"."delivery_status" = 'assigned' and ${isBooked(sql`"o"."status"`)})`;

const driverColumns = {
  id: drivers.id,
  name: drivers.name,
  phone: drivers.phone,
  active: drivers.active,
  employeeId: drivers.employeeId,
  licenceNumber: drivers.licenceNumber,
  email: admins.email,
  openDeliveries,
};

const toDriver = (r: Omit<AdminDriver, 'openDeliveries'> & { openDeliveries: number }) => ({
  ...r,
  openDeliveries: Number(r.openDeliveries),
});

/** Every driver, the active ones first, by name. */
export async function listDrivers(db: Db): Promise<AdminDriver[]> {
  const rows = await db
    .select(driverColumns)
    .from(drivers)
    .leftJoin(admins, eq(admins.id, drivers.staffId))
    .orderBy(desc(drivers.active), asc(drivers.name), asc(drivers.id));
  return rows.map(toDriver);
}

async function readDriver(db: Db, id: number): Promise<AdminDriver | null> {
  const [row] = await db.select(driverColumns).from(drivers).leftJoin(admins, eq(admins.id, drivers.staffId)).where(eq(drivers.id, id));
  return row ? toDriver(row) : null;
}

/**
 * The staff account `email` names, which must be a driver account not linked to another driver
 * (`self` is the driver being saved); a 422 on `email` says what to do otherwise.
 */
async function driverAccount(db: Db, email: string, self: number | null): Promise<number> {
  const [account] = await db.select({ id: admins.id, role: admins.role }).from(admins).where(eq(admins.email, email)).limit(1);
  if (account?.role !== 'driver') {
    const what = account
      ? `${email} is a ${ROLE_LABELS[account.role].toLowerCase()} account, not a driver account.`
      : `There is no driver account ${email}.`;
    const message = `${what} ${DRIVER_ACCOUNT_HOW}`;
    throw new HttpError(422, 'no_driver_account', message, { email: message });
  }
  const [other] = await db
    .select({ name: drivers.name })
    .from(drivers)
    .where(and(eq(drivers.staffId, account.id), self == null ? undefined : ne(drivers.id, self)))
    .limit(1);
  if (other) {
    const message = `${email} already signs in as the driver ${other.name}. Edit that driver, or use another account.`;
    throw new HttpError(422, 'account_taken', message, { email: message });
  }
  return account.id;
}

/** The batch's guard that the account `staffId` (when one is linked) is still a driver account. */
function stillDriverAccount(db: Db, staffId: number | null | undefined) {
  return typeof staffId === 'number'
    ? [failIf(db, sql`not exists (select 1 from ${admins} where id = ${staffId} and role = 'driver')`)]
    : [];
}

/** A link the batch refused: the account stopped being a driver's, or another driver took it (the unique index). */
const isLinkRace = (err: unknown) => isGuardRefusal(err) || violatesUnique(err, 'drivers.staff_id');

/** What a refused link is told when reading again does not say why. */
const changedMeanwhile = () =>
  new HttpError(409, 'changed_meanwhile', 'This driver or its sign-in account changed while it was being saved. Reload and try again.');

/**
 * Adds a driver in one batch. The account link depends on what driverAccount read, so the batch
 * fails when that no longer holds; reading again then gives the refusal its reason.
 */
export async function createDriver(db: Db, input: DriverInput): Promise<AdminDriver> {
  const link = () => (input.email ? driverAccount(db, input.email, null) : Promise.resolve(null));
  const staffId = await link();
  let id: number | undefined;
  try {
    const [inserted] = await db.batch([
      db
        .insert(drivers)
        .values({
          name: input.name,
          phone: input.phone,
          active: input.active,
          employeeId: input.employeeId,
          licenceNumber: input.licenceNumber,
          staffId,
        })
        .returning({ id: drivers.id }),
      ...stillDriverAccount(db, staffId),
    ]);
    id = inserted[0]?.id;
  } catch (err) {
    if (!isLinkRace(err)) throw err;
    await link();
    throw changedMeanwhile();
  }
  const saved = id === undefined ? null : await readDriver(db, id);
  if (!saved) throw new Error('Could not save the driver');
  return saved;
}

/**
 * Changes the fields sent (404 for an unknown driver), in one batch guarded as createDriver's is.
 * Deactivating keeps the driver's current deliveries.
 */
export async function updateDriver(db: Db, id: number, input: DriverUpdate): Promise<AdminDriver> {
  const { email, ...fields } = input;
  /** The account to link: undefined keeps the link, null removes it. */
  const link = async () => {
    const [existing] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, id)).limit(1);
    if (!existing) throw new HttpError(404, 'not_found', 'We could not find this driver.');
    return email == null ? email : driverAccount(db, email, id);
  };
  const staffId = await link();
  try {
    await db.batch([
      db
        .update(drivers)
        .set({ ...fields, ...(staffId === undefined ? {} : { staffId }), updatedAt: Date.now() })
        .where(eq(drivers.id, id)),
      ...stillDriverAccount(db, staffId),
    ]);
  } catch (err) {
    if (!isLinkRace(err)) throw err;
    await link();
    throw changedMeanwhile();
  }
  const saved = await readDriver(db, id);
  if (!saved) throw new Error('Could not read the driver back');
  return saved;
}
