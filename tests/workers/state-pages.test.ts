/**
 * The state landing pages in the one Worker (D38, docs/decisions/0024): each says what its state
 * allows today, from the states' rows: Virginia (closed) is information with no way to order, DC
 * (registered patients only) says so and how to register, Maryland names its cannabis tax. They are
 * rendered on request and kept in the page cache under the `states` tag, and an owner's change to
 * a state's rules purges them, so the next view says what the state now allows.
 * This file runs its own sqld (a copy of the run's database): it opens Virginia.
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd, workerConfig } from '../../scripts/lib/workerd.ts';
import { longDate, PATIENTS_NEED } from '../../src/features/delivery/states.ts';
import { toNyWallTime } from '../../src/lib/ny-time.ts';
import { siteTemplate } from '../helpers/run-stack.ts';
import { scratchDir, startSiteSqld } from '../helpers/stack.ts';
import { addAdmin, signInTo } from '../helpers/worker.ts';

const ORIGIN = 'https://shop.test';
const ADMIN = { email: 'state-pages@example.com', password: 'a long enough password' };
const VA = '/virginia-cannabis-dispensary';
const DC = '/dc-cannabis-dispensary';
const MD = '/maryland-cannabis-dispensary';

const scratch = scratchDir('state-pages');
let stopSqld: () => Promise<void> = async () => {};
let mf: Miniflare;
let cookie = '';

beforeAll(async () => {
  const site = await siteTemplate();
  const sqld = await startSiteSqld(scratch.dir, site);
  stopSqld = () => sqld.proc.stop();
  await addAdmin(sqld.url, ADMIN);
  mf = startWorkerd({ config: workerConfig(site.distDir), bindings: { LIBSQL_URL: sqld.url, SITE_URL: ORIGIN } });
  await mf.ready;
  cookie = await signInTo(mf, ORIGIN, ADMIN, '198.51.100.41');
}, 120_000);

afterAll(async () => {
  await mf?.dispose();
  await stopSqld();
  scratch.remove();
});

/** The text of the page's own content (its <main>, not the shop's header and footer): tags dropped, entities decoded. */
const text = (html: string) =>
  (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function view(path: string) {
  const res = await mf.dispatchFetch(`${ORIGIN}${path}`);
  const html = await res.text();
  return { status: res.status, cache: res.headers.get('x-astro-cache'), headers: res.headers, html, text: text(html) };
}

const ORDER_LINK = /<a href="\/checkout"/;

describe('each state page says what its state allows today', () => {
  it("Virginia: we can't deliver there yet, what the law says, and no way to order", async () => {
    const va = await view(VA);
    expect(va.status).toBe(200);
    expect(va.text).toContain("We can't deliver to Virginia yet");
    expect(va.text).toContain('No opening date is set yet.');
    expect(va.text).toContain('What the law says');
    expect(va.text).toContain('the 2026 retail market bill (identical to SB 542) allows none before 1 January 2027');
    expect(va.text).toContain('Where we will deliver once sales open');
    expect(va.html).not.toMatch(ORDER_LINK);
    expect(va.text).not.toMatch(/Order (Delivery )?Now|same[- ]day|Ready to order/i);
    // The other states, each with its line, so the visitor knows where we do deliver.
    expect(va.text).toContain('Where we deliver now');
    expect(va.html).toContain('href="/maryland-cannabis-dispensary"');
    expect(va.text).toContain('DC: for registered medical patients.');
    // Its structured data claims no area served there.
    expect(va.html).not.toContain('"areaServed"');
    // Kept in the page cache, with the security headers of every page.
    expect(va.headers.get('content-security-policy')).toBeTruthy();
    expect((await view(VA)).cache).toBe('HIT');
  });

  it('DC: for registered medical patients, how to register, and what to bring', async () => {
    const dc = await view(DC);
    expect(dc.status).toBe(200);
    expect(dc.text).toContain('DC: for registered medical patients');
    expect(dc.text).toContain('How to register in DC');
    expect(dc.text).toContain('self-certify');
    expect(dc.text).toContain("Medical Cannabis Program of the District's Alcoholic Beverage and Cannabis Administration (ABCA)");
    expect(dc.text).toContain('Caregivers register with the same program');
    expect(dc.text).toContain(PATIENTS_NEED);
    expect(dc.text).toContain('For registered medical patients and caregivers');
    expect(dc.html).toMatch(ORDER_LINK);
  });

  it('Maryland: a sales page that names its 12% cannabis tax', async () => {
    const md = await view(MD);
    expect(md.status).toBe(200);
    expect(md.text).toContain('Maryland Cannabis Delivery');
    expect(md.text).toContain('The 12% Maryland cannabis sales and use tax is added to the goods at checkout.');
    expect(md.text).toContain('For adults 21+ with valid ID.');
    expect(md.html).toMatch(ORDER_LINK);
    expect(md.text).toContain("We can't deliver to Virginia yet.");
  });

  it('answers only the three state pages: another name is no page', async () => {
    expect((await view('/ohio-cannabis-dispensary')).status).toBe(404);
  });
});

describe("an owner's change to a state's rules", () => {
  it('shows on the next view of the state pages: Virginia open to adults becomes a sales page', async () => {
    // Both pages are in the cache with Virginia closed.
    expect((await view(VA)).text).toContain("We can't deliver to Virginia yet");
    expect((await view(MD)).cache).toBe('HIT');

    const patched = await mf.dispatchFetch(`${ORIGIN}/api/admin/states/VA`, {
      method: 'PATCH',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ sales: 'adult' }),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);

    const va = await view(VA);
    expect(va.status).toBe(200);
    expect(va.cache).not.toBe('HIT');
    expect(va.text).toContain('Virginia Cannabis Delivery');
    expect(va.text).not.toContain("We can't deliver to Virginia yet");
    expect(va.html).toMatch(/<a href="\/checkout"[^>]*>Order Delivery Now<\/a>/);
    expect(va.text).toContain('Same-Day Delivery');
    expect(va.html).toContain('"areaServed"');
    // Every state page was purged: Maryland's line about Virginia changed too.
    const md = await view(MD);
    expect(md.text).not.toContain("We can't deliver to Virginia yet");
    expect(md.text).toContain('Virginia Delivery to adults 21+ with valid ID.');
    // And kept again.
    expect((await view(VA)).cache).toBe('HIT');
  });

  it('with an opening date ahead, the state pages name it (each kept no later than that date: landing.test.ts)', async () => {
    const now = Date.now();
    const tomorrow = toNyWallTime(now + 36 * 3600_000).slice(0, 10);
    const patched = await mf.dispatchFetch(`${ORIGIN}/api/admin/states/VA`, {
      method: 'PATCH',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ sales: 'adult', opensOn: tomorrow }),
    });
    expect(patched.status, await patched.clone().text()).toBe(200);

    const va = await view(VA);
    expect(va.text).toContain("We can't deliver to Virginia yet");
    expect(va.text).toContain(`Sales open on ${longDate(tomorrow)}.`);
    expect(va.html).not.toMatch(ORDER_LINK);
    // The other state pages say it too, in their line about Virginia.
    expect((await view(MD)).text).toContain(`We can't deliver to Virginia yet. Sales open on ${longDate(tomorrow)}.`);
  });
});
