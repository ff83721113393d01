/**
 * `npm start`: the whole shop locally and offline. Starts sqld (data in .data/sqld), applies
 * migrations, seeds an empty catalogue, builds the site with Astro (GREENLINE_DIST_DIR, dist/ by
 * default: the static files in client/, the Worker in server/) and runs that one Worker in
 * `wrangler dev` on the build's own config (scripts/lib/stack.ts startWorkerDev; local R2 state in
 * .data/wrangler), as Cloudflare runs it: static files, the API, and the catalogue pages Astro
 * renders on request (and caches in the Worker's memory, purged by admin writes), so a catalogue
 * change shows at once without a rebuild. The Worker's Cron Trigger (wrangler.toml [triggers]) is
 * followed by a timer here that fires its `scheduled` handler through wrangler dev's local trigger
 * (scripts/lib/scheduler.ts). Without MAIL_API_URL, e-mail goes to a local mail catcher
 * (scripts/lib/mail-catcher.ts), one file per message in .data/mail. The Worker's bindings and
 * secrets reach wrangler in .data/worker-env/worker.env (0600, its folder 0700), never on a
 * command line. Ctrl-C stops every child process.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createNodeDb } from '../src/db/client.server.ts';
import { migrateDb } from '../src/db/migrate.server.ts';
import { isCatalogEmpty, seedCatalog } from '../src/features/catalog/seed/seed.server.ts';
import { ensureAdmin } from '../src/features/staff/accounts.server.ts';
import { envProblems, StartEnv } from '../src/server/api/env.ts';
import { type MailCatcher, startMailCatcher } from './lib/mail-catcher.ts';
import { type LocalScheduler, startLocalScheduler } from './lib/scheduler.ts';
import { buildSite, connectHost, type Proc, ROOT, startSqld, startWorkerDev } from './lib/stack.ts';

const HOST = process.env.HOST ?? '127.0.0.1';
const PORT = Number(process.env.PORT ?? 8788);
/** Where the data, logs and caught mail live; GREENLINE_DATA_DIR moves it (the tests start the shop elsewhere). */
const DATA = path.resolve(ROOT, process.env.GREENLINE_DATA_DIR || '.data');
/** The folder the site is built into and served from (client/ and server/). */
const DIST = path.resolve(ROOT, process.env.GREENLINE_DIST_DIR || 'dist');
/** DATA's subfolder `sub` as the messages name it (relative to the project when inside it). */
const shown = (...sub: string[]) => {
  const full = path.join(DATA, ...sub);
  const rel = path.relative(ROOT, full);
  return rel.startsWith('..') || path.isAbsolute(rel) ? full : rel;
};
/** The sender of the caught mail when MAIL_FROM is not set. */
const LOCAL_MAIL_FROM = 'Greenline <shop@greenline.local>';
const PASSED_ENV = [
  'LIBSQL_AUTH_TOKEN',
  'MAIL_API_URL',
  'MAIL_API_KEY',
  'MAIL_FROM',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_TIMEOUT_MS',
  'OPENAI_IMAGE_TIMEOUT_MS',
  'METRC_BASE_URL',
  'METRC_VENDOR_KEY',
  'METRC_USER_KEY',
  'METRC_TIMEOUT_MS',
] as const;
const procs: Proc[] = [];
let scheduler: LocalScheduler | null = null;
let mailCatcher: MailCatcher | null = null;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  stopping = true;
  scheduler?.stop();
  await Promise.all(procs.map((p) => p.stop()));
  await mailCatcher?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

function watch(proc: Proc) {
  procs.push(proc);
  proc.exited.then((code) => {
    if (stopping) return;
    console.error(`${proc.name} stopped unexpectedly (exit code ${code}); stopping the shop.`);
    void stopAll(1);
  });
}

