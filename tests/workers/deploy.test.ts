/**
 * The deploy, proven without uploading: `npm run deploy` builds with Astro, whose Cloudflare adapter
 * bundles the one Worker into `<out>/server` with its wrangler.json, and uploads it with `wrangler
 * deploy`. `wrangler deploy --dry-run --outdir` writes the modules it would upload, offline, so this
 * test builds the site as `npm run deploy` does (PAGE_CACHE=cloudflare: Cloudflare's page cache),
 * makes the upload from it, weighs it against Cloudflare's size limit, and starts it in workerd
 * with production's settings: the built config's vars, R2 bucket, static assets and compatibility
 * settings, plus the database URL production sets as a secret (a real sqld).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, buildSite, ROOT, runToEnd } from '../../scripts/lib/stack.ts';
import { clientDir, readWranglerToml, startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { workersDbUrl } from '../helpers/run-stack.ts';
import { scratchDir } from '../helpers/stack.ts';

/**
 * Cloudflare's Worker size limit on the Workers Free plan: 3 MB after compression
 * (https://developers.cloudflare.com/workers/platform/limits/#worker-size). Read as 3,000,000
 * bytes, the stricter reading of "MB".
 */
const WORKERS_FREE_COMPRESSED_LIMIT = 3_000_000;

const scratch = scratchDir('deploy');
/** What `wrangler deploy --dry-run --outdir` wrote: the modules it would upload. */
const uploadDir = path.join(scratch.dir, 'upload');
let distDir: string;
let builtConfig: Record<string, unknown>;
let mf: Miniflare | undefined;

/** The uploaded modules (wrangler's README aside), by path inside the upload. */
function uploadedModules(): string[] {
  return readdirSync(uploadDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?js|wasm)$/.test(e.name))
    .map((e) => path.relative(uploadDir, path.join(e.parentPath, e.name)))
    .sort();
}

const ORIGIN = 'https://greenlinedelivery.com';

beforeAll(async () => {
  distDir = path.join(scratch.dir, 'dist');
  await buildSite({
    dbUrl: await workersDbUrl(),
    outDir: distDir,
    siteUrl: ORIGIN,
    pageCache: 'cloudflare',
    logFile: path.join(scratch.dir, 'build.log'),
  });
  builtConfig = JSON.parse(readFileSync(workerConfig(distDir), 'utf8')) as Record<string, unknown>;
  // Offline: no account, no metrics. The dry run stops before anything would be sent.
  await runToEnd(
    'wrangler deploy --dry-run',
    bin('wrangler'),
    ['deploy', '--dry-run', '--outdir', uploadDir, '-c', workerConfig(distDir)],
    {
      env: { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: '' },
      logFile: path.join(scratch.dir, 'deploy.log'),
    },
  );
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  scratch.remove();
});

describe('the deploy upload (npm run deploy)', () => {
  it("is the one Worker with the site's static files, its Cron Trigger and its bindings", () => {
    expect(builtConfig).toMatchObject({
      main: 'entry.mjs',
      assets: { binding: 'ASSETS', directory: '../client' },
      triggers: { crons: readWranglerToml().triggers.crons },
      r2_buckets: [{ binding: 'IMAGES' }],
    });
    expect(uploadedModules()).toContain('entry.mjs');
    const log = readFileSync(path.join(scratch.dir, 'deploy.log'), 'utf8');
    expect(log).toMatch(/Read \d+ files from the assets directory/);
  });

  it("fits Cloudflare's Workers Free size limit once compressed", () => {
    const modules = uploadedModules();
    const raw = Buffer.concat(modules.map((m) => readFileSync(path.join(uploadDir, m))));
    const gzipped = gzipSync(raw).byteLength;
    const report = `deploy bundle (wrangler deploy --dry-run): ${modules.length} module(s), ${raw.byteLength} bytes, ${gzipped} gzipped (Workers Free limit ${WORKERS_FREE_COMPRESSED_LIMIT})`;
    console.log(report);
    // Kept past the run (.tmp/ is ignored by git), beside the other logs a CI run leaves.
    mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    writeFileSync(path.join(ROOT, '.tmp', 'deploy-bundle-size.txt'), `${report}\n`);
    expect(gzipped).toBeLessThanOrEqual(WORKERS_FREE_COMPRESSED_LIMIT);
  });

  it('answers /api/health and a product page with 200 in workerd with production settings and a real sqld', async () => {
    // The built config as production's, pointed at the upload's modules and the build's static files.
    const config = path.join(uploadDir, 'wrangler.json');
    writeFileSync(
      config,
      JSON.stringify({ ...builtConfig, main: 'entry.mjs', assets: { ...(builtConfig.assets as object), directory: clientDir(distDir) } }),
    );
    // The config's vars, and LIBSQL_URL where production sets its libSQL URL (a secret).
    mf = startWorkerd({ config, bindings: { LIBSQL_URL: await workersDbUrl() } });
    await mf.ready;
    const health = await mf.dispatchFetch(`${ORIGIN}/api/health`);
    expect(health.status, await health.clone().text()).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const page = await mf.dispatchFetch(`${ORIGIN}/product/1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(/<link rel="canonical" href="[^"]*\/product\/1">/.test(html), 'the product page, rendered by Astro').toBe(true);
    // Kept by the platform's cache under the page's tags, which the admin's writes purge (decision 0024).
    expect(page.headers.get('cloudflare-cdn-cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(page.headers.get('cache-tag')?.split(',')).toEqual(expect.arrayContaining(['catalogue', 'product-1']));
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const home = await mf.dispatchFetch(`${ORIGIN}/`);
    expect(home.status, 'a static file, from the assets').toBe(200);
    await home.arrayBuffer();
  });
});
