/**
 * Category pages at scale: the page is built with the first page of products and the
 * island loads the rest from the server on demand, in the same order.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSE_PAGE_SIZE, sortProducts } from '../../src/features/catalog/browse.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
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

describe('category paging', () => {
  let flower: ApiProduct[];
  let expected: string[];
  beforeAll(async () => {
    flower = ((await (await fetch(`${baseUrl}/api/products?category=Flower`)).json()) as ApiProduct[]).filter(
      (p) => p.category === 'Flower',
    );
    expected = sortProducts(flower, 'featured').map((p) => p.name);
  });
  const names = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

  it('ships the first page, then loads more in the same order until every product is listed', async () => {
    expect(flower.length).toBeGreaterThan(BROWSE_PAGE_SIZE);

    const html = await (await fetch(`${baseUrl}/categories/flower`)).text();
    expect(html.match(/<article\b/g)?.length).toBe(BROWSE_PAGE_SIZE);

    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/categories/flower`);
    await hydrated(page, 'CatalogBrowser');
    await expect.poll(() => page.getByText(`Showing ${BROWSE_PAGE_SIZE} of ${flower.length}`).count()).toBe(1);
    expect(await names(page)).toEqual(expected.slice(0, BROWSE_PAGE_SIZE));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => names(page)).toEqual(expected);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("keeps a 'Load more' pressed while the first page is still being refreshed", async () => {
    const { page, errors } = await openPage(browser);
    // Hold the island's page-1 refresh so the press certainly lands while it is on its way.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/products\?.*\bpage=1\b/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/categories/flower`);
    await hydrated(page, 'CatalogBrowser');
    const busy = page.getByRole('button', { name: 'Loading…' });
    await expect.poll(() => busy.count()).toBe(1);
    // aria-disabled, not disabled: a shopper can still press it, and the press must not be lost.
    // Pressed from the keyboard: a forced click aims at where the button was, and cards drawn as
    // they scroll into view (content-visibility) may move it first (a press was lost once in CI).
    await busy.focus();
    await page.keyboard.press('Enter');
    release();
    await expect.poll(() => names(page)).toEqual(expected);
    expect(errors).toEqual([]);
  });
});
