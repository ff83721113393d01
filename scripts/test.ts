/**
 * `npm test`: makes sure Debian's headless chromium is there for the browser journeys (installing it
 * with apt-get when run as root), then runs the whole vitest suite. Extra arguments go to vitest.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from '../tests/helpers/chromium.ts';
import { bin, ROOT } from './lib/stack.ts';

function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need Debian's '${CHROMIUM_PACKAGE}' package at ${CHROMIUM_PATH}.`);
    console.error(`Install it with: sudo apt-get install -y ${CHROMIUM_PACKAGE}   (or set CHROME_PATH to a Chromium binary)`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${CHROMIUM_PACKAGE} for the browser tests (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', CHROMIUM_PACKAGE], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
}

ensureChromium();
const report = path.join(ROOT, '.tmp', 'vitest-report.json');
rmSync(report, { force: true });
const result = spawnSync(
  bin('vitest'),
  [
    'run',
    '--config',
    path.join(ROOT, 'tests', 'vitest.config.ts'),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
);

// A closing line any CI can read, whatever it knows of vitest.
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
process.exit(result.status ?? 1);
