import type { TestProject } from 'vitest/node';
import { holdStackService } from '../helpers/stack-service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's built Worker: the `<dist>/server/wrangler.json` astro build wrote (its main is
     * entry.mjs beside it, its assets `../client`), for startWorkerd({ config }) in scripts/lib/workerd.ts.
     */
    workerConfig: string;
    /** The same file as workerConfig, under the name the workers tests used for the Pages bundle. */
    workerScript: string;
  }
}

/**
 * The run's stack service with the site built (astro build: the static files and the one Worker),
 * before any test runs: the workers tests run that Worker from its config; the service also keeps a
 * seeded sqld for each vitest worker (run-stack.ts, workersDbUrl). Both workers projects run this;
 * the service makes each thing once.
 */
export default async function setup(project: TestProject) {
  const { service, release } = await holdStackService();
  try {
    const site = await service.get('site');
    project.provide('workerConfig', site.workerConfig);
    project.provide('workerScript', site.workerConfig);
    project.provide('stackService', service.url);
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}
