/**
 * The catalogue's pages as a shopper and an owner see them in the one Worker (docs/decisions/0024):
 * Astro renders a product, category, deals or sitemap page on its first view and keeps it in the
 * page cache, so the views after it read nothing from the database (counted by a relay in front
 * of sqld); and an admin's write purges what it touched, so the next view of the product's page and
 * of its category's page shows the change at once.
 * This file runs its own sqld (a copy of the run's database): it renames a product.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { editable } from '../fixtures/products.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { scratchDir, startSiteSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

const ORIGIN = 'https://shop.test';
const ADMIN = { email: 'page-cache@example.com', password: 'a long enough password' };
/** Views of each page after its first: none may reach the database. */
const REPEAT_VIEWS = 5;

const scratch = scratchDir('page-cache');
let stopSqld: () => Promise<void> = async () => {};
let relay: CountingRelay;
let mf: Miniflare;
let cookie = '';

/** An HTTP relay to sqld that counts the requests it passes on: every database read is one or more. */
interface CountingRelay {
  url: string;
  /** Requests passed on so far, with the path of each (sqld's Hrana pipeline, mostly). */
  requests: string[];
  close: () => Promise<void>;
}

async function startCountingRelay(target: string): Promise<CountingRelay> {
  const to = new URL(target);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const site = await siteTemplate();
  const sqld = await startSiteSqld(scratch.dir, site);
  stopSqld = () => sqld.proc.stop();
  await addAdmin(sqld.url, ADMIN);
  relay = await startCountingRelay(sqld.url);
  mf = startWorkerd({ config: workerConfig(site.distDir), bindings: { LIBSQL_URL: relay.url, SITE_URL: ORIGIN } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.40');
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await relay?.close();
  await stopSqld();
  scratch.remove();
});

interface View {
  status: number;
  cache: string | null;
  text: string;
}

async function view(path: string): Promise<View> {
  const res = await mf.dispatchFetch(`${ORIGIN}${path}`);
  return { status: res.status, cache: res.headers.get('x-astro-cache'), text: await res.text() };
}

describe('a catalogue page in steady state', () => {
  it.each(['/product/1', '/categories/flower', '/deals', '/sitemap.xml'])(
    '%s: the first view reads the database, the next views read nothing',
    async (path) => {
      const before = relay.requests.length;
      const first = await view(path);
      expect(first.status).toBe(200);
      expect(first.cache).toBe('MISS');
      const afterFirst = relay.requests.length;
      expect(afterFirst, 'the first view read the database').toBeGreaterThan(before);

      const repeats: View[] = [];
      for (let i = 0; i < REPEAT_VIEWS; i++) repeats.push(await view(path));
      expect(repeats.map((r) => [r.status, r.cache])).toEqual(repeats.map(() => [200, 'HIT']));
      expect(
        repeats.every((r) => r.text === first.text),
        'the cached page is the page first rendered',
      ).toBe(true);
      expect(relay.requests.slice(afterFirst), `database requests over ${REPEAT_VIEWS} more views of ${path}`).toEqual([]);
    },
  );
});

describe("an admin's write", () => {
  it("shows at once on the next view of the product's page and of its category's page", async () => {
    const category = '/categories/edible';
    const listed = await view(category);
    expect(listed.status).toBe(200);
    // A product the category page shows, so its new name must show there too.
    const id = Number(/href="\/product\/(\d+)"/.exec(listed.text)?.[1]);
    expect(id, 'the category page links a product').toBeGreaterThan(0);
    const productPage = `/product/${id}`;
    const shown = await view(productPage);
    const { name } = (await (await mf.dispatchFetch(`${ORIGIN}/api/products/${id}`)).json()) as ApiProduct;
    expect(shown.text).toContain(name);
    // Both pages are in the cache now.
    expect((await view(productPage)).cache).toBe('HIT');
    expect((await view(category)).cache).toBe('HIT');

    const all = (await (await mf.dispatchFetch(`${ORIGIN}/api/admin/products`, { headers: { cookie } })).json()) as AdminProduct[];
    const product = all.find((p) => p.id === id);
    if (!product) throw new Error(`product ${id} is not in the admin's list`);
    const renamed = `${product.name} Reserve ${Date.now().toString(36)}`;
    const patched = await mf.dispatchFetch(`${ORIGIN}/api/admin/products/${id}`, {
      method: 'PATCH',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ ...editable(product), name: renamed }),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);

    const [afterProduct, afterCategory] = [await view(productPage), await view(category)];
    expect(afterProduct.status).toBe(200);
    expect(afterProduct.text, "the product's page shows its new name").toContain(renamed);
    expect(afterCategory.status).toBe(200);
    expect(afterCategory.text, "the category's page shows its new name").toContain(renamed);
    // And they are kept again: the next view is from the cache, with the change.
    const again = await view(productPage);
    expect([again.cache, again.text.includes(renamed)]).toEqual(['HIT', true]);
  });
});
