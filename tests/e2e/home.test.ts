import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicState } from '../../src/features/delivery/states.ts';
import { STATUS_UNKNOWN, statusLine } from '../../src/features/landing/state-status.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { toNyWallTime } from '../../src/lib/ny-time.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the shop as npm start serves it', () => {
  it('home shows the six categories and 4 featured products, and a product page opens', async () => {
    const { page, errors } = await openPage(browser);
    const res = await page.goto(baseUrl);
    expect(res?.status()).toBe(200);

    const categories = page.getByRole('region', { name: 'Shop by Category' }).getByRole('link');
    await expect
      .poll(() => categories.allTextContents())
      .toEqual(['Flower', 'Edible', 'Pre-roll', 'Vaporizer', 'Concentrate', 'Accessories']);

    const featured = page.getByRole('region', { name: 'Featured Products' }).getByRole('article');
    expect(await featured.count()).toBe(4);

    const firstName = (await featured.first().getByRole('heading').textContent())?.trim() ?? '';
    await featured.first().getByRole('link', { name: firstName }).click();
    await page.waitForURL(/\/product\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(firstName);
    await expect.poll(() => page.getByText('In Stock', { exact: true }).count()).toBe(1);

    // Every image on the visited pages loaded (a broken seed image would fail here).
    const broken = await page.$$eval('img', (imgs) =>
      imgs.filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.getAttribute('src')),
    );
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('"Where We Deliver" links each state’s page with what the state allows today, read from the API (D38)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    const section = page.getByRole('region', { name: 'Where We Deliver' });
    // The section's first list is the states'; its contact details follow.
    const stateList = section.getByRole('list').first();
    expect(await stateList.getByRole('link').allTextContents()).toEqual(SITE.states.map((s) => s.name));
    await hydrated(page, 'StateStatusLine');

    // What the API says now (another journey on this stack may have changed a state's rules).
    const states = (await (await fetch(`${baseUrl}/api/states`)).json()) as PublicState[];
    const today = toNyWallTime(Date.now()).slice(0, 10);
    const items = stateList.getByRole('listitem');
    for (const s of SITE.states) {
      const state = states.find((x) => x.code === s.code);
      if (!state) throw new Error(`GET /api/states has no ${s.code}`);
      const item = items.filter({ has: page.getByRole('link', { name: s.name, exact: true }) });
      expect(await item.getByRole('link').getAttribute('href')).toBe(s.landing);
      await item.getByText(statusLine(state, today), { exact: true }).waitFor({ state: 'visible' });
    }
    // As the shop is seeded: Maryland for adults, DC for registered patients, nothing in Virginia yet.
    const lines = await items.allTextContents();
    expect(lines.some((l) => l.includes('DC: for registered medical patients.'))).toBe(
      states.find((s) => s.code === 'DC')?.sales === 'patients',
    );
    expect(lines.some((l) => l.includes("We can't deliver to Virginia yet."))).toBe(
      states.find((s) => s.code === 'VA')?.sales === 'closed',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('without scripts, "Where We Deliver" still links the three state pages and claims nothing about them', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl);
      const section = page.getByRole('region', { name: 'Where We Deliver' });
      const stateList = section.getByRole('list').first();
      expect(await stateList.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        SITE.states.map((s) => s.landing),
      );
      const text = (await section.textContent()) ?? '';
      expect(text).toContain(STATUS_UNKNOWN);
      expect(text).not.toMatch(/registered medical patients|adults 21\+|can't deliver/);
      // Nor do the page's head, hero and benefits claim delivery in Virginia or to any adult in DC.
      const said = [
        await page.title(),
        await page.locator('meta[name="description"]').getAttribute('content'),
        await page.getByRole('region', { name: 'Premium cannabis, delivered same day' }).textContent(),
        await page.getByRole('region', { name: `Why ${SITE.name}` }).textContent(),
      ];
      for (const words of said) expect(words).not.toMatch(/Virginia|\bVA\b|DC, Maryland|adults 21\+ in DC/);
      expect(said[1]).toContain('Washington DC (registered medical patients)');
    } finally {
      await context.close();
    }
  });

  it('answers unknown paths and /not-found with status 404 and the not-found page', async () => {
    const { page, errors } = await openPage(browser);
    for (const path of ['/definitely-not-a-page', '/not-found']) {
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
      expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
    }
    // The 404 document itself is the only error the console reports.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('serves the API beside the pages', async () => {
    const list = await fetch(`${baseUrl}/api/products`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThanOrEqual(80);
    const missing = await fetch(`${baseUrl}/api/products/999999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    const bad = await fetch(`${baseUrl}/api/products/abc`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('invalid_input');
  });
});
