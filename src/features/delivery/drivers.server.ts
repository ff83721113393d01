/** D30, D35: drivers as data, and the link between a driver and the staff account they sign in with. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { drivers } from '../../db/schema.ts';

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