async function main() {
  const problems = envProblems(StartEnv, process.env);
  if (problems) {
    console.error(`The environment is not valid:\n${problems}`);
    process.exit(1);
  }
  const started = Date.now();
  // A copy of the local secrets (.dev.vars) that no part of the shop reads may sit here: it goes.
  rmSync(path.join(DATA, 'pages-dev'), { recursive: true, force: true });
  let dbUrl = process.env.LIBSQL_URL;
  if (!dbUrl) {
    const sqld = await startSqld({
      dbPath: path.join(DATA, 'sqld'),
      port: Number(process.env.LIBSQL_PORT ?? 8080),
      logFile: path.join(DATA, 'logs', 'sqld.log'),
    });
    watch(sqld.proc);
    dbUrl = sqld.url;
    console.log(`libSQL server (sqld) on ${dbUrl}, data in ${shown('sqld')}`);
  }

  const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl, LIBSQL_AUTH_TOKEN: process.env.LIBSQL_AUTH_TOKEN });
  await migrateDb(db);
  if (await isCatalogEmpty(db)) {
    const counts = await seedCatalog(db);
    console.log(`Seeded ${counts.products} products in ${counts.categories} categories`);
  }
  // D20: no default credentials. ADMIN_EMAIL/ADMIN_PASSWORD set the admin; a first start without
  // them creates one with a random password, shown here once and nowhere else.
  const created = await ensureAdmin(db, process.env, 'admin@greenline.local');
  if (created) {
    console.log(
      `\nCreated the first admin account (shown once, keep it safe):\n  e-mail:   ${created.email}\n  password: ${created.password}\n`,
    );
  }
  close();

  const siteUrl = `http://${HOST}:${PORT}`;
  const dist = DIST;
  const logs = path.join(DATA, 'logs');
  console.log('Building the site ...');
  await buildSite({ dbUrl, outDir: dist, siteUrl, logFile: path.join(logs, 'build.log') });

  const bindings: Record<string, string> = { LIBSQL_URL: dbUrl, SITE_URL: siteUrl };
  // Optional services, passed on when set in the environment (README: e-mail, AI).
  for (const name of PASSED_ENV) {
    const value = process.env[name];
    if (value) bindings[name] = value;
  }
  // No provider: the mail catcher takes its place, so staff links (sent at once, never stored)
  // still reach whoever tries the shop. Its key is made for this run.
  if (!process.env.MAIL_API_URL) {
    mailCatcher = await startMailCatcher({ dir: path.join(DATA, 'mail'), logFile: path.join(logs, 'mail.log') });
    bindings.MAIL_API_URL = mailCatcher.url;
    bindings.MAIL_API_KEY = mailCatcher.key;
    bindings.MAIL_FROM = process.env.MAIL_FROM || LOCAL_MAIL_FROM;
  }
  // The bindings go to wrangler in .data/worker-env/worker.env (0600), not on its command line.
  const worker = await startWorkerDev({
    dir: dist,
    host: HOST,
    port: PORT,
    persistTo: path.join(DATA, 'wrangler'),
    secretsDir: path.join(DATA, 'worker-env'),
    bindings,
    logFile: path.join(logs, 'wrangler.log'),
  });
  watch(worker);
  // The Worker as this machine reaches it, whatever address it listens on.
  scheduler = startLocalScheduler({ workerUrl: `http://${connectHost(HOST)}:${PORT}`, logFile: path.join(logs, 'scheduler.log') });
  console.log(`\nThe shop is ready at ${siteUrl} (started in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`);
  console.log(`Catalogue changes show at once: the catalogue pages are rendered by the Worker (${shown('logs', 'wrangler.log')}).`);
  console.log(
    `The Worker's Cron Trigger fires on ${scheduler.crons.join(', ')} (UTC); each run is logged in ${shown('logs', 'scheduler.log')}.`,
  );
  console.log(
    mailCatcher
      ? `E-mail is caught in ${shown('mail')}/ (one file per message; set MAIL_API_URL to send it).`
      : `E-mail goes to the provider at ${new URL(process.env.MAIL_API_URL ?? '').host}.`,
  );
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(`Logs are in ${shown('logs')}/.`);
  await stopAll(1);
});
