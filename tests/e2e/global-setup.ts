import type { TestProject } from 'vitest/node';
import { holdStackService } from '../helpers/stack-service.ts';

/**
 * The run's stack service, with the site built before any test runs (a build is heavy: it must not
 * overlap the tests that hold workerd to its deadlines). Each vitest worker of this project gets its
 * own stack (sqld, a copy of the build, the Worker in wrangler dev) and chromium when its first journey asks
 * (run-stack.ts).
 */
export default async function setup(project: TestProject) {
  const { service, release } = await holdStackService();
  try {
    await service.get('site');
    project.provide('stackService', service.url);
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}
