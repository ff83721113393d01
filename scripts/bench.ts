/**
 * `npm run bench [-- --only reads,search,checkout,race,pages,hung,drawn,import,reports,idle --seconds 10 --products 10000 --lighthouse-runs 5 --race-shoppers 200 --idle-seconds 60]`:
 * builds and starts the local stack in a scratch folder (sqld with a generated catalogue, the site
 * built by `astro build` into one Worker with its static assets, run in workerd through Miniflare
 * with the Worker's built wrangler.json, as scripts/lib/workerd.ts starts it), loads it over
 * loopback, and runs the chosen rows one after another. Each row's table is printed, and
 * bench/results.json rewritten, as soon as the row is measured; a row that fails is reported and
 * recorded, and the rows after it still run (the exit code says a row failed). `--help` lists the
 * rows. Figures, not assertions: tests never check timings.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createNodeDb } from '../src/db/client.server.ts';
import { deliveryWindows, packages, products } from '../src/db/schema.ts';
import type { ApiProduct } from '../src/features/catalog/catalog.ts';
import type { BookableWindow } from '../src/features/delivery/windows.ts';
import { checkoutPayload } from '../tests/fixtures/checkout.ts';
import { scratchDir, startSeededSqld } from '../tests/helpers/stack.ts';
import { benchDrawn, DRAWN_PRODUCTS, type DrawnResult } from './lib/bench-drawn.ts';
import { benchHungDatabase, type HungResult } from './lib/bench-hung.ts';
import { benchIdle, type IdleResult } from './lib/bench-idle.ts';
import { benchImport, type ImportBenchResult } from './lib/bench-import.ts';
import { benchPageLoad, PAGE_RATIO_TARGET, type PageLoadResult } from './lib/bench-page-load.ts';
import { benchReports, type ReportsBenchResult } from './lib/bench-reports.ts';
import { benchWindowRace, type WindowRaceResult } from './lib/bench-window-race.ts';
import { growCatalog } from './lib/generate-catalog.ts';
import { LIGHTHOUSE_VERSION, type LighthouseScores, lighthouseMedian } from './lib/lighthouse.ts';
import { BENCH_CALL_MS, BENCH_DB_MS, type LoadResult, load } from './lib/load.ts';
import { buildSite, freePort, type Proc, ROOT } from './lib/stack.ts';
import { clientDir, startWorkerd, workerConfig } from './lib/workerd.ts';
import { weighPage } from './page-weight.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/** The rows, in the order they run, with what each measures (`--help`). */
const ROWS = {
  reads: 'GET /api/products/{id}, a category listing and /api/health, at c=10 and c=50',
  search: 'GET /api/products?search=… at c=1, 10 and 50',
  checkout: 'POST /api/checkout at c=50, each order a new idempotency key',
  race: 'many concurrent checkouts for the last places of one delivery window',
  pages:
    'a static page against cached catalogue pages (/product/1, /categories/flower, after one view): req/s each and the ratio; a product page rendered on each request (distinct ids): p50; gzipped JS and Lighthouse of five pages',
  hung: 'sqld stopped (SIGSTOP): a cached page, an uncached page and an API read, each timed',
  drawn:
    'a product page after an admin change: products renamed one by one through PATCH /api/admin/products/{id} while their pages are cached; the write, the first view after it (rendered), and whether every page showed the change at once',
  import: 'a 10,000-row products CSV previewed and applied',
  reports: "each report over a busy quarter's orders",
  idle: '`npm start` left alone once it answers (--idle-seconds, 60): CPU of its whole process tree',
} as const;
type Row = keyof typeof ROWS;
if (args.includes('--help')) {
  console.log(
    'npm run bench -- [--only row,row,...] [--seconds 10] [--products 10000] [--lighthouse-runs 5] [--race-shoppers 200] [--idle-seconds 60]\n\nRows:',
  );
  for (const [name, what] of Object.entries(ROWS)) console.log(`  ${name.padEnd(9)} ${what}`);
  process.exit(0);
}
const only = new Set((arg('only') ?? Object.keys(ROWS).join(',')).split(','));
const unknownRows = [...only].filter((r) => !(r in ROWS));
if (unknownRows.length) {
  console.error(`Unknown rows: ${unknownRows.join(', ')} (npm run bench -- --help lists them)`);
  process.exit(2);
}
const has = (row: Row) => only.has(row);
const seconds = Number(arg('seconds') ?? 10);
const productCount = Number(arg('products') ?? 10_000);
/**
 * Lighthouse runs per page; the median one is reported (lighthouseMedian). Five, as Lighthouse
 * advises for a variable machine; 0 weighs the pages without Lighthouse.
 */
