/**
 * Starting the local stack's parts (sqld, astro build, the built Worker in wrangler dev) as child processes.
 * `npm start`, the test set-up and the bench use this one module, so they run the shop the same way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEnvFile } from './env-file.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

export interface Proc {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /** The folder it runs in; the project's root by default. */
  cwd?: string;
  /** Where stdout and stderr go; by default they are shown with a name prefix. */
  logFile?: string;
}

/** Spawns a process in its own group so stop() also ends what it spawned (wrangler starts workerd). */
export function spawnProc(name: string, command: string, args: string[], opts: SpawnOptions = {}): Proc {
  const child = spawn(command, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (opts.logFile) {
    mkdirSync(path.dirname(opts.logFile), { recursive: true });
    const log = createWriteStream(opts.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  } else {
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => `[${name}] ${l}\n`)
        .join('');
    child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
    child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { name, child, exited, stop };
}

/** Runs a command to completion; rejects with its output's tail when it fails. `signal` stops it. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  opts: SpawnOptions & { signal?: AbortSignal | undefined } = {},
): Promise<void> {
  const proc = spawnProc(name, command, args, opts);
  const stop = () => void proc.stop();
  opts.signal?.addEventListener('abort', stop, { once: true });
  const code = await proc.exited;
  opts.signal?.removeEventListener('abort', stop);
  if (code !== 0) throw new Error(`${name} failed with exit code ${code}${opts.logFile ? ` (log: ${opts.logFile})` : ''}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Polls a URL until it answers 200; fails early if the process serving it exits. */
export async function waitForHttp(url: string, opts: { proc?: Proc; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let exited = false;
  opts.proc?.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${opts.proc?.name} exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${opts.timeoutMs ?? 60_000} ms`);
}

/**
 * SQLite connections sqld opens at once. SQLite has one write lock, and connections waiting for it
 * sleep and poll (its busy handler): with many concurrent writers the lock sits idle while they
 * sleep, and some starve until sqld's transaction timeout. With a few connections, sqld queues the
 * other requests itself and hands each connection on at once; a queued request waits up to
 * SQLD_QUEUE_SECONDS for one instead of being refused (docs/decisions/0008). sqld refuses (429)
 * requests beyond SQLD_MAX_REQUESTS in flight, so that is set above any burst the shop sees here: a
 * rush of checkouts for one window is a few hundred requests (each reads, writes, and a refused one
 * reads the next windows and is counted), and each should wait its turn rather than be refused.
 */
const SQLD_CONNECTIONS = 4;
const SQLD_QUEUE_SECONDS = 30;
const SQLD_MAX_REQUESTS = 2048;

export async function startSqld(opts: { dbPath: string; port: number; logFile?: string }): Promise<{ proc: Proc; url: string }> {
  if (!(await isPortFree(opts.port))) {
    throw new Error(`Port ${opts.port} is in use: stop what runs there or choose another with LIBSQL_PORT.`);
  }
  mkdirSync(path.dirname(opts.dbPath), { recursive: true });
  const proc = spawnProc(
    'sqld',
    bin('sqld'),
    [
      '--no-welcome',
      '--db-path',
      opts.dbPath,
      '--http-listen-addr',
      `127.0.0.1:${opts.port}`,
      '--max-concurrent-connections',
      String(SQLD_CONNECTIONS),
      '--connection-creation-timeout-sec',
      String(SQLD_QUEUE_SECONDS),
      '--max-concurrent-requests',
      String(SQLD_MAX_REQUESTS),
    ],
    opts.logFile ? { logFile: opts.logFile } : {},
  );
  const url = `http://127.0.0.1:${opts.port}`;
  await waitForHttp(`${url}/health`, { proc, timeoutMs: 30_000 });
  // A port found free can be taken by another process before sqld binds it; then the health check
  // is answered by that process, and whatever used this sqld would use another's data.
  if (proc.child.pid !== undefined && !listensOn(proc.child.pid, opts.port)) {
    await proc.stop();
    throw new PortTaken(opts.port);
  }
  return { proc, url };
}

/** sqld's port was taken by another process between choosing it and binding it. */
export class PortTaken extends Error {
  readonly port: number;
  constructor(port: number) {
    super(`Port ${port} was taken by another process before sqld could listen on it.`);
    this.port = port;
  }
}

/** Whether process `pid` holds the listening TCP socket on `port` (Linux: /proc); true where /proc cannot tell. */
function listensOn(pid: number, port: number): boolean {
  if (!existsSync(`/proc/${pid}/fd`) || !existsSync('/proc/net/tcp')) return true;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // Column 2 is the local address, 4 the state (0A: listening), 10 the socket's inode.
      if (cols[1]?.endsWith(hexPort) && cols[3] === '0A' && cols[9]) listening.add(`socket:[${cols[9]}]`);
    }
  }
  return readdirSync(`/proc/${pid}/fd`).some((fd) => {
    try {
      return listening.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // The descriptor closed while being read: it is not the listening socket.
      return false;
    }
  });
}

/**
 * `astro build` into outDir, reading the catalogue from the database at dbUrl; `signal` stops it.
 * `pageCache: 'cloudflare'` builds as `npm run deploy` does (astro.config.mjs); the memory cache otherwise.
 */
export async function buildSite(opts: {
  dbUrl: string;
  outDir: string;
  siteUrl: string;
  pageCache?: 'cloudflare';
  logFile?: string;
  signal?: AbortSignal;
}): Promise<void> {
  await runToEnd('astro build', bin('astro'), ['build'], {
    env: {
      LIBSQL_URL: opts.dbUrl,
      ASTRO_OUT_DIR: opts.outDir,
      SITE_URL: opts.siteUrl,
      PAGE_CACHE: opts.pageCache ?? '',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    ...(opts.logFile ? { logFile: opts.logFile } : {}),
    signal: opts.signal,
  });
}

export interface WorkerDevOptions {
  /** The built site (buildSite's outDir): the Worker and its config in `server/`, the static files in `client/`. */
  dir: string;
  host: string;
  port: number;
  /** Where wrangler keeps the local R2 bucket (and its logs), across restarts. */
  persistTo: string;
  /** The Worker's bindings (secrets among them): they reach wrangler in a file, never on its command line. */
  bindings: Record<string, string>;
  /** The 0700 folder of the 0600 env file holding the bindings; by default `worker-PORT` beside persistTo. */
  secretsDir?: string;
  logFile?: string;
}

/** The config `astro build` writes for the Worker it built: `<dir>/server/wrangler.json`. */
export const builtWorkerConfig = (dir: string) => path.join(path.resolve(dir), 'server', 'wrangler.json');

/**
 * The built Worker in workerd behind `wrangler dev`, as Cloudflare runs it: the static files of
 * `<dir>/client` served as the Worker's assets, the rest through its `fetch`, from the config the
 * build wrote (`<dir>/server/wrangler.json`, wrangler.toml's settings with the built entry).
 *
 * The bindings are in an env file (`--env-file`, mode 0600 in a 0700 folder: env-file.ts), never
 * `--var K:V` or `--binding`: a command line is readable by every local user (ps, /proc/PID/cmdline).
 * CLOUDFLARE_INCLUDE_PROCESS_ENV=false keeps this process's own environment out of the bindings.
 * The built config has no_bundle set, so wrangler runs the build as it is: nothing is bundled or
 * rebuilt while it runs.
 *
 * wrangler dev always serves its local trigger for the `scheduled` handler,
 * `/cdn-cgi/local/scheduled?cron=...&time=...` (fireScheduled in scheduler.ts): whoever reaches the
 * port can run the scheduled jobs, so listen on loopback unless told otherwise.
 */
export async function startWorkerDev(opts: WorkerDevOptions): Promise<Proc> {
  if (!(await isPortFree(opts.port, opts.host))) {
    throw new Error(`Port ${opts.port} is in use: stop what runs there or choose another with PORT.`);
  }
  const config = builtWorkerConfig(opts.dir);
  if (!existsSync(config)) throw new Error(`${config} is missing: build the site first (buildSite)`);
  const persistTo = path.resolve(opts.persistTo);
  const secretsDir = opts.secretsDir ?? path.join(path.dirname(persistTo), `worker-${opts.port}`);
  const envFile = path.join(secretsDir, 'worker.env');
  writeEnvFile(envFile, opts.bindings);
  const args = [
    'dev',
    '-c',
    config,
    '--env-file',
    envFile,
    '--ip',
    opts.host,
    '--port',
    String(opts.port),
    '--persist-to',
    persistTo,
    // workerd's inspector takes 9229 by default: each instance needs its own.
    '--inspector-port',
    String(await freePort()),
    '--show-interactive-dev-session=false',
  ];
  const proc = spawnProc('wrangler', bin('wrangler'), args, {
    cwd: path.dirname(config),
    env: {
      // Offline: no metrics, no lookup of Request.cf data from Cloudflare.
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      // The bindings are the env file and the config's [vars]; none of this process's environment.
      CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
      WRANGLER_LOG_PATH: path.join(persistTo, 'logs'),
    },
    ...(opts.logFile ? { logFile: opts.logFile } : {}),
  });
  try {
    await waitForHttp(`http://${connectHost(opts.host)}:${opts.port}/api/health`, { proc, timeoutMs: 60_000 });
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return proc;
}

/** The address this machine reaches a server on that listens on `host` (any address: loopback). */
export const connectHost = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/** The processes descended from `pid` (Linux /proc; none elsewhere), with their command lines. */
export function descendants(pid: number): { pid: number; cmdline: string }[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const parentOf = new Map<number, number>();
  for (const e of entries) {
    try {
      // The parent pid is the 4th field of stat, after the command in parentheses.
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      parentOf.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: { pid: number; cmdline: string }[] = [];
  for (const [child] of parentOf) {
    for (let p = parentOf.get(child); p != null && p > 1; p = parentOf.get(p)) {
      if (p !== pid) continue;
      try {
        found.push({ pid: child, cmdline: readFileSync(`/proc/${child}/cmdline`, 'utf8').replace(/\0/g, ' ') });
      } catch {
        // Ended meanwhile.
      }
      break;
    }
  }
  return found;
}
