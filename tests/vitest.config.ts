import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The workers tests that send bursts of concurrent requests through workerd, each request under the
 * shop's database deadline (src/db/db.ts), and count every answer: on a 2-core machine they must
 * have it to themselves, so they run one at a time with nothing else running.
 */
const BURSTS = ['catalogue', 'checkout', 'window-race', 'resilience'].map((name) => `tests/workers/${name}.test.ts`);

/**
 * Vitest workers for the tests that mostly wait (for a page to hydrate, a recheck time to pass, a
 * database to come back): each worker has its own database, and for e2e its own stack and chromium
 * (tests/helpers/stack-service.ts). Two share a 2-core machine; more would slow each stack down
 * past the deadlines its tests hold it to.
 */
const STACK_WORKERS = 2;

/**
 * Three kinds of tests, each against real parts, in projects that run one after another
 * (groupOrder), so the load of one never starves the deadlines of another:
 * - node: domain rules and the Hono app against a real libSQL database built from migrations/;
 * - workers (workers-bursts, then workers): the built Worker (astro build's <dist>/server) in
 *   workerd through Miniflare, from its wrangler.json, against a real sqld;
 * - e2e: chromium against the built Worker in wrangler dev, served the way `npm start` serves it.
 */
export default defineConfig({
  root,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          // Each file has its own database: one file per core, and two on two cores.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: {
          name: 'workers-bursts',
          include: BURSTS,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/workers/global-setup.ts'],
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'workers',
          include: ['tests/workers/**/*.test.ts'],
          exclude: BURSTS,
          sequence: { groupOrder: 2 },
          globalSetup: ['tests/workers/global-setup.ts'],
          maxWorkers: STACK_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          sequence: { groupOrder: 3 },
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: STACK_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Hydration and API calls take a moment; polls wait for what a person would wait for.
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