const lighthouseRuns = Number(arg('lighthouse-runs') ?? 5);
/** Shoppers in the window race, all at once, for a window of RACE_CAPACITY places. */
const raceShoppers = Number(arg('race-shoppers') ?? 200);
const RACE_CAPACITY = 10;
/** How long the idle row leaves `npm start` alone. */
const idleSeconds = Number(arg('idle-seconds') ?? 60);
/** Places in every scheduled window for the checkout row. */
const BENCH_WINDOW_CAPACITY = 1_000_000;
const STACK = 'the one Worker in workerd through Miniflare (its built wrangler.json: static assets, R2, vars)';
/** Search terms a shopper types: names, strains, effects, flavours, prefixes. */
const SEARCH_TERMS = [
  'blue',
  'og kush',
  'gummies',
  'relax',
  'sleepy',
  'citrus',
  'gran',
  'pre-roll',
  'vape',
  'diesel',
  'chocolate',
  'hybrid',
];
/** Checkout and search under load: many shoppers at once. */
const CONCURRENCY = 50;
/** The concurrency the catalogue read target is stated at (docs/decisions/0009). */
const READ_TARGET_CONCURRENCY = 10;
/**
 * Catalogue reads run at both: the read target is stated at c=10, and c=50 shows how the same
 * path holds when more shoppers browse at once. The floor and health rows run at both for scale.
 */
const READ_CONCURRENCIES = [READ_TARGET_CONCURRENCY, CONCURRENCY];
/** Search alone (c=1), at the read target's concurrency, and under load. */
const SEARCH_CONCURRENCIES = [1, READ_TARGET_CONCURRENCY, CONCURRENCY];
/**
 * A catalogue read's p95 at c=10, over the health row's (one query) in the same run: what the read
 * costs beyond a round trip to the database on this machine.
 */
const READ_P95_RATIO_TARGET = 1.5;
const BY_ID_ROW = 'GET /api/products/{id}';
const LISTING_ROW = 'GET /api/products?category=Flower&limit=24';
const HEALTH_ROW = 'GET /api/health (one query, for scale)';
const searchRow = (c: number) => `GET /api/products?search=…&limit=24 (c=${c})`;
/** The five pages the page targets name, with a product and a search that exist in any catalogue. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/categories/flower' },
  { name: 'product', path: '/product/1' },
  { name: 'search', path: '/search?q=blue' },
  { name: 'checkout', path: '/checkout' },
];

/** A load row's columns, as every load table prints them. */
const loadColumns = (r: LoadResult) => ({
  c: r.concurrency,
  requests: r.requests,
  errors: r.errors,
  'req/s': r.rps,
  'p50 ms': r.p50,
  'p95 ms': r.p95,
  'p99 ms': r.p99,
});

interface PageResult {
  page: string;
  jsGzipKB: number;
  htmlGzipKB: number;
  lighthouse: LighthouseScores | { error: string };
}

interface ReadVsHealth {
  read: string;
  p95: number;
  healthP95: number | null;
  ratio: number | null;
}

/** bench/results.json: what every row measured so far, rewritten after each row. */
interface BenchRecord {
  date: string;
  stack: string;
  products: number;
  growSeconds: number | null;
  buildSeconds: number | null;
  results: LoadResult[];
  readsVsHealth: ReadVsHealth[];
  pages: PageResult[];
  pageLoads: PageLoadResult[];
  hung: HungResult | null;
  drawn: DrawnResult | null;
  race: WindowRaceResult | null;
  imported: ImportBenchResult | null;
  reports: ReportsBenchResult | null;
  idle: IdleResult | null;
  /** The rows that threw, with why; the rest of their figures may be missing. */
  failed: { row: Row; error: string }[];
}

const record: BenchRecord = {
  date: new Date().toISOString(),
  stack: STACK,
  products: productCount,
  growSeconds: null,
  buildSeconds: null,
  results: [],
  readsVsHealth: [],
  pages: [],
  pageLoads: [],
  hung: null,
  drawn: null,
  race: null,
  imported: null,
  reports: null,
  idle: null,
  failed: [],
};

