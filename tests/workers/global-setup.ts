import type { TestProject } from 'vitest/node';
import { holdStackService } from '../helpers/stack-service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    workerScript: string;
  }
}

/**
 * functions/ compiled by wrangler as Pages would, and the run's stack service, which keeps a seeded
 * sqld for each worker (run-stack.ts, workersDbUrl) and the site the served-site tests copy. Both
 * workers projects run this; the service makes each thing once.
 */
export default async function setup(project: TestProject) {
  const { service, release } = await holdStackService();
  try {
    project.provide('workerScript', (await service.get('functions')).script);
    project.provide('stackService', service.url);
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}
