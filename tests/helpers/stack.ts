import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSite, freePort, type Proc, ROOT, startPagesDev, startSqld } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/db/seed/seed.server.ts';
import { roomyWindows, type WindowsSetup } from './db.ts';

/** A scratch folder under .tmp/ for one test run's database, build and logs. */
export function scratchDir(name: string): { dir: string; remove: () => void } {
  const dir = path.join(ROOT, '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real sqld with the migrated, seeded catalogue; its delivery windows roomy unless told (db.ts). */
export async function startSeededSqld(dir: string, opts: { windows?: WindowsSetup } = {}): Promise<{ proc: Proc; url: string }> {
  const sqld = await startSqld({ dbPath: path.join(dir, 'sqld'), port: await freePort(), logFile: path.join(dir, 'sqld.log') });
  const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
  try {
    await migrateDb(db);
    await seedCatalog(db);
    if ((opts.windows ?? 'roomy') === 'roomy') await roomyWindows(db);
  } finally {
    close();
  }
  return sqld;
}

/** The site's sqld, to take away and bring back as a hosted database can go away. */
export interface DatabaseControl {
  /** Stopped as a network partition looks: connections open, nothing answers (SIGSTOP). */
  hang: () => void;
  resume: () => void;
  /** Ended: connections are refused. */
  stop: () => Promise<void>;
  /** Started again on the same port and data. */
  start: () => Promise<void>;
}

/**
 * The shop as `npm start` runs it, in `dir`: a seeded sqld, a static build from it, and wrangler
 * pages dev serving both (the static files and the functions in workerd). `bindings` are added to
 * the functions' environment.
 */
export async function startBuiltSite(
  dir: string,
  bindings: Record<string, string> = {},
): Promise<{ baseUrl: string; dbUrl: string; outDir: string; database: DatabaseControl; stop: () => Promise<void> }> {
  let sqld = await startSeededSqld(dir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const outDir = path.join(dir, 'dist');
  try {
    await buildSite({ dbUrl: sqld.url, outDir, siteUrl: baseUrl, logFile: path.join(dir, 'build.log') });
    const pages = await startPagesDev({
      dir: outDir,
      host: '127.0.0.1',
      port,
      persistTo: path.join(dir, 'wrangler'),
      bindings: { LIBSQL_URL: sqld.url, SITE_URL: baseUrl, ...bindings },
      logFile: path.join(dir, 'wrangler.log'),
    });
    const pid = () => sqld.proc.child.pid ?? 0;
    const database: DatabaseControl = {
      hang: () => process.kill(pid(), 'SIGSTOP'),
      resume: () => process.kill(pid(), 'SIGCONT'),
      stop: () => sqld.proc.stop(),
      start: async () => {
        sqld = await startSqld({
          dbPath: path.join(dir, 'sqld'),
          port: Number(new URL(sqld.url).port),
          logFile: path.join(dir, 'sqld.log'),
        });
      },
    };
    return {
      baseUrl,
      dbUrl: sqld.url,
      outDir,
      database,
      stop: async () => {
        await pages.stop();
        await sqld.proc.stop();
      },
    };
  } catch (err) {
    await sqld.proc.stop();
    throw err;
  }
}
