/**
 * D40: the product page says the lab results of the batch a shopper gets next in its HTML, drawn by
 * the server outside any island, so they read without JavaScript: THC, CBD, the date tested, the lab
 * and a link to the certificate of analysis; a product whose next batch has none says so and shows
 * no figure. The page is kept in the page cache under its product's tag, which a package write purges.
 * This file runs its own sqld (a copy of the run's database): it receives packages.
 */
import { eq, sql } from 'drizzle-orm';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import { categories, packages, products, stockMovements } from '../../src/db/schema.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { productTag, tagsForWrite } from '../../src/features/catalog/page-tags.ts';
import { editable } from '../fixtures/products.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { scratchDir, startSiteSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

const ORIGIN = 'https://shop.test';
const ADMIN = { email: 'lab-results@example.com', password: 'a long enough password' };

const scratch = scratchDir('lab-results');
let stopSqld: () => Promise<void> = async () => {};
let mf: Miniflare;
/** A flower whose next package has lab results and a certificate, and the id of that package. */
let tested = { productId: 0, packageId: 0 };
/** A flower whose next package has none (a later one has), and that package. */
let untested = 0;
let untestedPackage: number | undefined;
let sqldUrl = '';
let cookie = '';

/** Finishes the product's packages, then receives the given ones: their ids. */
async function shelve(
  db: ReturnType<typeof createNodeDb>['db'],
  productId: number,
  list: { receivedOn: string; grams: number; lab?: Partial<typeof packages.$inferInsert> }[],
): Promise<number[]> {
  await db.run(sql`update ${packages} set quantity_milli = 0, status = 'finished' where product_id = ${productId}`);
  const ids: number[] = [];
  for (const p of list) {
    const [row] = await db
      .insert(packages)
      .values({ productId, unit: 'g', receivedOn: p.receivedOn, receivedMilli: p.grams * 1000, ...p.lab })
      .returning({ id: packages.id });
    const id = row?.id ?? 0;
    // The ledger's trigger wants a package on every row, and moves its quantity.
    if (p.grams > 0) {
      await db
        .insert(stockMovements)
        .values({ productId, packageId: id, deltaMilli: p.grams * 1000, reason: 'received', actor: 'test', note: 'Received' });
    }
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  const site = await siteTemplate();
  const sqld = await startSiteSqld(scratch.dir, site);
  stopSqld = () => sqld.proc.stop();
  const { db, close } = createNodeDb({ LIBSQL_URL: sqld.url });
  try {
    const flowers = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${categories.kind} = 'Flower' and ${products.status} = 'active'`)
      .orderBy(products.id)
      .limit(2);
    const [a, b] = flowers.map((f) => f.id);
    if (!a || !b) throw new Error('the seed has fewer than two flowers');
    const [, next] = await shelve(db, a, [
      { receivedOn: '2026-01-02', grams: 0, lab: { thcPercent: 31, lab: 'Empty Lab' } },
      {
        receivedOn: '2026-02-01',
        grams: 5,
        lab: { thcPercent: 24.1, cbdPercent: 0.1, testedOn: '2026-01-20', lab: 'Acme Labs', coaKey: 'coa/acme.pdf' },
      },
      { receivedOn: '2026-03-01', grams: 5, lab: { thcPercent: 19.5, lab: 'Later Lab' } },
    ]);
    tested = { productId: a, packageId: next ?? 0 };
    [untestedPackage] = await shelve(db, b, [
      { receivedOn: '2026-02-01', grams: 5 },
      { receivedOn: '2026-03-01', grams: 5, lab: { thcPercent: 18, lab: 'Later Lab' } },
    ]);
    untested = b;
  } finally {
    close();
  }
  sqldUrl = sqld.url;
  await addAdmin(sqld.url, ADMIN);
  mf = startWorkerd({ config: workerConfig(site.distDir), bindings: { LIBSQL_URL: sqld.url, SITE_URL: ORIGIN } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.42');
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await stopSqld();
  scratch.remove();
});

/** The page's HTML without its islands: what the server drew outside them. */
const withoutIslands = (html: string) => html.replace(/<astro-island\b[\s\S]*?<\/astro-island>/g, ' ');
/** Text of `html`: tags dropped, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The Lab results section of a page, drawn outside the islands. */
function labSection(html: string): string {
  return /<section\b[^>]*aria-labelledby="lab-results-heading"[\s\S]*?<\/section>/.exec(withoutIslands(html))?.[0] ?? '';
}

describe('the product page shows the lab results of the batch sold next (D40)', () => {
  it('draws THC, CBD, the date tested, the lab and the certificate into the HTML, outside any island', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/product/${tested.productId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = labSection(html);
    expect(section, 'a Lab results section outside the islands').not.toBe('');
    expect(section).toMatch(/<h2\b[^>]*id="lab-results-heading"[^>]*>Lab results<\/h2>/);
    expect(section).toContain('<dl');
    const said = text(section);
    expect(said).toContain('THC 24.1%');
    expect(said).toContain('CBD 0.1%');
    expect(said).toContain('Tested on January 20, 2026');
    expect(said).toContain('Lab Acme Labs');
    // Not the empty package's results, nor the later one's.
    expect(said).not.toMatch(/Empty Lab|Later Lab|31%|19\.5%/);
    const link = /<a\b[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/.exec(section);
    expect([link?.[1], link?.[2]]).toEqual([`/api/packages/${tested.packageId}/coa`, 'Certificate of analysis (PDF)']);
    // Where the certificate is stored is never in the page.
    expect(html).not.toContain('coa/acme.pdf');
  });

  it('says the lab results are not available yet, with no figure, when the next batch has none', async () => {
    const res = await mf.dispatchFetch(`${ORIGIN}/product/${untested}`);
    expect(res.status).toBe(200);
    const said = text(labSection(await res.text()));
    expect(said).toContain('Lab results');
    expect(said).toContain('Lab results for this product are not available yet.');
    expect(said).not.toMatch(/\d%|Later Lab|Certificate of analysis/);
  });

  it("is kept in the page cache, and a write that purges its product's tag shows new lab results at once", async () => {
    const page = `${ORIGIN}/product/${untested}`;
    const view = async () => {
      const res = await mf.dispatchFetch(page);
      const html = await res.text();
      return { cache: res.headers.get('x-astro-cache'), said: text(labSection(html)) };
    };
    await view();
    // The package's lab results come in without a purge: the kept page still says what it said.
    const { db, close } = createNodeDb({ LIBSQL_URL: sqldUrl });
    try {
      await db
        .update(packages)
        .set({ thcPercent: 22.7, cbdPercent: 0.2, testedOn: '2026-02-10', lab: 'Bay Labs', coaKey: 'coa/bay.pdf' })
        .where(eq(packages.id, untestedPackage ?? 0));
    } finally {
      close();
    }
    const kept = await view();
    expect(kept.cache).toBe('HIT');
    expect(kept.said).toContain('not available yet');

    // A write that purges productTag(id) (a product's own admin writes do, and so must a package's).
    expect(tagsForWrite(`/admin/products/${untested}`)).toContain(productTag(untested));
    const all = (await (await mf.dispatchFetch(`${ORIGIN}/api/admin/products`, { headers: { cookie } })).json()) as AdminProduct[];
    const product = all.find((p) => p.id === untested);
    if (!product) throw new Error(`product ${untested} is not in the admin's list`);
    expect(product.labResults).toMatchObject({ packageId: untestedPackage, lab: 'Bay Labs' });
    const patched = await mf.dispatchFetch(`${ORIGIN}/api/admin/products/${untested}`, {
      method: 'PATCH',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(editable(product)),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);

    const fresh = await view();
    expect(fresh.cache).not.toBe('HIT');
    expect(fresh.said).toContain('THC 22.7%');
    expect(fresh.said).toContain('Tested on February 10, 2026');
    expect(fresh.said).toContain('Lab Bay Labs');
    expect(fresh.said).toContain('Certificate of analysis (PDF)');
  });
});
