/**
 * The bench's "drawn" row: a product page after an admin change (docs/decisions/0024). For each of
 * a few products no other row views, the page is viewed until Astro's page cache holds it, then the
 * product is renamed through PATCH /api/admin/products/{id} as the admin's edit dialog sends it
 * (its answer comes after the purge of the pages it touches), and the page is viewed at once: that
 * first view is rendered again (X-Astro-Cache: MISS) and must show the new name, and the view after
 * it is a hit again. Timed: the write and the first view after it. One product at a time, so each
 * figure is a lone request's.
 */
import { and, gt, inArray } from 'drizzle-orm';
import { createNodeDb } from '../../src/db/client.server.ts';
import { products } from '../../src/db/schema.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { formToUpdateInput, productToForm } from '../../src/features/admin/product-form.ts';
import { MAX_STOCK_QUANTITY } from '../../src/features/catalog/stock.ts';
import { signIn } from './bench-import.ts';
import { BENCH_CALL_MS, BENCH_DB_MS } from './load.ts';

/** Products changed, one after another. */
export const DRAWN_PRODUCTS = 20;
/**
 * The bench gives its products more stock than the edit dialog accepts (MAX_STOCK_QUANTITY), so
 * that no run sells out; the changed products hold an ordinary count instead, which the dialog
 * sends back unchanged (no ledger write: the write is the rename alone).
 */
const DIALOG_STOCK_MILLI = 500_000;

export interface Timing {
  p50: number;
  max: number;
}

export interface DrawnResult {
  products: number;
  /** GET /product/{id} answered from the cache, before the write, for scale. */
  cachedView: Timing;
  /** PATCH /api/admin/products/{id}, from request to answer (the purge included). */
  write: Timing;
  /** GET /product/{id} at once after the write's answer. */
  firstView: Timing;
  /** Pages whose first view after the write showed the new name. */
  showedChange: number;
  /** X-Astro-Cache of the first view after the write, counted by value. */
  firstViewCache: Record<string, number>;
  /** X-Astro-Cache of the view after that one, counted by value. */
  secondViewCache: Record<string, number>;
}

const timing = (ms: number[]): Timing => {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN), max: round(sorted.at(-1) ?? Number.NaN) };
};

const tally = (counts: Record<string, number>, value: string | null) => {
  const key = value ?? 'none';
  counts[key] = (counts[key] ?? 0) + 1;
};

interface View {
  ms: number;
  html: string;
  cache: string | null;
}

async function view(base: string, id: number): Promise<View> {
  const started = performance.now();
  const res = await fetch(`${base}/product/${id}`, { signal: AbortSignal.timeout(BENCH_CALL_MS) });
  const html = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`/product/${id} answered ${res.status}, not 200`);
  return { ms, html, cache: res.headers.get('x-astro-cache') };
}

/**
 * The products are the last DRAWN_PRODUCTS before `productCount`: the pages row renders ids from 2
 * upwards and views `productCount` itself, the hung row views 3 and 5, so these are not in the
 * cache when the row starts (unless the pages row rendered every product, which it refuses to do).
 */
export async function benchDrawn(base: string, dbUrl: string, productCount: number): Promise<DrawnResult> {
  const first = productCount - DRAWN_PRODUCTS;
  if (first < 1) throw new Error(`the drawn row changes the ${DRAWN_PRODUCTS} products below --products ${productCount}: run it with more`);
  const ids = Array.from({ length: DRAWN_PRODUCTS }, (_, i) => first + i);

  const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl }, { deadlineMs: BENCH_DB_MS });
  try {
    await db
      .update(products)
      .set({ stockMilli: DIALOG_STOCK_MILLI })
      .where(and(inArray(products.id, ids), gt(products.stockMilli, MAX_STOCK_QUANTITY * 1000)));
  } finally {
    close();
  }

  const cookie = await signIn(base, dbUrl, 'drawn');
  // The product list the admin's screen opens the edit dialog from.
  const listed = await fetch(`${base}/api/admin/products`, { headers: { cookie }, signal: AbortSignal.timeout(BENCH_CALL_MS) });
  if (!listed.ok) throw new Error(`GET /api/admin/products answered ${listed.status}`);
  const byId = new Map(((await listed.json()) as AdminProduct[]).map((p) => [p.id, p]));

  const stamp = Date.now().toString(36);
  const cached: number[] = [];
  const writes: number[] = [];
  const firstViews: number[] = [];
  let showedChange = 0;
  const firstViewCache: Record<string, number> = {};
  const secondViewCache: Record<string, number> = {};
  for (const id of ids) {
    const product = byId.get(id);
    if (!product) throw new Error(`product ${id} is not in the admin's list`);
    if (product.status !== 'active') throw new Error(`product ${id} is ${product.status}: it has no page`);
    await view(base, id);
    const before = await view(base, id);
    if (before.cache !== 'HIT')
      throw new Error(`/product/${id} answered X-Astro-Cache ${before.cache} on its second view: the row would not measure a purge`);
    cached.push(before.ms);

    // A mark the page cannot show unless it was rendered after the write.
    const mark = `(edited ${stamp}-${id})`;
    const body = formToUpdateInput({ ...productToForm(product), name: `${product.name} ${mark}` }, product);
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/products/${id}`, {
      method: 'PATCH',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(BENCH_CALL_MS),
    });
    const answer = await res.text();
    writes.push(performance.now() - started);
    if (!res.ok) throw new Error(`PATCH /api/admin/products/${id} answered ${res.status}: ${answer.slice(0, 300)}`);

    const after = await view(base, id);
    firstViews.push(after.ms);
    if (after.html.includes(mark)) showedChange++;
    tally(firstViewCache, after.cache);
    tally(secondViewCache, (await view(base, id)).cache);
  }
  return {
    products: ids.length,
    cachedView: timing(cached),
    write: timing(writes),
    firstView: timing(firstViews),
    showedChange,
    firstViewCache,
    secondViewCache,
  };
}
