/**
 * `npm start` (scripts/start.ts) keeps every secret off the command lines of the processes it
 * starts: a command line is readable by any local user (ps, /proc/PID/cmdline). The shop is started
 * for real, with its data in a folder of the test's own (GREENLINE_DATA_DIR, GREENLINE_DIST_DIR),
 * recognisable fake secrets in its environment and fake services on 127.0.0.1 (nothing leaves the
 * machine). Once it is ready, no descendant's command line holds any of them; the env file
 * `wrangler dev --env-file` reads them from is 0600 in a 0700 folder, they arrive as the Worker's
 * bindings (read back by wrangler's own loader, and used: the Worker reads the database and runs its
 * Cron Trigger's handler through wrangler dev's local trigger). Ctrl-C (SIGINT) then ends every
 * process it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstable_getVarsForDev } from 'wrangler';
import { fireScheduled, schedulerConfig } from '../../scripts/lib/scheduler.ts';
import { descendants, freePort, ROOT } from '../../scripts/lib/stack.ts';
import { scratchDir } from '../helpers/stack.ts';

/** The start builds the site with astro (30-60 s on 2 cores) before anything answers. */
const START_TIMEOUT_MS = 240_000;
const scratch = scratchDir('start-secrets');
const dataDir = path.join(scratch.dir, 'data');
const distDir = path.join(scratch.dir, 'dist');
const secretsDir = path.join(dataDir, 'worker-env');
const envFile = path.join(secretsDir, 'worker.env');

const fake = (name: string) => `fake-${name}-${randomBytes(12).toString('hex')}`;
const SECRETS = {
  LIBSQL_AUTH_TOKEN: fake('libsql-token'),
  MAIL_API_KEY: fake('mail-key'),
  OPENAI_API_KEY: fake('openai-key'),
  ADMIN_PASSWORD: fake('admin-password'),
};

/** A stand-in provider on 127.0.0.1 that accepts everything (the mail and AI services). */
async function acceptAll(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"fake"}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

let services: { url: string; server: Server };
let start: ChildProcess;
let output = '';
let baseUrl = '';
let seen: { pid: number; cmdline: string }[] = [];
let bindings: Record<string, string> = {};

/** Resolves once `text` shows in the start's output; rejects if it exits first. */
function waitForOutput(text: string | RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const has = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
    if (has()) return resolve();
    const onData = () => {
      if (!has()) return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`npm start exited (${code}) before printing ${text}:\n${output}`));
    };
    const cleanup = () => {
      start.stdout?.off('data', onData);
      start.stderr?.off('data', onData);
      start.off('exit', onExit);
    };
    start.stdout?.on('data', onData);
    start.stderr?.on('data', onData);
    start.once('exit', onExit);
  });
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

beforeAll(async () => {
  services = await acceptAll();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  start = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LIBSQL_PORT: String(await freePort()),
      GREENLINE_DATA_DIR: dataDir,
      GREENLINE_DIST_DIR: distDir,
      ...SECRETS,
      ADMIN_EMAIL: 'admin@start-secrets.test',
      MAIL_API_URL: `${services.url}/emails`,
      MAIL_FROM: 'Greenline <shop@greenline.local>',
      OPENAI_BASE_URL: `${services.url}/v1`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  start.stdout?.on('data', collect);
  start.stderr?.on('data', collect);
  await waitForOutput("The Worker's Cron Trigger fires on");
  if (!start.pid) throw new Error('npm start has no pid');
  seen = descendants(start.pid);
  if (!existsSync(envFile)) return;
  // As wrangler dev reads it: the env file, without this process's environment.
  const include = process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV;
  process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV = 'false';
  try {
    const vars = unstable_getVarsForDev(path.join(distDir, 'server', 'wrangler.json'), [envFile], {}, undefined, true);
    bindings = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v.value)]));
  } finally {
    if (include === undefined) delete process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV;
    else process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV = include;
  }
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (start && start.exitCode === null && start.signalCode === null) {
    const pids = start.pid ? descendants(start.pid).map((p) => p.pid) : [];
    start.kill('SIGINT');
    await new Promise((resolve) => start.once('exit', resolve));
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  await new Promise<void>((resolve) => services?.server.close(() => resolve()));
  scratch.remove();
}, START_TIMEOUT_MS);

describe('npm start and its secrets', () => {
  it('starts the parts it should, every one a descendant whose command line can be read', () => {
    const names = seen.map((p) => p.cmdline);
    expect(names.some((c) => /\/sqld /.test(c))).toBe(true);
    expect(names.some((c) => /wrangler\S* dev -c \S+\/server\/wrangler\.json/.test(c))).toBe(true);
    expect(names.some((c) => /workerd serve/.test(c))).toBe(true);
    // One Worker: no Pages project, no second Worker for the scheduler.
    expect(names.filter((c) => /wrangler-dist\/cli\.js dev /.test(c))).toHaveLength(1);
    expect(names.some((c) => /pages dev|scheduler/.test(c))).toBe(false);
  });

  it('hands the bindings to wrangler in a file only the user can read', () => {
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    expect(statSync(secretsDir).mode & 0o777).toBe(0o700);
    expect(bindings).toMatchObject({
      LIBSQL_AUTH_TOKEN: SECRETS.LIBSQL_AUTH_TOKEN,
      MAIL_API_KEY: SECRETS.MAIL_API_KEY,
      OPENAI_API_KEY: SECRETS.OPENAI_API_KEY,
      LIBSQL_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      SITE_URL: baseUrl,
    });
    // The admin's password makes the admin account; the Worker never needs it.
    expect(bindings).not.toHaveProperty('ADMIN_PASSWORD');
  });

  it('puts no secret on any command line', () => {
    const leaks = seen.flatMap((p) =>
      Object.entries(SECRETS)
        .filter(([, value]) => p.cmdline.includes(value))
        .map(([name]) => `${name} in the command line of ${p.pid}: ${p.cmdline.slice(0, 120)}`),
    );
    expect(leaks).toEqual([]);
  });

  it('gives the Worker its bindings from the file: the database, and its Cron Trigger runs', async () => {
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    // The catalogue comes from the database at LIBSQL_URL, a binding from the file.
    const products = await fetch(`${baseUrl}/api/products`);
    expect(products.status).toBe(200);
    expect(JSON.stringify(await products.json())).toMatch(/"id"/);
    const [cron = ''] = schedulerConfig().crons;
    expect(await fireScheduled(baseUrl, cron, Date.now())).toBe('ok');
  });

  it('stops every process it started on Ctrl-C (SIGINT)', async () => {
    const pids = seen.map((p) => p.pid);
    start.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => start.once('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    await expect.poll(() => pids.filter(alive), { timeout: 15_000, interval: 100 }).toEqual([]);
  }, 30_000);
});
