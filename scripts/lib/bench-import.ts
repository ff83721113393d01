/**
 * The products CSV import under a large file, through the running API as an admin's browser sends
 * it: a 10,000-row CSV (half updates of existing products, half new ones) previewed (dry run) and
 * then applied, each timed from request to answer. Figures, not assertions.
 */
import { randomBytes } from 'node:crypto';
import { createNodeDb } from '../../src/db/client.server.ts';
import { parseCsv } from '../../src/features/menu/csv.ts';
import type { ImportReport } from '../../src/features/menu/csv-upload.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { BENCH_CALL_MS, BENCH_DB_MS } from './load.ts';

/**
 * The import's preview and apply: one request that parses, checks and (applied) writes the whole
 * file in one batch, which the server's own database deadline lets run up to
 * DB_DEADLINE_MS.csvImport; the client waits past that for the answer.
 */
const IMPORT_CALL_MS = 180_000;

export interface ImportBenchResult {
  rows: number;
  create: number;
  update: number;
  megabytes: number;
  previewSeconds: number;
  applySeconds: number;
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Signs a new admin in and returns the session cookie (`name=value`). */
export async function signIn(base: string, dbUrl: string, label = 'import'): Promise<string> {
  const email = `bench-${label}-${process.pid}@example.com`;
  const password = randomBytes(18).toString('base64url');
  const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl }, { deadlineMs: BENCH_DB_MS });
  try {
    await createAdmin(db, email, password);
  } finally {
    close();
  }
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(BENCH_CALL_MS),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => /admin_session=/.test(c));
  if (!cookie) throw new Error('bench sign-in set no session cookie');
  return cookie.split(';')[0] ?? '';
}

/**
 * The file: the first rows/2 exported products with a new description and a counted stock (an
 * update that reaches the audit trail, the ledger and the search index), and rows/2 new products
 * copied from exported ones under new names.
 */
function benchCsv(exported: string, rows: number): string {
  const [header = [], ...records] = parseCsv(exported);
  const col = (name: string) => header.indexOf(name);
  const [id, slug, name, description, stock] = ['id', 'slug', 'name', 'description', 'stock'].map(col) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const half = Math.floor(rows / 2);
  if (records.length < half) throw new Error(`the bench catalogue has ${records.length} products; the import needs ${half}`);
  const lines = [header.map(quote).join(',')];
  for (let i = 0; i < half; i++) {
    const r = [...(records[i] ?? [])];
    r[description] = `${r[description]} Restocked this week.`;
    r[stock] = String(100 + (i % 50));
    lines.push(r.map(quote).join(','));
  }
  for (let i = 0; i < rows - half; i++) {
    const r = [...(records[i % records.length] ?? [])];
    r[id] = '';
    r[slug] = '';
    r[name] = `${r[name]} Import ${i}`;
    lines.push(r.map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function timedImport(base: string, cookie: string, csv: string, dryRun: boolean): Promise<{ seconds: number; report: ImportReport }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'text/csv; charset=utf-8' },
    body: csv,
    signal: AbortSignal.timeout(IMPORT_CALL_MS),
  });
  const text = await res.text();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (!res.ok) throw new Error(`import ${dryRun ? 'preview' : 'apply'} failed: ${res.status} ${text.slice(0, 500)}`);
  return { seconds, report: JSON.parse(text) as ImportReport };
}

/** Previews and applies a `rows`-row CSV through the API at `base`, whose database is at `dbUrl`. */
export async function benchImport(base: string, dbUrl: string, rows = 10_000): Promise<ImportBenchResult> {
  const cookie = await signIn(base, dbUrl);
  const exported = await fetch(`${base}/api/admin/products/export.csv`, {
    headers: { cookie },
    signal: AbortSignal.timeout(BENCH_CALL_MS),
  });
  if (!exported.ok) throw new Error(`export failed: ${exported.status}`);
  const csv = benchCsv(await exported.text(), rows);
  const preview = await timedImport(base, cookie, csv, true);
  if (preview.report.errors.length > 0) throw new Error(`the bench file has errors: ${JSON.stringify(preview.report.errors.slice(0, 3))}`);
  const apply = await timedImport(base, cookie, csv, false);
  return {
    rows,
    create: apply.report.create,
    update: apply.report.update,
    megabytes: Math.round(Buffer.byteLength(csv) / 1024 / 102.4) / 10,
    previewSeconds: preview.seconds,
    applySeconds: apply.seconds,
  };
}
