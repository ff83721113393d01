import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { catalogueVersion, deals } from '../../db/schema.ts';
import { type CurrentStamp, pageStamp } from './stamp.ts';

/** The stamp pages drawn at `now` would carry: the version and the enabled deals' windows, in one batch. */
export async function readPageStamp(db: Db, now = Date.now()): Promise<CurrentStamp> {
  const [[catalogue], windows] = await db.batch([
    db
      .select({ epoch: catalogueVersion.epoch, version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 1)),
    db.select({ startsAt: deals.startsAt, endsAt: deals.endsAt }).from(deals).where(eq(deals.active, true)),
  ]);
  if (!catalogue) throw new Error('The catalogue_version row is missing (migration 0008).');
  return pageStamp(catalogue, windows, now);
}
