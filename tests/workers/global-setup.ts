import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildFunctions } from '../../scripts/lib/workerd.ts';
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
  const script = await buildFunctions(path.join(scratch.dir, 'worker'), path.join(scratch.dir, 'build.log'));
  project.provide('workerDbUrl', sqld.url);
  project.provide('workerScript', script);
  return async () => {
    await sqld.proc.stop();
    scratch.remove();
  };
}
