/**
 * The page stamp: what a public page shows is a function of the catalogue (its version, which
 * triggers bump on every content change) and of the time, because deals start and end without a
 * write (D32). A page built or drawn at one stamp is right for as long as the stamp holds
 * (docs/decisions/0013-live-publishing.md).
 */

import * as v from 'valibot';

/** A deal's window, epoch ms; null is open on that side. Only enabled deals count. */
const DealWindow = v.object({ startsAt: v.nullable(v.number()), endsAt: v.nullable(v.number()) });
type DealWindow = v.InferOutput<typeof DealWindow>;

/**
 * What a stamp is computed from at any moment: the catalogue's version and every enabled deal's
 * window, so a copy kept at the edge gives the right stamp as deal boundaries pass.
 */
export const CatalogueState = v.object({ epoch: v.string(), version: v.number(), deals: v.array(DealWindow) });
export type CatalogueState = v.InferOutput<typeof CatalogueState>;

export interface PageStamp {
  /** The database's own random id: a recreated database restarts its version at 0. */
  epoch: string;
  /** The catalogue_version row's count of content changes. */
  version: number;
  /** How many deal starts and ends lie at or before the moment the stamp was taken. */
  boundaries: number;
}

/** A stamp read from the database, with when its latest boundary passed (null: none has). */
export interface CurrentStamp extends PageStamp {
  lastBoundaryAt: number | null;
}

/**
 * The deal boundaries passed at `now`. A deal is live from its start (inclusive) to its end
 * (exclusive), pricing.isDealLive, so a boundary counts from its own millisecond on.
 */
function passedBoundaries(deals: readonly DealWindow[], now: number): number[] {
  return deals.flatMap((deal) => [deal.startsAt, deal.endsAt]).filter((at): at is number => at != null && at <= now);
}

export function pageStamp(catalogue: { epoch: string; version: number }, deals: readonly DealWindow[], now: number): CurrentStamp {
  const passed = passedBoundaries(deals, now);
  return {
    epoch: catalogue.epoch,
    version: catalogue.version,
    boundaries: passed.length,
    lastBoundaryAt: passed.length > 0 ? Math.max(...passed) : null,
  };
}

/** `{version}.{boundaries}`, with the epoch in front so two databases never share one. */
export function stampText(stamp: PageStamp): string {
  return `${stamp.epoch}-${stamp.version}.${stamp.boundaries}`;
}

/** True when pages made at `made` show what pages made at `now` would. */
export function sameStamp(made: PageStamp | null, now: PageStamp): boolean {
  return made != null && made.epoch === now.epoch && made.version === now.version && made.boundaries === now.boundaries;
}