const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json');
const save = () => {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(record, null, 2)}\n`);
};

/** A row: what it measures into `record`, and how it prints what it measured (also after a failure, what there is). */
interface RowRun {
  measure: () => Promise<void>;
  print: () => void;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Runs a selected row, prints its table and saves everything measured so far. A row that throws
 * is reported and recorded, and the bench goes on: one row's failure (a timeout, a refused
 * answer) says nothing about the others.
 */
async function runRow(name: Row, row: RowRun): Promise<void> {
  if (!has(name)) return;
  try {
    await row.measure();
  } catch (err) {
    const error = reason(err);
    console.error(`\nrow ${name} failed: ${error}`);
    record.failed.push({ row: name, error });
  }
  row.print();
  save();
}

/** GET a JSON answer of the stack, within the bench's call deadline. */
async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(BENCH_CALL_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function printLoads(results: LoadResult[]) {
  if (results.length) console.table(results.map((r) => ({ endpoint: r.name, ...loadColumns(r) })));
}

/** A load row: its autocannon loads, printed as one table once measured. */
function loadRow(measure: () => Promise<void>, after: () => void = () => {}): RowRun {
  let from = 0;
  return {
    measure: async () => {
      from = record.results.length;
      await measure();
    },
    print: () => {
      printLoads(record.results.slice(from));
      after();
    },
  };
}

/** The catalogue reads at the read target's concurrency over the health row's p95: after the reads and search rows. */
function printReadsVsHealth() {
  const atReadTarget = (name: string) => record.results.find((r) => r.name === name && r.concurrency === READ_TARGET_CONCURRENCY);
  const health = atReadTarget(HEALTH_ROW);
  record.readsVsHealth = [BY_ID_ROW, LISTING_ROW, searchRow(READ_TARGET_CONCURRENCY)].flatMap((name) => {
    const r = atReadTarget(name);
    if (!r) return [];
    return [
      {
        read: name,
        p95: r.p95,
        healthP95: health?.p95 ?? null,
        ratio: health && health.p95 > 0 ? Math.round((r.p95 / health.p95) * 100) / 100 : null,
      },
    ];
  });
  if (record.readsVsHealth.length) {
    console.log(
      `\nCatalogue reads at c=${READ_TARGET_CONCURRENCY}: p95 over the health row's p95 at c=${READ_TARGET_CONCURRENCY} in this run (${health ? `${health.p95} ms` : 'not run: add reads to --only'}). Target: <= ${READ_P95_RATIO_TARGET}x.`,
    );
    console.table(
      record.readsVsHealth.map((r) => ({
        read: r.read,
        'p95 ms': r.p95,
        'x health p95': r.ratio ?? '-',
        target: `<= ${READ_P95_RATIO_TARGET}x`,
      })),
    );
  }
}

