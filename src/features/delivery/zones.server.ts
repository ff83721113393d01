import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { deliveryZones, deliveryZoneZips } from '../../db/schema.ts';
import { type DeliveryQuote, type DeliveryZone, quoteFor } from './zones.ts';

/** The zone of a ZIP, as a query that can join a read batch (zero or one row). */
export function zoneOfZipQuery(db: Db, zip: string) {
  return db
    .select({
      id: deliveryZones.id,
      state: deliveryZones.state,
      name: deliveryZones.name,
      feeCents: deliveryZones.feeCents,
      minimumCents: deliveryZones.minimumCents,
      freeFromCents: deliveryZones.freeFromCents,
      active: deliveryZones.active,
    })
    .from(deliveryZoneZips)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneZips.zoneId))
    .where(eq(deliveryZoneZips.zip, zip))
    .limit(1);
}

async function zoneOfZip(db: Db, zip: string): Promise<DeliveryZone | null> {
  const [zone] = await zoneOfZipQuery(db, zip);
  return zone ?? null;
}

export async function quoteZip(db: Db, zip: string): Promise<DeliveryQuote> {
  return quoteFor(zip, await zoneOfZip(db, zip));
}
