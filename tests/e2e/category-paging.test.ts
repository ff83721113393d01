/**
 * Category pages at scale (issue 10): the page is built with the first page of products and the
 * island loads the rest from the server on demand, in the same order.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BROWSE_PAGE_SIZE, sortProducts } from '../../src/features/catalog/browse.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('category paging', () => {
  it('ships the first page, then loads more in the same order until every product is listed', async () => {
    const flower = ((await (await fetch(`${baseUrl}/api/products?category=Flower`)).json()) as ApiProduct[]).filter(
      (p) => p.category === 'Flower',
    );
    expect(flower.length).toBeGreaterThan(BROWSE_PAGE_SIZE);
    const expected = sortProducts(flower, 'featured').map((p) => p.name);

    const html = await (await fetch(`${baseUrl}/categories/flower`)).text();
    expect(html.match(/<article\b/g)?.length).toBe(BROWSE_PAGE_SIZE);

    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/categories/flower`);
    await hydrated(page, 'CatalogBrowser');
    const names = () => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
    await expect.poll(() => page.getByText(`Showing ${BROWSE_PAGE_SIZE} of ${flower.length}`).count()).toBe(1);
    expect(await names()).toEqual(expected.slice(0, BROWSE_PAGE_SIZE));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(names).toEqual(expected);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
