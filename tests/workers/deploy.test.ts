/**
 * The deploy, proven without uploading: `npm run deploy` is `astro build && wrangler pages deploy
 * dist`, and `pages deploy` bundles functions/ with wrangler's buildFunctions (default ASSETS
 * fallback, no minifying, source maps only if wrangler.toml asks, the compatibility settings of
 * wrangler.toml) and uploads the result as `_worker.bundle`. `wrangler pages functions build
 * --outfile` writes that same upload file when given the same settings, so this test builds it,
 * weighs it against Cloudflare's size limit the way wrangler weighs an upload, and starts its
 * modules in workerd with production's settings: no `pages dev`, only wrangler.toml's vars and
 * bindings plus the database URL production sets as a secret.
 * The site is the run's build (stack-service.ts), the one `astro build` of `npm run deploy` makes:
 * its dist/_routes.json decides which requests Pages sends the bundle.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Miniflare, type ModuleDefinition } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, ROOT, runToEnd } from '../../scripts/lib/stack.ts';
import { compatibility, readWranglerToml } from '../../scripts/lib/workerd.ts';
import { siteTemplate, workersDbUrl } from '../helpers/run-stack.ts';
import { scratchDir } from '../helpers/stack.ts';

/**
 * Cloudflare's Worker size limit on the Workers Free plan: 3 MB after compression
 * (https://developers.cloudflare.com/workers/platform/limits/#worker-size; Pages Functions count
 * as Workers). Read as 3,000,000 bytes, the stricter reading of "MB".
 */
const WORKERS_FREE_COMPRESSED_LIMIT = 3_000_000;

/** Miniflare's module type for each part type of an upload (wrangler's createWorkerUploadForm). */
const MODULE_TYPES: Record<string, ModuleDefinition['type']> = {
  'application/javascript+module': 'ESModule',
  'application/javascript': 'CommonJS',
  'application/wasm': 'CompiledWasm',
  'text/plain': 'Text',
  'application/octet-stream': 'Data',
};

const scratch = scratchDir('deploy');
/** The upload's modules, written out for workerd. */
const modulesDir = path.join(scratch.dir, 'modules');
let distDir: string;
let upload: FormData;
let mf: Miniflare | undefined;

/** The modules of the upload (source maps aside), as wrangler's bundle size report counts them. */
function uploadedModules(): File[] {
  return [...upload.values()].filter((part): part is File => part instanceof File && part.type !== 'application/source-map');
}

beforeAll(async () => {
  distDir = (await siteTemplate()).distDir;
  const outfile = path.join(scratch.dir, '_worker.bundle');
  const { date, flags } = compatibility();
  // Run from the repository root like `npm run deploy`, so wrangler reads wrangler.toml as deploy does.
  await runToEnd(
    'wrangler pages functions build',
    bin('wrangler'),
    [
      'pages',
      'functions',
      'build',
      'functions',
      '--outfile',
      outfile,
      '--build-output-directory',
      distDir,
      '--compatibility-date',
      date,
      ...flags.flatMap((flag) => ['--compatibility-flags', flag]),
    ],
    { env: { WRANGLER_SEND_METRICS: 'false' }, logFile: path.join(scratch.dir, 'build.log') },
  );
  const bytes = readFileSync(outfile);
  // The upload is multipart form data; its first line is `--{boundary}`.
  const boundary = bytes.subarray(2, bytes.indexOf(10)).toString().trim();
  upload = await new Response(bytes, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
  for (const m of uploadedModules()) {
    const file = path.join(modulesDir, m.name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(await m.arrayBuffer()));
  }
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  scratch.remove();
});

describe('the deploy bundle (npm run deploy)', () => {
  it("is the site's functions: the build has no _worker.js to replace them, and its _routes.json sends /api/* to them", () => {
    expect(existsSync(path.join(distDir, '_worker.js'))).toBe(false);
    const routes = JSON.parse(readFileSync(path.join(distDir, '_routes.json'), 'utf8')) as { include: string[]; exclude: string[] };
    expect(routes.include).toContain('/api/*');
    expect(routes.exclude.some((rule) => '/api/health'.startsWith(rule.replace(/\*$/, '')))).toBe(false);
  });

  it("fits Cloudflare's Workers Free size limit once compressed", () => {
    const modules = uploadedModules();
    expect(modules.length).toBeGreaterThan(0);
    const raw = Buffer.concat(modules.map((m) => readFileSync(path.join(modulesDir, m.name))));
    const gzipped = gzipSync(raw).byteLength;
    const report = `deploy bundle: ${modules.length} module(s), ${raw.byteLength} bytes, ${gzipped} gzipped (limit ${WORKERS_FREE_COMPRESSED_LIMIT})`;
    console.log(report);
    // Kept past the run (.tmp/ is ignored by git), beside the other logs a CI run leaves.
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    writeFileSync(path.join(ROOT, '.tmp', 'deploy-bundle-size.txt'), `${report}\n`);
    expect(gzipped).toBeLessThanOrEqual(WORKERS_FREE_COMPRESSED_LIMIT);
  });

  it('answers /api/health with 200 in workerd with production settings and a real sqld', async () => {
    const metadata = JSON.parse(String(upload.get('metadata'))) as { main_module: string };
    const modules = uploadedModules();
    const main = modules.find((m) => m.name === metadata.main_module);
    if (!main) throw new Error(`The upload has no main module ${metadata.main_module}`);
    const definitions: ModuleDefinition[] = [main, ...modules.filter((m) => m !== main)].map((m) => {
      const type = MODULE_TYPES[m.type.split(';')[0] ?? ''];
      if (!type) throw new Error(`Unknown module type ${m.type} of ${m.name}`);
      return { type, path: path.join(modulesDir, m.name) };
    });
    const { date, flags } = compatibility();
    mf = new Miniflare({
      modules: definitions,
      modulesRoot: modulesDir,
      compatibilityDate: date,
      compatibilityFlags: flags,
      // wrangler.toml's vars, and LIBSQL_URL where production sets its libSQL URL.
      bindings: { ...readWranglerToml().vars, LIBSQL_URL: await workersDbUrl() },
      r2Buckets: ['IMAGES'],
    });
    const res = await mf.dispatchFetch('http://127.0.0.1/api/health');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});
