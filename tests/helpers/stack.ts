import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSite, freePort, type Proc, ROOT, startPagesDev, startSqld } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { seedCatalog } from '../../src/features/catalog/seed/seed.server.ts';
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

/** A seeded sqld a test can take away and bring back, as a hosted database can go away. */
export interface ControlledSqld {
  url: string;
  /** Stopped as a network partition looks: connections open, nothing answers (SIGSTOP). */
  hang: () => void;
  resume: () => void;
  /** Ended: connections are refused. */
  stop: () => Promise<void>;
  /** Started again on the same port and data. */
  start: () => Promise<void>;
  /** Ended for good, hung or not: a stopped sqld must run again to hear the signal that ends it. */
  end: () => Promise<void>;
}

export async function startControlledSqld(dir: string): Promise<ControlledSqld> {
  let sqld = await startSeededSqld(dir);
  const running = () => sqld.proc.child.exitCode === null && sqld.proc.child.signalCode === null;
  // spawnProc starts sqld in a process group of its own: the signal reaches all of it.
  const signal = (name: NodeJS.Signals) => {
    const pid = sqld.proc.child.pid;
    if (!pid) throw new Error('sqld has no pid');
    process.kill(-pid, name);
  };
  return {
    url: sqld.url,
    hang: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    stop: () => sqld.proc.stop(),
    start: async () => {
      sqld = await startSqld({ dbPath: path.join(dir, 'sqld'), port: Number(new URL(sqld.url).port), logFile: path.join(dir, 'sqld.log') });
    },
    end: async () => {
      if (running()) signal('SIGCONT');
      await sqld.proc.stop();
    },
  };
}

/**
 * The shop as `npm start` runs it, in `dir`: a seeded sqld, a static build from it, and wrangler
 * pages dev serving both (the static files and the functions in workerd). `bindings` are added to
 * the functions' environment.
 */
export async function startBuiltSite(
  dir: string,
  bindings: Record<string, string> = {},
): Promise<{ baseUrl: string; dbUrl: string; outDir: string; database: ControlledSqld; stop: () => Promise<void> }> {
  const database = await startControlledSqld(dir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const outDir = path.join(dir, 'dist');
  try {
    await buildSite({ dbUrl: database.url, outDir, siteUrl: baseUrl, logFile: path.join(dir, 'build.log') });
    const pages = await startPagesDev({
      dir: outDir,
      host: '127.0.0.1',
      port,
      persistTo: path.join(dir, 'wrangler'),
      bindings: { LIBSQL_URL: database.url, SITE_URL: baseUrl, ...bindings },
      logFile: path.join(dir, 'wrangler.log'),
    });
    return {
      baseUrl,
      dbUrl: database.url,
      outDir,
      database,
      stop: async () => {
        await pages.stop();
        await database.end();
      },
    };
  } catch (err) {
    await database.end();
    throw err;
  }
}