function printPages() {
  if (record.pages.length) {
    console.log(
      `\nPages: gzipped JavaScript the page can load (scripts/page-weight.ts) and HTML as served; ${lighthouseRuns > 0 ? `Lighthouse ${LIGHTHOUSE_VERSION} mobile (npx lighthouse, Debian chromium) through the Worker, the median of ${lighthouseRuns} runs a page (every run's performance in brackets)` : 'Lighthouse not run (--lighthouse-runs 0)'}. Targets: JS <= 90 KB, performance >= 95, the rest 100.`,
    );
    console.table(
      record.pages.map((r) => ({
        page: r.page,
        'JS KB': r.jsGzipKB,
        'HTML KB': r.htmlGzipKB,
        ...('error' in r.lighthouse
          ? { lighthouse: r.lighthouse.error }
          : {
              perf: `${r.lighthouse.performance} [${(r.lighthouse.performanceRuns ?? [r.lighthouse.performance]).join(', ')}]`,
              a11y: r.lighthouse.accessibility,
              'best pr.': r.lighthouse.bestPractices,
              seo: r.lighthouse.seo,
            }),
      })),
    );
    for (const r of record.pages) {
      if (!('error' in r.lighthouse) && r.lighthouse.failing.length) console.log(`  ${r.page}: ${r.lighthouse.failing.join('; ')}`);
    }
  }
  if (record.pageLoads.length) {
    console.log(
      `\nPages served by the Worker (static files from its assets; catalogue pages from Astro's page cache, or rendered); ${seconds} s per row after a 2 s warm-up. X-Astro-Cache as answered before the row. Target: a cached catalogue page >= ${PAGE_RATIO_TARGET}x the static page's req/s.`,
    );
    console.table(
      record.pageLoads.map((r) => ({
        page: r.name,
        'x-astro-cache': r.source ?? '-',
        ...loadColumns(r),
        'x static req/s': r.ratio ?? '-',
        target: r.ratio == null ? '-' : `>= ${PAGE_RATIO_TARGET}x`,
      })),
    );
  }
}

function printHung() {
  const hung = record.hung;
  if (!hung) return;
  console.log(
    `\ndatabase hung: sqld stopped (SIGSTOP) under the Worker, the GETs sent at once, the client waiting up to ${hung.boundSeconds} s for each; then sqld resumed (SIGCONT) and /api/health answered 200 again after ${hung.recoverySeconds} s.`,
  );
  console.table(
    hung.answers.map((a) => ({
      request: a.request,
      answer: a.error ?? `${a.seconds} s`,
      status: a.status ?? '-',
      'x-astro-cache': a.source ?? '-',
      'retry-after': a.stale ?? '-',
    })),
  );
}

function printDrawn() {
  const d = record.drawn;
  if (!d) return;
  const counts = (c: Record<string, number>) =>
    Object.entries(c)
      .map(([value, n]) => `${value} ${n}`)
      .join(', ');
  console.log(
    `\nproduct page after an admin change: ${d.products} products, one at a time, each page viewed until cached, the product renamed through PATCH /api/admin/products/{id} as the edit dialog sends it (its answer after the purge of its pages), then its page viewed at once. Showed the new name at once: ${d.showedChange}/${d.products}. X-Astro-Cache of that view: ${counts(d.firstViewCache)}; of the next: ${counts(d.secondViewCache)}.`,
  );
  console.table([
    { request: 'GET /product/{id} from the cache, before the write (for scale)', 'p50 ms': d.cachedView.p50, 'max ms': d.cachedView.max },
    { request: 'PATCH /api/admin/products/{id} (the write)', 'p50 ms': d.write.p50, 'max ms': d.write.max },
    { request: 'GET /product/{id}, the first view after it (rendered)', 'p50 ms': d.firstView.p50, 'max ms': d.firstView.max },
  ]);
}

function printRace() {
  const r = record.race;
  if (!r) return;
  const other = Object.entries(r.other).map(([status, n]) => `${n} x ${status}`);
  console.log(
    `\nwindow race: ${r.shoppers} concurrent checkouts for a window of ${r.capacity} places: ${r.placed} placed, ${r.refused} refused (409 window_full)${other.length ? `, other: ${other.join(', ')}` : ''}; the window holds ${r.booked} orders; ${r.seconds} s`,
  );
}

function printImport() {
  const i = record.imported;
  if (!i) return;
  console.log(
    `\nimport ${i.rows.toLocaleString('en-US')} rows: preview ${i.previewSeconds} s, apply ${i.applySeconds} s (${i.update} updates, ${i.create} new products, ${i.megabytes} MB CSV through POST /api/admin/products/import)`,
  );
}

function printReports() {
  const r = record.reports;
  if (!r) return;
  console.log(
    `\nreports over ${r.orders.toLocaleString('en-US')} orders (generated in ${r.generateSeconds} s), the last ${r.days} days each, GET /api/admin/reports/{name} as an admin, the median of 5 reads:`,
  );
  console.table(r.reports.map((x) => ({ report: x.name, 'median ms': x.medianMs, 'max ms': x.maxMs, 'answer KB': x.kilobytes })));
}

function printIdle() {
  const idle = record.idle;
  if (!idle) return;
  console.log(
    `\nidle: npm start (sqld, wrangler dev with workerd, the mail catcher, the cron timer; ${idle.processes} processes) left alone for ${idle.seconds} s after it answered: ${idle.cpuPercent} % of one core.`,
  );
}

/** The rows that need the stack (every row but idle), in ROWS order, against the stack at `base`. */
function stackRows(base: string, dbUrl: string, sqldProc: Proc, dist: string): [Row, RowRun][] {
  let edibles: ApiProduct[] | undefined;
  const catalogue = async () => {
    edibles ??= await getJson<ApiProduct[]>(`${base}/api/products?category=Edible`);
    return edibles;
  };
  const anyId = () => 1 + Math.floor(Math.random() * productCount);
  const common = { concurrency: CONCURRENCY, seconds, warmupSeconds: 2 };
  const { results } = record;

  const reads = loadRow(
    async () => {
      for (const concurrency of READ_CONCURRENCIES) {
        const at = { ...common, concurrency };
        results.push(
          await load({
            ...at,
            name: BY_ID_ROW,
            url: `${base}/api/products/1`,
            next: () => ({ path: `/api/products/${anyId()}` }),
          }),
        );
        // A category listing the way the pages page through it (the whole category would be thousands).
        results.push(await load({ ...at, name: LISTING_ROW, url: `${base}/api/products?category=Flower&limit=24` }));
        results.push(await load({ ...at, name: HEALTH_ROW, url: `${base}/api/health` }));
      }
    },
    // The comparison waits for the search row when it runs, as it names a search read too.
    () => {
      if (!has('search')) printReadsVsHealth();
    },
  );

  const search = loadRow(async () => {
    let i = 0;
    const next = () => ({
      path: `/api/products?search=${encodeURIComponent(SEARCH_TERMS[i++ % SEARCH_TERMS.length] ?? 'blue')}&limit=24`,
    });
    for (const c of SEARCH_CONCURRENCIES) {
      results.push(
        await load({
          ...common,
          concurrency: c,
          name: searchRow(c),
          url: `${base}/api/products?search=blue&limit=24`,
          next,
        }),
      );
    }
  }, printReadsVsHealth);

  const checkout = loadRow(async () => {
    const buyable = await catalogue();
    // Orders are spread over every open window, by id, as the checkout page sends them: each
    // checkout reads and takes its own window's places. Windows that close within the run are left out.
    const listed = await getJson<{ windows?: BookableWindow[] }>(`${base}/api/delivery/windows?zip=${checkoutPayload([]).deliveryZipCode}`);
    const windows = (listed.windows ?? []).filter((w) => w.closesAt > Date.now() + (seconds + 60) * 1000);
    let n = 0;
    // Target: at least 100 orders/s with no errors at c=50 (one read batch and one write batch an order).
    results.push(
      await load({
        ...common,
        concurrency: CONCURRENCY,
        name: 'POST /api/checkout',
        url: `${base}/api/checkout`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        next: () => {
          const product = buyable[n % buyable.length];
          const window = windows[n++ % windows.length];
          return {
            headers: { 'idempotency-key': `bench-${process.pid}-${n}-${Math.random().toString(36).slice(2)}` },
            body: JSON.stringify(checkoutPayload([{ productId: product?.id ?? 1, quantity: 1 }], { deliveryWindow: window?.id })),
          };
        },
      }),
    );
  });

  const pages: RowRun = {
    measure: async () => {
      for (const p of PAGES) {
        const url = `${base}${p.path}`;
        // The HTML as served: catalogue pages and search are rendered by the Worker.
        const html = await (await fetch(url, { signal: AbortSignal.timeout(BENCH_CALL_MS) })).text();
        const weight = weighPage(clientDir(dist), p.path.split('?')[0] ?? '/', html);
        let scores: PageResult['lighthouse'];
        try {
          scores = lighthouseRuns > 0 ? await lighthouseMedian(url, lighthouseRuns) : { error: 'not run (--lighthouse-runs 0)' };
        } catch (err) {
          scores = { error: reason(err).split('\n')[0] || 'failed' };
        }
        record.pages.push({
          page: `${p.name} ${p.path}`,
          jsGzipKB: Math.round(weight.jsGzip / 102.4) / 10,
          htmlGzipKB: Math.round(weight.htmlGzip / 102.4) / 10,
          lighthouse: scores,
        });
      }
      await benchPageLoad(base, seconds, productCount, record.pageLoads);
    },
    print: printPages,
  };

  return [
    ['reads', reads],
    ['search', search],
    ['checkout', checkout],
    // After the checkout row: the race adds a window of its own, which no other row books.
    [
      'race',
      {
        measure: async () => {
          const productId = (await catalogue())[0]?.id ?? 1;
          record.race = await benchWindowRace({ base, dbUrl, productId, shoppers: raceShoppers, capacity: RACE_CAPACITY });
        },
        print: printRace,
      },
    ],
    ['pages', pages],
    // After the page rows: it stops and resumes the database under the Worker.
    [
      'hung',
      {
        measure: async () => {
          // Its page not in the cache is just below the drawn row's products, at the top of the
          // catalogue, where the pages row's renders (from id 2 upwards) do not reach.
          const uncachedId = Math.max(5, productCount - DRAWN_PRODUCTS - 1);
          record.hung = await benchHungDatabase(base, sqldProc, uncachedId);
        },
        print: printHung,
      },
    ],
    // After the page rows too: the products it changes are ones they do not view.
    [
      'drawn',
      {
        measure: async () => {
          record.drawn = await benchDrawn(base, dbUrl, productCount);
        },
        print: printDrawn,
      },
    ],
    // Last: it adds products, which the rows above must not see.
    [
      'import',
      {
        measure: async () => {
          record.imported = await benchImport(base, dbUrl);
        },
        print: printImport,
      },
    ],
    // After every row that reads or writes orders: it adds a busy quarter's worth of them.
    [
      'reports',
      {
        measure: async () => {
          record.reports = await benchReports(base, dbUrl);
        },
        print: printReports,
      },
    ],
  ];
}

/**
 * Starts the stack, runs the rows that need it in order and stops it (whatever the rows did),
 * then the idle row alone. Resolves with the exit code: 1 when a row failed.
 */
async function main(): Promise<number> {
  const scratch = scratchDir('bench');
  // What was started, stopped in reverse order at the end, whatever happened in between.
  const stops: (() => Promise<void>)[] = [];
  try {
    if ([...only].some((r) => r !== 'idle')) {
      const sqld = await startSeededSqld(scratch.dir);
      stops.push(() => sqld.proc.stop());
      const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url }, { deadlineMs: BENCH_DB_MS });
      try {
        const grew = performance.now();
        await growCatalog(db, productCount);
        record.growSeconds = Math.round((performance.now() - grew) / 100) / 10;
        // Stock no run can exhaust, held in each tracked product's opening package (D40), so the
        // checkout row measures taking it first in, first out rather than running out of goods.
        // The generated products get theirs here: only the seed's came with one.
        const plenty = 1_000_000_000_000;
        await db.batch([
          db.update(products).set({ available: true }).where(sql`1 = 1`),
          db.run(sql`insert into ${packages} (tag, product_id, unit, received_on)
            select null, p.id, case when coalesce(c.kind, c.name) in ('Flower', 'Concentrate') then 'g' else 'each' end, date('now')
            from ${products} p join categories c on c.id = p.category_id
            where p.stock_milli is not null and not exists (select 1 from ${packages} k where k.product_id = p.id)`),
          db.run(sql`update ${packages} set quantity_milli = ${plenty}, status = 'active' where tag is null`),
          db
            .update(products)
            .set({ stockMilli: plenty })
            .where(sql`${products.id} in (select product_id from ${packages} where tag is null)`),
        ]);
        // Likewise windows with room for any run: the checkout row measures taking a place, not running out of them.
        await db.update(deliveryWindows).set({ capacity: BENCH_WINDOW_CAPACITY });
      } finally {
        close();
      }

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const bindings = { LIBSQL_URL: sqld.url, SITE_URL: base };
      const buildStart = performance.now();
      const dist = path.join(scratch.dir, 'dist');
      // The Worker is in the build (astro build bundles it with the pages): every row needs it.
      await buildSite({ dbUrl: sqld.url, outDir: dist, siteUrl: base, logFile: path.join(scratch.dir, 'build.log') });
      record.buildSeconds = Math.round((performance.now() - buildStart) / 100) / 10;
      const worker = startWorkerd({ config: workerConfig(dist), bindings, port, persistTo: path.join(scratch.dir, 'worker') });
      stops.push(() => worker.dispose());
      await worker.ready;

      console.log(`\nLocal stack: autocannon -> ${STACK} -> sqld over HTTP, all on 127.0.0.1; ${seconds} s per row after a 2 s warm-up.`);
      console.log(
        `Catalogue: ${productCount} products (generated in ${record.growSeconds} s). Site build (astro build: the static pages and the Worker): ${record.buildSeconds} s.`,
      );
      for (const [name, row] of stackRows(base, sqld.url, sqld.proc, dist)) await runRow(name, row);
    }
  } finally {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        console.error(`stopping the stack: ${reason(err)}`);
      }
    }
  }
  // Last and alone: nothing else may use the CPU it measures.
  try {
    await runRow('idle', {
      measure: async () => {
        record.idle = await benchIdle(path.join(scratch.dir, 'idle'), idleSeconds);
      },
      print: printIdle,
    });
  } finally {
    scratch.remove();
  }
  save();
  console.log('Written to bench/results.json');
  if (record.failed.length) {
    console.error(`\n${record.failed.length} row(s) failed: ${record.failed.map((f) => `${f.row} (${f.error})`).join('; ')}`);
    return 1;
  }
  return 0;
}

// The exit is explicit: a row given up on may leave a socket or a timer behind, which must not
// keep the process alive once everything is printed.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
