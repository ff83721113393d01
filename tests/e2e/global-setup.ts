import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { scratchDir, startBuiltSite } from '../helpers/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stack's database, for journeys that change data behind the built pages. */
    dbUrl: string;
    /** The built site the stack serves. */
    distDir: string;
  }
}

/** The shop as `npm start` runs it: sqld, a static build from it, and wrangler pages dev. */
export default async function setup(project: TestProject) {
  const scratch = scratchDir('e2e');
  const site = await startBuiltSite(scratch.dir);
  project.provide('baseUrl', site.baseUrl);
  project.provide('dbUrl', site.dbUrl);
  project.provide('distDir', site.outDir);
  return async () => {
    await site.stop();
    // The server's log outlives the run (.tmp/ is ignored by git), for a failure seen only in CI.
    const log = path.join(scratch.dir, 'wrangler.log');
    if (existsSync(log)) copyFileSync(log, path.join(scratch.dir, '..', 'e2e-last-wrangler.log'));
    scratch.remove();
  };
}
