import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite, freePort, startPagesDev } from '../../scripts/lib/stack.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stack's database, for journeys that change data behind the built pages. */
    dbUrl: string;
  }
}

/** The shop as `npm start` runs it: sqld, a static build from it, and wrangler pages dev. */
export default async function setup(project: TestProject) {
  const scratch = scratchDir('e2e');
  const sqld = await startSeededSqld(scratch.dir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const outDir = path.join(scratch.dir, 'dist');
  await buildSite({ dbUrl: sqld.url, outDir, siteUrl: baseUrl, logFile: path.join(scratch.dir, 'build.log') });
  const pages = await startPagesDev({
    dir: outDir,
    host: '127.0.0.1',
    port,
    persistTo: path.join(scratch.dir, 'wrangler'),
    bindings: { LIBSQL_URL: sqld.url, SITE_URL: baseUrl },
    logFile: path.join(scratch.dir, 'wrangler.log'),
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dbUrl', sqld.url);
  return async () => {
    await pages.stop();
    await sqld.proc.stop();
    // The server's log outlives the run (.tmp/ is ignored by git), for a failure seen only in CI.
    const log = path.join(scratch.dir, 'wrangler.log');
    if (existsSync(log)) copyFileSync(log, path.join(scratch.dir, '..', 'e2e-last-wrangler.log'));
    scratch.remove();
  };
}
