/**
 * `npm start`'s background rebuild (scripts/lib/rebuild.ts): the functions call the local deploy
 * hook after a catalogue change, the site is rebuilt beside the served folder and swapped in, and
 * wrangler pages dev serves the new build without a restart.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Rebuilder, startRebuilder } from '../../scripts/lib/rebuild.ts';
import { freePort, type Proc, startPagesDev } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { products } from '../../src/db/schema.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { copySite, scratchDir, startSiteSqld } from '../helpers/stack.ts';

const scratch = scratchDir('rebuild');
let sqld: Awaited<ReturnType<typeof startSiteSqld>>;
let rebuilder: Rebuilder;
let pages: Proc;
let baseUrl = '';
const dist = path.join(scratch.dir, 'dist');
const logDir = path.join(scratch.dir, 'logs');

beforeAll(async () => {
  // The run's build of the seeded catalogue, and a copy of the database it was built from.
  const site = await siteTemplate();
  sqld = await startSiteSqld(scratch.dir, site);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  copySite(site, dist, baseUrl);
  rebuilder = await startRebuilder({
    dbUrl: sqld.url,
    distDir: dist,
    buildDir: path.join(scratch.dir, 'build-next'),
    siteUrl: baseUrl,
    logDir,
  });
  pages = await startPagesDev({
    dir: dist,
    host: '127.0.0.1',
    port,
    persistTo: path.join(scratch.dir, 'wrangler'),
    bindings: { LIBSQL_URL: sqld.url, SITE_URL: baseUrl, DEPLOY_HOOK_URL: rebuilder.url, DEPLOY_HOOK_MIN_INTERVAL_SECONDS: '5' },
    logFile: path.join(scratch.dir, 'wrangler.log'),
  });
}, 180_000);
afterAll(async () => {
  await pages?.stop();
  await rebuilder?.close();
  await sqld?.proc.stop();
  scratch.remove();
});

async function page(p: string): Promise<{ source: string | null; html: string }> {
  const res = await fetch(`${baseUrl}${p}`);
  return { source: res.headers.get('x-page-source'), html: await res.text() };
}

describe('the background rebuild', () => {
  it('catches the static pages up after a change, and the running server serves them', { timeout: 120_000 }, async () => {
    const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
    try {
      await db.update(products).set({ name: 'Rebuilt Blue Dream' }).where(eq(products.id, 1));
      // Drawn at once; the request calls the local hook, which starts a build.
      const drawn = await page('/product/1');
      expect(drawn.source).toBe('drawn');
      expect(drawn.html).toContain('Rebuilt Blue Dream');
      // A second change while that build may be running: the rebuild ends at the newest catalogue.
      await db.update(products).set({ name: 'Rebuilt Blue Dream Again' }).where(eq(products.id, 1));
      await expect
        .poll(
          async () => {
            const now = await page('/product/1');
            return now.source === 'built' && now.html.includes('>Rebuilt Blue Dream Again</h1>');
          },
          { timeout: 100_000, interval: 500 },
        )
        .toBe(true);
      expect(readFileSync(path.join(dist, 'product', '1.html'), 'utf8')).toContain('Rebuilt Blue Dream Again');
      await rebuilder.idle();
      const log = readFileSync(path.join(logDir, 'rebuild.log'), 'utf8').trim().split('\n');
      expect(log.length).toBeGreaterThanOrEqual(1);
      expect(log.every((line) => / rebuilt in \d+\.\d s at catalogue version \d+$/.test(line))).toBe(true);
      expect(existsSync(path.join(scratch.dir, 'build-next'))).toBe(false);
    } finally {
      close();
    }
  });
});
