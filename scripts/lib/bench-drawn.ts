/**
 * The bench's rows for live publishing (docs/decisions/0013): a product page served as built, next
 * to the same kind of page drawn on request while the build is behind the catalogue, both on its
 * first request (read and drawn) and from the cache afterwards. Served by `wrangler pages dev`, as
 * a browser gets pages (the page functions need the static files beside them), at concurrency 10.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createNodeDb } from '../../src/db/client.server.ts';
import { catalogueVersion } from '../../src/db/schema.ts';
import { sourceOf } from './bench-page-load.ts';
import { type LoadResult, load } from './load.ts';
import { freePort, startPagesDev } from './stack.ts';

const CONCURRENCY = 10;
/** Longer than the edge's recheck time (src/server/catalogue-edge.ts), with room for a slow machine. */
const RECHECK_WAIT_MS = 40_000;

interface DrawnBenchOptions {
  /** Scratch folder for the server's state and log. */
  dir: string;
  /** The built site. */
  dist: string;
  dbUrl: string;
  /** Products 1..productCount exist and are active. */
  productCount: number;
  seconds: number;
}

export async function benchDrawnPages(opts: DrawnBenchOptions): Promise<LoadResult[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const site = await startPagesDev({
    dir: opts.dist,
    host: '127.0.0.1',
    port,
    persistTo: path.join(opts.dir, 'wrangler-drawn'),
    bindings: { LIBSQL_URL: opts.dbUrl, SITE_URL: base },
    logFile: path.join(opts.dir, 'wrangler-drawn.log'),
  });
  const { db, close } = createNodeDb({ LIBSQL_URL: opts.dbUrl });
  const common = { concurrency: CONCURRENCY, seconds: opts.seconds, warmupSeconds: 2 };
  const anyId = () => 1 + Math.floor(Math.random() * opts.productCount);
  const rows: LoadResult[] = [];
  try {
    const expectSource = async (id: number, expected: string) => {
      const found = await sourceOf(`${base}/product/${id}`);
      if (found !== expected) throw new Error(`/product/${id} answered from '${found}', expected '${expected}'`);
    };
    await expectSource(1, 'built');
    rows.push(
      await load({
        ...common,
        name: 'GET /product/{id}: built page',
        url: `${base}/product/1`,
        next: () => ({ path: `/product/${anyId()}` }),
      }),
    );

    // A change that alters no page: every page is now behind, and drawn on its first request once
    // the server's copy of the catalogue's state is rechecked (docs/decisions/0017).
    await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
    const behindBy = Date.now() + RECHECK_WAIT_MS;
    while ((await sourceOf(`${base}/product/1`)) !== 'drawn') {
      if (Date.now() > behindBy) await expectSource(1, 'drawn');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Each request names a product not drawn yet at this stamp (id 1 was, just above).
    let nextId = 1;
    const fresh = () => {
      if (nextId >= opts.productCount) throw new Error('Every product was drawn: run the bench with more products or fewer seconds');
      nextId++;
      return { path: `/product/${nextId}` };
    };
    rows.push(
      await load({ ...common, name: 'GET /product/{id}: drawn on request (first request)', url: `${base}/product/2`, next: fresh }),
    );
    // Pages are put in the cache after their answer: the last few may still be on their way.
    const drawnUpTo = Math.max(2, nextId - CONCURRENCY);
    await expectSource(drawnUpTo, 'cached');
    const drawnId = () => ({ path: `/product/${2 + Math.floor(Math.random() * (drawnUpTo - 1))}` });
    rows.push(await load({ ...common, name: 'GET /product/{id}: drawn page from the cache', url: `${base}/product/2`, next: drawnId }));
  } finally {
    close();
    await site.stop();
  }
  return rows;
}
