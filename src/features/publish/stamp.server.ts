import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { catalogueVersion, deals } from '../../db/schema.ts';
import { type CatalogueState, type CurrentStamp, pageStamp } from './stamp.ts';

/** What the stamp is made of: the version and the enabled deals' windows, in one batch. */
export async function readCatalogueState(db: Db): Promise<CatalogueState> {
  const [[catalogue], windows] = await db.batch([
    db
      .select({ epoch: catalogueVersion.epoch, version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, 1)),
    db.select({ startsAt: deals.startsAt, endsAt: deals.endsAt }).from(deals).where(eq(deals.active, true)),
  ]);
  if (!catalogue) throw new Error('The catalogue_version row is missing (migration 0008).');
  return { ...catalogue, deals: windows };
}

/** The stamp pages drawn at `now` would carry. */
export async function readPageStamp(db: Db, now = Date.now()): Promise<CurrentStamp> {
  const state = await readCatalogueState(db);
  return pageStamp(state, state.deals, now);
}
