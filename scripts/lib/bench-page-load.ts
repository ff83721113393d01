/**
 * The bench's page-serving rows (docs/decisions/0024): a static page (a built file the assets
 * serve without running the Worker) next to catalogue pages the Worker answers from Astro's page
 * cache (each viewed once first, so every request of the row is a cache hit), all loaded at the
 * same concurrency through the one Worker as a browser gets pages. A cached catalogue page should
 * cost about what a file costs: each cached row is given as a share of the static row's requests
 * per second. Last, the render itself: every request a product page not viewed before, so each is
 * read from the database and rendered by Astro (X-Astro-Cache: MISS), its p50 the figure to watch.
 */
import { BENCH_CALL_MS, type LoadResult, load } from './load.ts';

const CONCURRENCY = 10;
/** A cached catalogue page's requests per second, as a share of the static page's. */
export const PAGE_RATIO_TARGET = 0.8;

/**
 * The near-me landing page: built by astro and served as a file (not one of run_worker_first's
 * paths; the state pages are rendered on request, D38).
 */
const STATIC_PAGE = '/dispensary-near-me';
const CACHED_PAGES = [
  { kind: 'product', path: '/product/1' },
  { kind: 'category', path: '/categories/flower' },
] as const;
export const UNCACHED_ROW = 'GET /product/{id}: rendered (a product not viewed before, each request)';

export interface PageLoadResult extends LoadResult {
  /** The answer's `x-astro-cache` just before the row ran (none for a static file). */
  source: string | null;
  /** req/s over the static row's; null for the static row itself and the render row. */
  ratio: number | null;
}

/** One request, to show which path serves the page; a page that does not answer 200 fails its row. */
export async function sourceOf(url: string): Promise<string | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(BENCH_CALL_MS) });
  await res.body?.cancel();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}, not 200: its row would measure an error page`);
  return res.headers.get('x-astro-cache');
}

/**
 * The rows, each added to `rows` as soon as it is measured (so a later row's failure keeps the
 * earlier ones); products 2..productCount exist and are active, and none has been viewed yet.
 */
export async function benchPageLoad(
  base: string,
  seconds: number,
  productCount: number,
  rows: PageLoadResult[] = [],
): Promise<PageLoadResult[]> {
  const common = { concurrency: CONCURRENCY, seconds, warmupSeconds: 2 };
  const row = async (name: string, path: string) => {
    const source = await sourceOf(`${base}${path}`);
    return { ...(await load({ ...common, name, url: `${base}${path}` })), source };
  };
  const staticRow = await row(`GET ${STATIC_PAGE}: static page`, STATIC_PAGE);
  rows.push({ ...staticRow, ratio: null });
  for (const page of CACHED_PAGES) {
    // One view renders it and puts it in the cache; the row's requests are all hits.
    await sourceOf(`${base}${page.path}`);
    const r = await row(`GET ${page.path}: cached ${page.kind} page`, page.path);
    if (r.source !== 'HIT')
      throw new Error(`${page.path} answered X-Astro-Cache ${r.source} after a view: the row would not measure the cache`);
    rows.push({ ...r, ratio: staticRow.rps > 0 ? Math.round((r.rps / staticRow.rps) * 100) / 100 : null });
  }
  // Each request names a product no request named before (1 was viewed above).
  let nextId = 1;
  const fresh = () => {
    if (nextId >= productCount) throw new Error('Every product was rendered: run the bench with more products or fewer seconds');
    nextId++;
    return { path: `/product/${nextId}` };
  };
  const source = await sourceOf(`${base}/product/${productCount}`);
  const rendered = await load({ ...common, name: UNCACHED_ROW, url: `${base}/product/2`, next: fresh });
  rows.push({ ...rendered, source: source === 'MISS' ? 'MISS (each)' : source, ratio: null });
  return rows;
}
