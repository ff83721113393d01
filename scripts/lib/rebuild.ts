/**
 * `npm start`'s deploy hook: a tiny HTTP listener on 127.0.0.1 that the functions call, as they
 * call a Pages deploy hook in production (DEPLOY_HOOK_URL; docs/decisions/0013), and that rebuilds
 * the site in the background without stopping the server.
 *
 * The site is built into a folder beside the one served and then swapped in by two renames:
 * `wrangler pages dev` looks each static file up by its path on every request, so it serves the new
 * files from the next request on (the functions, built from the sources, are not touched). One
 * build runs at a time. After each build the catalogue is read again: a change made while it ran
 * (whether or not its hook call was spaced out) makes one more build.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createNodeDb } from '../../src/db/client.server.ts';
import { BUILT_CATALOGUE_PATH, parseBuiltCatalogue } from '../../src/features/publish/built.ts';
import { readPageStamp } from '../../src/features/publish/stamp.server.ts';
import { sameStamp } from '../../src/features/publish/stamp.ts';
import { buildSite } from './stack.ts';

interface RebuilderOptions {
  dbUrl: string;
  dbAuthToken?: string | undefined;
  /** The folder the server serves. */
  distDir: string;
  /** Where a build is made before it is swapped in (on the same file system as distDir). */
  buildDir: string;
  siteUrl: string;
  /** Where the build's output and the one-line-per-rebuild log go. */
  logDir: string;
}

export interface Rebuilder {
  /** What to set DEPLOY_HOOK_URL to. */
  url: string;
  /** Resolves when no build is running or asked for. */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

/** Puts `next` in the place of `dist`; the old build is removed. */
function swapIn(next: string, dist: string): void {
  const old = `${next}-old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
}

/** True when the pages in `dist` were built at the catalogue's current stamp. */
async function isCurrent(opts: RebuilderOptions): Promise<boolean> {
  const file = path.join(opts.distDir, BUILT_CATALOGUE_PATH);
  const built = existsSync(file) ? parseBuiltCatalogue(JSON.parse(readFileSync(file, 'utf8'))) : null;
  const { db, close } = createNodeDb({ LIBSQL_URL: opts.dbUrl, LIBSQL_AUTH_TOKEN: opts.dbAuthToken });
  try {
    return sameStamp(built, await readPageStamp(db));
  } finally {
    close();
  }
}

export async function startRebuilder(opts: RebuilderOptions): Promise<Rebuilder> {
  const next = opts.buildDir;
  const log = (line: string) => {
    mkdirSync(opts.logDir, { recursive: true });
    appendFileSync(path.join(opts.logDir, 'rebuild.log'), `${new Date().toISOString()} ${line}\n`);
  };
  let running: Promise<void> | null = null;
  let asked = false;
  const stopped = new AbortController();

  async function buildOnce(): Promise<void> {
    const started = performance.now();
    try {
      await buildSite({
        dbUrl: opts.dbUrl,
        outDir: next,
        siteUrl: opts.siteUrl,
        logFile: path.join(opts.logDir, 'build.log'),
        signal: stopped.signal,
      });
      if (stopped.signal.aborted) return;
      swapIn(next, opts.distDir);
      const built = parseBuiltCatalogue(JSON.parse(readFileSync(path.join(opts.distDir, BUILT_CATALOGUE_PATH), 'utf8')));
      log(`rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s at catalogue version ${built?.version ?? '?'}`);
    } catch (err) {
      if (stopped.signal.aborted) return;
      log(
        `rebuild failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw err;
    }
  }

  /** Builds until the served pages are current, one build at a time. */
  async function run(): Promise<void> {
    try {
      do {
        asked = false;
        await buildOnce();
      } while (!stopped.signal.aborted && (asked || !(await isCurrent(opts))));
    } catch {
      // Logged; the pages go on being drawn on request until the next call.
    } finally {
      running = null;
    }
  }

  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    // A call during a build is served by one more build after it.
    if (running) asked = true;
    else running = run();
    res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/rebuild`,
    idle: async () => {
      while (running) await running;
    },
    /** Stops listening and stops a build under way (the served folder is left as it is). */
    close: async () => {
      stopped.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      while (running) await running;
      rmSync(next, { recursive: true, force: true });
    },
  };
}
