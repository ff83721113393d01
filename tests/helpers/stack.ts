import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite, builtWorkerConfig, freePort, PortTaken, type Proc, ROOT, startSqld, startWorkerDev } from '../../scripts/lib/stack.ts';
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

/** Where a stack in `dir` keeps its sqld's data. */
const sqldDataDir = (dir: string) => path.join(dir, 'sqld');
const sqldLog = (dir: string) => path.join(dir, 'sqld.log');

/** sqld on a free port of its own: files start stacks side by side, so a port found free may be taken first. */
async function startSqldOnFreePort(dir: string): Promise<{ proc: Proc; url: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSqld({ dbPath: sqldDataDir(dir), port: await freePort(), logFile: sqldLog(dir) });
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
    }
  }
}

/** A real sqld with the migrated, seeded catalogue; its delivery windows roomy unless told (db.ts). */
export async function startSeededSqld(dir: string, opts: { windows?: WindowsSetup } = {}): Promise<{ proc: Proc; url: string }> {
  const sqld = await startSqldOnFreePort(dir);
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
  /** The running sqld's process id (its CPU is read from /proc). */
  pid: () => number;
}

/** A sqld in `dir` on a copy of the site's database: the site's pages are of its catalogue. */
export async function startSiteSqld(dir: string, site: SiteTemplate): Promise<{ proc: Proc; url: string }> {
  cpSync(site.dbDir, sqldDataDir(dir), { recursive: true });
  return startSqldOnFreePort(dir);
}

/** A ControlledSqld in `dir`: freshly seeded, or on a copy of the site's database (startSiteSqld). */
export async function startControlledSqld(dir: string, site?: SiteTemplate): Promise<ControlledSqld> {
  let sqld = site ? await startSiteSqld(dir, site) : await startSeededSqld(dir);
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
      sqld = await startSqld({ dbPath: sqldDataDir(dir), port: Number(new URL(sqld.url).port), logFile: sqldLog(dir) });
    },
    end: async () => {
      if (running()) signal('SIGCONT');
      await sqld.proc.stop();
    },
    pid: () => {
      if (!sqld.proc.child.pid) throw new Error('sqld has no pid');
      return sqld.proc.child.pid;
    },
  };
}

/**
 * A build of the seeded catalogue and the database it was built from, made once and copied by every
 * stack that serves it (prepareSite, copySite). The build is `astro build`'s: the static files in
 * `<distDir>/client`, the Worker in `<distDir>/server` (entry.mjs, its chunks, and the wrangler.json
 * that runs it). Each stack's database is a copy of this one, so its pages are of the same catalogue.
 */
export interface SiteTemplate {
  /** The sqld data folder, stopped. */
  dbDir: string;
  /** The build, made for TEMPLATE_ORIGIN. */
  distDir: string;
  /** The built Worker's config, `<distDir>/server/wrangler.json` (its main is entry.mjs beside it). */
  workerConfig: string;
}

/**
 * The site URL the template is built for. The address a site is built for shows in the build only
 * as its site URL (canonical links, the sitemap, robots.txt in the static files; the site URL
 * compiled into the Worker's chunks), so copySite writes a stack's own address in its place, in
 * both halves. Port 1 is never one a stack listens on, so the text
 * is the template's alone.
 */
const TEMPLATE_ORIGIN = 'http://127.0.0.1:1';
const TEMPLATE_ORIGIN_RE = /http:\/\/127\.0\.0\.1:1(?!\d)/g;
const TEMPLATE_HOST = '127.0.0.1';

/** Seeds a sqld in `dir`, builds the site from it, and stops it, leaving both to be copied. */
export async function prepareSite(dir: string): Promise<SiteTemplate> {
  const sqld = await startSeededSqld(dir);
  const distDir = path.join(dir, 'dist');
  try {
    await buildSite({ dbUrl: sqld.url, outDir: distDir, siteUrl: TEMPLATE_ORIGIN, logFile: path.join(dir, 'build.log') });
  } finally {
    await sqld.proc.stop();
  }
  return { dbDir: sqldDataDir(dir), distDir, workerConfig: builtWorkerConfig(distDir) };
}

/**
 * Copies the template's build (client/ and server/) to `outDir` as built for `origin`. Fails if the
 * build names its host in any other form (encoded, without the scheme), which a copy could not follow.
 * The Worker's config points at `../client` and at entry.mjs beside it, so the copy runs as it is.
 */
export function copySite(site: SiteTemplate, outDir: string, origin: string): void {
  cpSync(site.distDir, outDir, { recursive: true });
  // Source maps hold the sources' own text (a comment may name any local address) and change
  // nothing the site does: they are copied as they are.
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.map'));
  for (const file of files) {
    const full = path.join(file.parentPath, file.name);
    const bytes = readFileSync(full);
    if (!bytes.includes(TEMPLATE_HOST)) continue;
    const text = bytes.toString('utf8');
    const named = text.match(TEMPLATE_ORIGIN_RE)?.length ?? 0;
    if (named !== text.split(TEMPLATE_HOST).length - 1) {
      throw new Error(`${full} names the site's host other than as ${TEMPLATE_ORIGIN}: the build cannot be copied to another address`);
    }
    writeFileSync(full, text.replace(TEMPLATE_ORIGIN_RE, origin));
  }
}

/** A running stack: the built Worker and its static files served by wrangler dev against its own sqld. */
export interface BuiltSite {
  baseUrl: string;
  dbUrl: string;
  /** The stack's copy of the build (client/ and server/). */
  outDir: string;
  database: ControlledSqld;
  stop: () => Promise<void>;
}

/**
 * The shop as `npm start` runs it, in `dir`: a copy of the template's database, the template's
 * build for this stack's address, and the built Worker in wrangler dev serving both (its static
 * files, and its fetch handler in workerd). `bindings` are added to the Worker's environment.
 */
export async function startBuiltSite(dir: string, site: SiteTemplate, bindings: Record<string, string> = {}): Promise<BuiltSite> {
  const database = await startControlledSqld(dir, site);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const outDir = path.join(dir, 'dist');
  try {
    copySite(site, outDir, baseUrl);
    const worker = await startWorkerDev({
      dir: outDir,
      host: '127.0.0.1',
      port,
      persistTo: path.join(dir, 'wrangler'),
      secretsDir: path.join(dir, 'worker-env'),
      bindings: { LIBSQL_URL: database.url, SITE_URL: baseUrl, ...bindings },
      logFile: path.join(dir, 'wrangler.log'),
    });
    return {
      baseUrl,
      dbUrl: database.url,
      outDir,
      database,
      stop: async () => {
        await worker.stop();
        await database.end();
      },
    };
  } catch (err) {
    await database.end();
    throw err;
  }
}
