import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { deliveryZones, deliveryZoneZips, states } from '../../db/schema.ts';
import { nyDate } from './windows.ts';
import { type DeliveryQuote, quoteFor } from './zones.ts';

const ZONE_COLUMNS = {
  id: deliveryZones.id,
  state: deliveryZones.state,
  name: deliveryZones.name,
  feeCents: deliveryZones.feeCents,
  minimumCents: deliveryZones.minimumCents,
  freeFromCents: deliveryZones.freeFromCents,
  active: deliveryZones.active,
};

/** The zone of a ZIP, as a query that can join a read batch (zero or one row). */
export function zoneOfZipQuery(db: Db, zip: string) {
  return db
    .select(ZONE_COLUMNS)
    .from(deliveryZoneZips)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneZips.zoneId))
    .where(eq(deliveryZoneZips.zip, zip))
    .limit(1);
}

/**
 * The zone of a ZIP with its state's row (D38), in one statement that can join a read batch (zero
 * or one row; `state` null when the shop has no row for the zone's state). The state is read on
 * every request, so an admin's change to it applies to the next quote.
 */
export function zoneAndStateOfZipQuery(db: Db, zip: string) {
  return db
    .select({ zone: ZONE_COLUMNS, state: states })
    .from(deliveryZoneZips)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneZips.zoneId))
    .leftJoin(states, eq(states.code, deliveryZones.state))
    .where(eq(deliveryZoneZips.zip, zip))
    .limit(1);
}

/** The row of `zoneAndStateOfZipQuery`, when there is one. */
export type ZoneAndState = Awaited<ReturnType<typeof zoneAndStateOfZipQuery>>[number];

/** The quote the rows of `zoneAndStateOfZipQuery` make at `now` (New York's date decides an opening). */
export function quoteFrom(zip: string, rows: readonly ZoneAndState[], now: number): DeliveryQuote {
  const row = rows[0];
  return quoteFor(zip, row?.zone ?? null, row?.state ?? null, nyDate(now));
}

export async function quoteZip(db: Db, zip: string, now = Date.now()): Promise<DeliveryQuote> {
  return quoteFrom(zip, await zoneAndStateOfZipQuery(db, zip), now);
}
