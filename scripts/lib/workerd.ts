/**
 * The shop's one Worker (functions/worker.ts, bundled by `astro build` into `<out>/server`) run in
 * workerd through Miniflare with the Worker's real config: the `<out>/server/wrangler.json` the
 * Cloudflare adapter writes from wrangler.toml, read by wrangler itself
 * (unstable_getMiniflareWorkerOptions), so the static assets and their run_worker_first routes,
 * the R2 bucket, the Cron Trigger, the vars and the compatibility settings are production's. No
 * `wrangler dev` in front: what the workers tests drive and what the bench loads (docs/decisions/0009).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Log, LogLevel, Miniflare, type MiniflareOptions, type ModuleDefinition } from 'miniflare';
import { parse as parseToml } from 'smol-toml';
import * as v from 'valibot';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { ROOT } from './stack.ts';

const WranglerToml = v.looseObject({
  compatibility_date: v.string(),
  compatibility_flags: v.optional(v.array(v.string()), []),
  vars: v.optional(v.record(v.string(), v.string()), {}),
  triggers: v.optional(v.looseObject({ crons: v.optional(v.array(v.string()), []) }), {}),
});
type WranglerToml = v.InferOutput<typeof WranglerToml>;

/**
 * A wrangler config file's fields the local runs follow: the shop's wrangler.toml by default, or a
 * JSON one (the `<out>/server/wrangler.json` a build writes).
 */
export function readWranglerToml(file = path.join(ROOT, 'wrangler.toml')): WranglerToml {
  const text = readFileSync(file, 'utf8');
  const read = v.safeParse(WranglerToml, file.endsWith('.json') ? JSON.parse(text) : parseToml(text));
  if (!read.success) throw new Error(`${file}: ${v.summarize(read.issues)}`);
  return read.output;
}

/** wrangler.toml's compatibility settings, so the local runtime matches production's. */
export function compatibility(): { date: string; flags: string[] } {
  const config = readWranglerToml();
  return { date: config.compatibility_date, flags: config.compatibility_flags };
}

/** The Worker's config in a build made by `astro build` into `outDir` (buildSite): what `wrangler deploy` reads. */
export const workerConfig = (outDir: string) => path.join(outDir, 'server', 'wrangler.json');

/** The built site's static files, which the Worker's ASSETS binding serves. */
export const clientDir = (outDir: string) => path.join(outDir, 'client');

export interface WorkerdOptions {
  /** The Worker's wrangler config: a build's `<out>/server/wrangler.json` (workerConfig), or a dry run's. */
  config: string;
  /**
   * Text bindings added to the config's vars (and over them): LIBSQL_URL, SITE_URL, the secrets
   * production sets with `wrangler secret put`.
   */
  bindings?: Record<string, string>;
  /** Listen on 127.0.0.1:port too (the bench, a browser); without it, only dispatchFetch reaches it. */
  port?: number;
  /** Keep R2 (and the rest of Miniflare's storage) in this folder across starts; in memory without it. */
  persistTo?: string;
  /** Miniflare's own log level (the Worker's console output is printed either way); warnings by default. */
  logLevel?: LogLevel;
}

/**
 * Every JavaScript module beside the config's main module, as `wrangler deploy` uploads a
 * no_bundle Worker (Astro's entry and its chunks, which it imports, some on demand), main first.
 */
function modulesOf(main: string, root: string): ModuleDefinition[] {
  const others = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => file !== main)
    .sort();
  return [main, ...others].map((file) => ({ type: 'ESModule', path: file }));
}

/** Miniflare's options for the Worker of a wrangler config, as wrangler itself reads the config. */
export function workerdOptions(opts: WorkerdOptions): MiniflareOptions {
  const config = path.resolve(opts.config);
  const { workerOptions, main, externalWorkers } = unstable_getMiniflareWorkerOptions(config);
  if (!main) throw new Error(`${config} names no main module`);
  const root = path.dirname(main);
  const { modulesRules: _rules, rootPath: _rootPath, ...options } = workerOptions;
  const worker = {
    ...options,
    name: 'shop',
    modules: modulesOf(main, root),
    modulesRoot: root,
    bindings: { ...(options.bindings ?? {}), ...opts.bindings },
  };
  const shared = {
    ...(opts.persistTo ? { defaultPersistRoot: opts.persistTo } : {}),
    ...(opts.port ? { host: '127.0.0.1', port: opts.port } : {}),
    // `/cdn-cgi/handler/scheduled` fires the Cron Trigger over HTTP, as `wrangler dev --test-scheduled` does.
    unsafeTriggerHandlers: true,
    // A placeholder Request.cf: Miniflare would otherwise fetch one from Cloudflare on start.
    cf: false,
    log: new Log(opts.logLevel ?? LogLevel.WARN),
  };
  return (externalWorkers.length ? { ...shared, workers: [worker, ...externalWorkers] } : { ...shared, ...worker }) as MiniflareOptions;
}

/**
 * The Worker in workerd with production's config and the bindings given; await `.ready` (it
 * resolves with the URL it listens on) before the first request, `.dispose()` to end it.
 * `runScheduledOnce(mf)` fires its Cron Trigger.
 */
export function startWorkerd(opts: WorkerdOptions): Miniflare {
  return new Miniflare(workerdOptions(opts));
}

/** Fires the Worker's Cron Trigger once, as Cloudflare would at `scheduledTime` (now by default). */
export async function runScheduledOnce(mf: Miniflare, opts: { cron?: string | undefined; scheduledTime?: Date | undefined } = {}) {
  const worker = await mf.getWorker();
  return worker.scheduled({
    cron: opts.cron ?? readWranglerToml().triggers.crons[0] ?? '*/5 * * * *',
    ...(opts.scheduledTime ? { scheduledTime: opts.scheduledTime } : {}),
  });
}
