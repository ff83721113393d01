/**
 * What the catalogue is now, as the edge knows it (docs/decisions/0017): a view of a catalogue
 * page learns whether the catalogue changed from a short-lived copy of its state in the Workers
 * Cache API, not from a query per view. A colo asks the database again when its copy is older than
 * the recheck time, so a change made elsewhere shows everywhere within that time; an admin write
 * deletes the copy where it was made, so it shows there at once. When the database cannot be asked,
 * the last copy is still used, marked stale. The copy also holds the record of the build being
 * served, so a view of a current page costs one lookup besides the page itself.
 */
import type { ExecutionContext } from '@cloudflare/workers-types';
import * as v from 'valibot';
import { createDb } from '../db/client.web.ts';
import type { Db } from '../db/db.ts';
import { readBuiltCatalogue } from '../features/publish/built.server.ts';
import { BuiltCatalogue } from '../features/publish/built.ts';
import { readCatalogueState } from '../features/publish/stamp.server.ts';
import { CatalogueState, type CurrentStamp, pageStamp } from '../features/publish/stamp.ts';
import { isDatabaseUnavailable } from './api/db-errors.ts';
import type { Bindings } from './api/env.ts';
import { type EdgeCache, edgeCache } from './platform.ts';

/** How long a colo trusts its copy: the most a change made in another colo takes to show there. */
const RECHECK_SECONDS = 20;
/** How long the copy is kept at all: the last known state while the database is away. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** The state, when it was read, and the record of the build being served then (one lookup a view). */
const KeptState = v.object({ ...CatalogueState.entries, checkedAt: v.number(), built: v.nullable(BuiltCatalogue) });

/** A key of this shop's own in the edge cache (never a path the site serves). */
export const edgeKey = (origin: string, name: string) => new Request(new URL(`/__edge/${name}`, origin));

const stateKey = (origin: string) => edgeKey(origin, 'catalogue-state');

export function recheckSeconds(env: Bindings): number {
  const seconds = Number(env.CATALOGUE_RECHECK_SECONDS?.trim() || RECHECK_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : RECHECK_SECONDS;
}

async function readKept(cache: EdgeCache | null, key: Request): Promise<v.InferOutput<typeof KeptState> | null> {
  try {
    const hit = await cache?.match(key);
    if (!hit) return null;
    const parsed = v.safeParse(KeptState, await hit.json());
    return parsed.success ? parsed.output : null;
  } catch {
    // An unreadable or unparsable kept state is the same as none: the catalogue is read again.
    return null;
  }
}

export interface KnownStamp {
  stamp: CurrentStamp;
  /** The database could not confirm it: it is the last stamp this colo knew. */
  stale: boolean;
  /**
   * The record of the build served when the stamp was read (dist/_catalogue.json): a new deploy is
   * seen within the recheck time, and meanwhile its pages are drawn (right, if slower).
   */
  built: BuiltCatalogue | null;
}

/**
 * The catalogue's stamp now; null when the database cannot be asked and this colo knows no earlier
 * one. `background` keeps the copy's refresh alive after the answer; `db` is the request's own handle.
 */
export async function knownStamp(
  env: Bindings,
  origin: string,
  background: Pick<ExecutionContext, 'waitUntil'>,
  db: () => Db = () => createDb(env),
  now = Date.now(),
): Promise<KnownStamp | null> {
  const cache = edgeCache();
  const key = stateKey(origin);
  const kept = await readKept(cache, key);
  const knownFrom = (state: CatalogueState, built: BuiltCatalogue | null, stale: boolean) => ({
    stamp: pageStamp(state, state.deals, now),
    stale,
    built,
  });
  if (kept && now - kept.checkedAt < recheckSeconds(env) * 1000) return knownFrom(kept, kept.built, false);
  try {
    const [state, built] = await Promise.all([readCatalogueState(db()), readBuiltCatalogue(env.ASSETS, origin)]);
    if (cache) {
      const body = JSON.stringify({ ...state, checkedAt: now, built });
      const copy = new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': `max-age=${KEEP_SECONDS}` } });
      background.waitUntil(cache.put(key, copy).catch(() => {}));
    }
    return knownFrom(state, built, false);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) console.error('Reading the catalogue stamp failed', err);
    return kept ? knownFrom(kept, kept.built, true) : null;
  }
}

/** After a write that may change the catalogue: this colo asks the database at the next view. */
export async function forgetCatalogueState(origin: string): Promise<void> {
  await edgeCache()
    ?.delete(stateKey(origin))
    .catch(() => false);
}
