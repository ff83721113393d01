import type { Context } from 'hono';
import { catalogueStamp } from '../../features/catalog/catalog.server.ts';
import { GroupCommits } from '../../lib/group-commit.ts';
import { type Stamped, StampedCache } from '../../lib/stamped-cache.ts';
import { keepAlive } from './background.ts';
import { databaseKey } from './database-key.ts';
import type { AppEnv } from './env.ts';

/**
 * Issue 10 (catalogue reads under load): catalogue answers are kept in the isolate and served
 * again only while the database's catalogue stamp is the one they were built at. Triggers bump
 * that stamp on every write to products or categories (migration 0008: admin edits, checkout stock,
 * scripts alike), and every request still waits for a stamp read that started after it arrived (or
 * for a read of the value and its stamp together, when nothing is kept yet), so a kept answer is
 * exactly as fresh as a read of its own. What is saved is building it again: the joined rows, their
 * mapping, the JSON and its hash. Concurrent requests share one stamp read.
 */
interface KeptAnswer extends Stamped {
  etag: string;
  headers: Record<string, string>;
}

/** An unpaged listing of a large catalogue is megabytes; such answers are built every time. */
const MAX_ENTRY_CHARS = 256 * 1024;
/** ~32 MB of JSON (Workers give an isolate 128 MB): every product of a 10,000-product catalogue. */
const MAX_TOTAL_CHARS = 32 * 1024 * 1024;
/**
 * Kept answers at most: a listing's key is its parsed query, so shoppers (or anyone) can name many
 * distinct small answers; this bounds them whatever their size.
 */
const MAX_ENTRIES = 20_000;
/** Stamp reads waiting together: all of them; the read costs the same for one or a thousand. */
const MAX_STAMP_GROUP = 10_000;

const kept = new StampedCache<KeptAnswer>({ maxEntryChars: MAX_ENTRY_CHARS, maxTotalChars: MAX_TOTAL_CHARS, maxEntries: MAX_ENTRIES });
const stampReads = new GroupCommits<null, string | null>(MAX_STAMP_GROUP);

function currentStamp(c: Context<AppEnv>): Promise<string | null> {
  const db = c.var.db;
  return stampReads.submit(
    databaseKey(c),
    null,
    async (items) => {
      const stamp = await catalogueStamp(db);
      return items.map(() => ({ ok: true, value: stamp }));
    },
    (work) => keepAlive(c, work),
  );
}

/** The same strong validator Hono's etag middleware makes (SHA-1 of the body), made once per build. */
async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(body)));
  return `"${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

export interface Built {
  value: unknown;
  /** Headers that belong to the answer itself (e.g. a listing's X-Total-Count). */
  headers?: Record<string, string>;
  /** The stamp the value was read at, when it was read in the same statement (exact). */
  stamp?: string | null;
}

/**
 * A JSON answer for `key` (which must name everything the answer depends on besides the catalogue),
 * kept or built by `build`; what `build` throws (a 404) is thrown on and nothing is kept. The ETag
 * is set here, so the etag middleware only compares it.
 *
 * `stampedBuild`: `build` reads its value and the stamp in one round trip (Built.stamp). Then a key
 * with nothing kept costs that one round trip, not a stamp read followed by the build's read.
 */
export async function catalogueJson(
  c: Context<AppEnv>,
  key: string,
  build: () => Promise<Built>,
  options: { stampedBuild?: boolean } = {},
): Promise<Response> {
  const fullKey = `${databaseKey(c)}\n${key}`;
  let answer: KeptAnswer | undefined;
  if (options.stampedBuild && !kept.has(fullKey)) {
    answer = await keep(fullKey, await build(), null);
  } else {
    const stamp = await currentStamp(c);
    answer = stamp ? kept.get(fullKey, stamp) : undefined;
    // Built after the stamp was read, so it is at least as new as that stamp: a write in between
    // only makes the next request build it again. A build that knows its exact stamp says so.
    answer ??= await keep(fullKey, await build(), stamp);
  }
  return c.body(answer.body, 200, { 'Content-Type': 'application/json', ETag: answer.etag, ...answer.headers });
}

async function keep(fullKey: string, built: Built, readStamp: string | null): Promise<KeptAnswer> {
  const stamp = built.stamp === undefined ? readStamp : built.stamp;
  const body = JSON.stringify(built.value);
  const answer = { stamp: stamp ?? '', body, etag: await etagOf(body), headers: built.headers ?? {} };
  if (stamp) kept.set(fullKey, answer);
  return answer;
}
