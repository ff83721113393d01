import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Three projects, each against real parts:
 * - node: domain rules and the Hono app against a real libSQL database built from migrations/;
 * - workers: the bundled Pages function in workerd (Miniflare) against a real sqld;
 * - e2e: chromium against the site and API served the way `npm start` serves them.
 */
export default defineConfig({
  root,
  test: {
    projects: [
      {
        extends: true,
        // Projects run one after another (groupOrder): the load tests of one must not starve the
        // browser journeys of another on a 2-core machine.
        test: { name: 'node', include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'workers',
          include: ['tests/workers/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/workers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser and one stack: journeys run one file at a time.
          fileParallelism: false,
          // Hydration and API calls take a moment; polls wait for what a person would wait for.
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
