/**
 * The Pages functions compiled by wrangler and run in workerd through Miniflare, without
 * `wrangler pages dev`'s development proxy: what the workers tests drive and what the bench loads
 * (docs/decisions/0009). Production runs the same bundle on Cloudflare.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { parse as parseToml } from 'smol-toml';
import * as v from 'valibot';
import { writePrivateFile } from './env-file.ts';
import { bin, type Proc, ROOT, runToEnd, spawnProc, waitForHttp } from './stack.ts';

const WranglerToml = v.looseObject({
  compatibility_date: v.string(),
  compatibility_flags: v.optional(v.array(v.string()), []),
  vars: v.optional(v.record(v.string(), v.string()), {}),
  triggers: v.optional(v.looseObject({ crons: v.optional(v.array(v.string()), []) }), {}),
});
type WranglerToml = v.InferOutput<typeof WranglerToml>;

/** A wrangler config file's fields the local runs follow (the shop's wrangler.toml by default). */
export function readWranglerToml(file = path.join(ROOT, 'wrangler.toml')): WranglerToml {
  const read = v.safeParse(WranglerToml, parseToml(readFileSync(file, 'utf8')));
  if (!read.success) throw new Error(`${file}: ${v.summarize(read.issues)}`);
  return read.output;
}

/** wrangler.toml's compatibility settings, so the local runtime matches production's. */
export function compatibility(): { date: string; flags: string[] } {
  const config = readWranglerToml();
  return { date: config.compatibility_date, flags: config.compatibility_flags };
}

/** `wrangler pages functions build` of `functionsDir` (the shop's by default) into outDir; resolves with the bundle's entry. */
export async function buildFunctions(outDir: string, logFile?: string, functionsDir = 'functions'): Promise<string> {
  await runToEnd(
    'wrangler pages functions build',
    bin('wrangler'),
    ['pages', 'functions', 'build', functionsDir, '--outdir', outDir, '--fallback-service', ''],
    {
      env: { WRANGLER_SEND_METRICS: 'false' },
      ...(logFile ? { logFile } : {}),
    },
  );
  return path.join(outDir, 'index.js');
}

/** The bundle in workerd with production's bindings; with a port it also listens on loopback. */
export function startWorkerd(opts: { scriptPath: string; bindings: Record<string, string>; port?: number }): Miniflare {
  const { date, flags } = compatibility();
  return new Miniflare({
    modules: true,
    scriptPath: opts.scriptPath,
    compatibilityDate: date,
    compatibilityFlags: flags,
    bindings: opts.bindings,
    r2Buckets: ['IMAGES'],
    ...(opts.port ? { host: '127.0.0.1', port: opts.port } : {}),
  });
}

/** The workerd binary wrangler and Miniflare themselves run. */
const WORKERD = path.join(ROOT, 'node_modules', '@cloudflare', 'workerd-linux-64', 'bin', 'workerd');

/** A capnp string literal. */
const capnpString = (s: string) => JSON.stringify(s);

/**
 * The bundle in the workerd binary alone, configured the way Cloudflare runs a Worker: one isolate
 * listening on loopback, text bindings, no Miniflare in front. Miniflare's entry worker (the hop
 * that serves its developer features) costs more than the runtime itself, which would make the
 * bench measure our tooling instead of the shop.
 * Without an R2 service the IMAGES binding is absent: the routes benched do not touch images.
 */
export async function startWorkerdDirect(opts: {
  scriptPath: string;
  bindings: Record<string, string>;
  port: number;
  configDir: string;
  logFile?: string;
  /** host:port for the V8 inspector (CPU profiles of the running Worker). */
  inspector?: string;
}): Promise<Proc> {
  const { date, flags } = compatibility();
  const bindings = Object.entries(opts.bindings)
    .map(([name, text]) => `(name = ${capnpString(name)}, text = ${capnpString(text)})`)
    .join(', ');
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .shop),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = ${capnpString(`127.0.0.1:${opts.port}`)}, http = (), service = "main")],
);
const shop :Workerd.Worker = (
  modules = [(name = "index.js", esModule = embed ${capnpString(path.relative(opts.configDir, opts.scriptPath))})],
  compatibilityDate = ${capnpString(date)},
  compatibilityFlags = [${flags.map(capnpString).join(', ')}],
  bindings = [${bindings}],
  globalOutbound = "internet",
);
`;
  // The bindings (secrets among them) are in the config: only this user may read it (0600, its folder 0700).
  const file = path.join(opts.configDir, 'workerd.capnp');
  writePrivateFile(file, config);
  const inspect = opts.inspector ? [`--inspector-addr=${opts.inspector}`] : [];
  const proc = spawnProc('workerd', WORKERD, ['serve', file, '--experimental', ...inspect], opts.logFile ? { logFile: opts.logFile } : {});
  await waitForHttp(`http://127.0.0.1:${opts.port}/api/health`, { proc, timeoutMs: 30_000 });
  return proc;
}
