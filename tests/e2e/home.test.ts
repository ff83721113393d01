import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser.ts';
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
