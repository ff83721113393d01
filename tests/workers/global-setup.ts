import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bin, runToEnd } from '../../scripts/lib/stack.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    workerDbUrl: string;
    workerScript: string;
  }
}

/** A real sqld with the seed catalogue, and functions/ compiled by wrangler as Pages would. */
export default async function setup(project: TestProject) {
  const scratch = scratchDir('workers');
  const sqld = await startSeededSqld(scratch.dir);
  const outdir = path.join(scratch.dir, 'worker');
  await runToEnd(
    'wrangler pages functions build',
    bin('wrangler'),
    ['pages', 'functions', 'build', 'functions', '--outdir', outdir, '--fallback-service', ''],
    { env: { WRANGLER_SEND_METRICS: 'false' }, logFile: path.join(scratch.dir, 'build.log') },
  );
  project.provide('workerDbUrl', sqld.url);
  project.provide('workerScript', path.join(outdir, 'index.js'));
  return async () => {
    await sqld.proc.stop();
    scratch.remove();
  };
}
