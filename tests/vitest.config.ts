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
        test: { name: 'node', include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'workers',
          include: ['tests/workers/**/*.test.ts'],
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
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser and one stack: journeys run one file at a time.
          fileParallelism: false,
          // Hydration and API calls take a moment; polls wait for what a person would wait for.
          expect: { poll: { timeout: 5000, interval: 50 } },
        },
      },
    ],
  },
});
