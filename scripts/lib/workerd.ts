/**
 * The Pages functions compiled by wrangler and run in workerd through Miniflare, without
 * `wrangler pages dev`'s development proxy: what the workers tests drive and what the bench loads
 * (docs/decisions/0009). Production runs the same bundle on Cloudflare.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { bin, ROOT, runToEnd } from './stack.ts';

/** wrangler.toml's compatibility settings, so the local runtime matches production's. */
function compatibility(): { date: string; flags: string[] } {
  const toml = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8');
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1];
  if (!date) throw new Error('wrangler.toml has no compatibility_date');
  return { date, flags: flags ? [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '') : [] };
}

/** `wrangler pages functions build` into outDir; resolves with the bundle's entry. */
export async function buildFunctions(outDir: string, logFile?: string): Promise<string> {
  await runToEnd(
    'wrangler pages functions build',
    bin('wrangler'),
    ['pages', 'functions', 'build', 'functions', '--outdir', outDir, '--fallback-service', ''],
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
