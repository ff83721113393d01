/**
 * `npm run bench [-- --only checkout,reads --seconds 10]`: builds and starts the local stack (sqld,
 * static build, wrangler pages dev in workerd) in a scratch folder, loads it over loopback, prints
 * a table and writes bench/results.json. Figures, not assertions: tests never check timings.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createNodeDb } from '../src/db/client.server.ts';
import { products } from '../src/db/schema.ts';
import type { ApiCategory, ApiProduct } from '../src/features/catalog/catalog.ts';
import { checkoutPayload } from '../tests/fixtures/checkout.ts';
import { scratchDir, startSeededSqld } from '../tests/helpers/stack.ts';
import { type LoadResult, load } from './lib/load.ts';
import { buildSite, freePort, ROOT, startPagesDev } from './lib/stack.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = new Set((arg('only') ?? 'reads,checkout').split(','));
const seconds = Number(arg('seconds') ?? 10);
const CONCURRENCY = 50;

async function main() {
  const scratch = scratchDir('bench');
  const sqld = await startSeededSqld(scratch.dir);
  const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
  // Untracked stock, so a long checkout run measures the shop rather than running out of goods.
  await db.update(products).set({ stockMilli: null, available: true }).where(sql`1 = 1`);
  close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const buildStart = performance.now();
  await buildSite({ dbUrl: sqld.url, outDir: path.join(scratch.dir, 'dist'), siteUrl: base, logFile: path.join(scratch.dir, 'build.log') });
  const buildSeconds = Math.round((performance.now() - buildStart) / 100) / 10;
  const pages = await startPagesDev({
    dir: path.join(scratch.dir, 'dist'),
    host: '127.0.0.1',
    port,
    persistTo: path.join(scratch.dir, 'wrangler'),
    bindings: { LIBSQL_URL: sqld.url, SITE_URL: base },
    logFile: path.join(scratch.dir, 'wrangler.log'),
  });

  const results: LoadResult[] = [];
  try {
    const catalogue = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as ApiCategory[];
    const ids = catalogue.map((p) => p.id);
    const anyId = () => ids[Math.floor(Math.random() * ids.length)];
    const common = { concurrency: CONCURRENCY, seconds, warmupSeconds: 2 };

    if (only.has('reads')) {
      results.push(
        await load({
          ...common,
          name: 'GET /api/products/{id}',
          url: `${base}/api/products/1`,
          next: () => ({ path: `/api/products/${anyId()}` }),
        }),
      );
      const flower = categories.find((c) => c.slug === 'flower');
      results.push(
        await load({
          ...common,
          name: 'GET /api/categories/id/{flower}/products',
          url: `${base}/api/categories/id/${flower?.id}/products`,
        }),
      );
      results.push(await load({ ...common, name: 'GET /favicon.svg (static, for scale)', url: `${base}/favicon.svg` }));
    }
    if (only.has('checkout')) {
      const buyable = catalogue.filter((p) => p.category === 'Edible' || p.category === 'Accessories');
      let n = 0;
      results.push(
        await load({
          ...common,
          name: 'POST /api/checkout',
          url: `${base}/api/checkout`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          next: () => {
            const product = buyable[n++ % buyable.length];
            return {
              headers: { 'idempotency-key': `bench-${process.pid}-${n}-${Math.random().toString(36).slice(2)}` },
              body: JSON.stringify(checkoutPayload([{ productId: product?.id ?? 1, quantity: 1 }])),
            };
          },
        }),
      );
    }
  } finally {
    await pages.stop();
    await sqld.proc.stop();
    scratch.remove();
  }

  console.log(
    `\nLocal stack: autocannon -> wrangler pages dev (workerd) -> sqld over HTTP, all on 127.0.0.1; ${seconds} s per row after a 2 s warm-up; ${CONCURRENCY} connections.`,
  );
  console.log(`Site build: ${buildSeconds} s.`);
  console.table(
    results.map((r) => ({
      endpoint: r.name,
      c: r.concurrency,
      requests: r.requests,
      errors: r.errors,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
    })),
  );
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench', 'results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), buildSeconds, results }, null, 2)}\n`,
  );
  console.log('Written to bench/results.json');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
