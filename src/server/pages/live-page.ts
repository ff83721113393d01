/**
 * What the catalogue pages Astro renders on request share (docs/decisions/0024): their database,
 * how long the platform's cache keeps them and under which tags, and their answer while the
 * database is away. The pages call `livePage` in their frontmatter; Hono routes them (site.ts).
 */

import { getSecret } from 'astro:env/server';
import type { AstroGlobal } from 'astro';
import { createDb } from '../../db/client.web.ts';
import type { Db } from '../../db/db.ts';
import { CACHE } from '../api/cache.ts';
import { isDatabaseUnavailable } from '../api/db-errors.ts';
import { nextDealChange } from './catalogue-data.ts';
import { databaseUnavailablePage } from './pages.ts';

/**
 * How long a page is kept when nothing purges it first: a write purges the pages it touches, so
 * this only bounds what a missed purge could cost.
 */
const KEEP_SECONDS = 24 * 3600;
/** How long after that a kept page may still be served while it is rendered again, or while the database is away. */
const STALE_SECONDS = 7 * 24 * 3600;

/**
 * The database the pages read, with the request path's ordinary deadline. Astro's getSecret reads
 * the Worker's vars and secrets (the adapter hands them to it).
 */
export const pageDb = (): Db => createDb({ LIBSQL_URL: getSecret('LIBSQL_URL'), LIBSQL_AUTH_TOKEN: getSecret('LIBSQL_AUTH_TOKEN') });

/** Whole seconds from `now` until `at`, at least one. */
const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

type PageGlobal = Pick<AstroGlobal, 'cache'> & { response?: { headers: Headers } };

/**
 * Reads a page's data; an answer instead (the plain 503 page) when the database cannot be reached.
 * `tags` names what the page shows, for the writes that purge it. A page that shows prices is kept
 * until the next deal starts or ends at the latest, since prices change then without a write; a
 * page that shows none says instead when it changes on its own (`keepSeconds`, null: never), and
 * the deals are not read for it.
 */
export async function livePage<T>(
  astro: PageGlobal,
  read: (db: Db) => Promise<T>,
  tags: (data: T) => string[],
  keepSeconds?: (data: T) => number | null,
): Promise<{ data: T } | { answer: Response }> {
  const db = pageDb();
  const now = Date.now();
  let data: T;
  let changesIn: number | null;
  try {
    if (keepSeconds) {
      data = await read(db);
      changesIn = keepSeconds(data);
    } else {
      const [pageData, dealChange] = await Promise.all([read(db), nextDealChange(db, now)]);
      data = pageData;
      changesIn = dealChange == null ? null : secondsUntil(dealChange, now);
    }
  } catch (err) {
    if (isDatabaseUnavailable(err)) return { answer: databaseUnavailablePage() };
    throw err;
  }
  const maxAge = changesIn == null ? KEEP_SECONDS : Math.min(KEEP_SECONDS, changesIn);
  astro.cache.set({ maxAge, swr: STALE_SECONDS, tags: tags(data) });
  // Browsers ask again on every view (a conditional request is cheap): a purge reaches the
  // platform's cache, not theirs.
  astro.response?.headers.set('Cache-Control', CACHE.live);
  return { data };
}
