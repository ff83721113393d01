/**
 * Search, compare and dashboard journeys (storefront.md §2, §5, §9; D9) in chromium against the
 * stack as `npm start` serves it. Expected lists come from the API itself.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/features/cart/cart.ts';
import { defaultWeight } from '../../src/features/catalog/card.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { SEARCH_PAGE_SIZE } from '../../src/features/search/search-page.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
let browser: Browser;
let catalogue: ApiProduct[];

const api = async (query: string) => (await (await fetch(`${baseUrl}/api/products${query}`)).json()) as ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = await api('');
});
afterAll(async () => {
  await browser?.close();
});

const found = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;
const main = (page: Page) => page.getByRole('main');
const countText = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /products? found$/ })
    .textContent();
const shownNames = (page: Page) => main(page).getByRole('article').getByRole('heading').allTextContents();
const chipNames = (page: Page) =>
  main(page)
    .getByRole('list', { name: 'Active filters' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const sorted = (names: string[]) => [...names].sort();

describe('search page', () => {
  it('header search → results, filters with chips in the URL, chip removal, clear all, and an empty result', async () => {
    const blue = await api('?search=blue');
    const hybridRelaxing = await api('?search=blue&strainType=Hybrid&effects=Relaxing');
    const relaxing = await api('?search=blue&effects=Relaxing');
    expect(blue.length).toBeGreaterThan(hybridRelaxing.length);
    expect(relaxing.length).toBeGreaterThan(hybridRelaxing.length);
    expect(hybridRelaxing.length).toBeGreaterThan(0);

    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    await hydrated(page, 'HeaderSearch');
    const headerBox = page.getByRole('combobox', { name: 'Search products' });
    await headerBox.fill('blue');
    await headerBox.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=blue`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search');
    await hydrated(page, 'SearchPage');

    const box = main(page).getByRole('searchbox', { name: 'Search products' });
    // The island reads the URL in an effect just after hydrating (the built HTML cannot know it).
    await expect.poll(() => box.inputValue()).toBe('blue');
    await expect.poll(() => countText(page)).toBe(found(blue.length));
    expect(await shownNames(page)).toEqual(blue.map((p) => p.name));
    expect(await page.title()).toBe('Search: blue');

    // The filter panel opens from its toggle.
    const toggle = main(page).getByRole('button', { name: /^Filters/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = main(page).getByRole('region', { name: 'Filters' });
    expect(await panel.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => panel.isVisible()).toBe(true);

    await panel.getByRole('checkbox', { name: 'Hybrid' }).check();
    await panel.getByRole('checkbox', { name: 'Relaxing' }).check();
    await expect.poll(() => countText(page)).toBe(found(hybridRelaxing.length));
    expect(sorted(await shownNames(page))).toEqual(sorted(hybridRelaxing.map((p) => p.name)));
    expect(await chipNames(page)).toEqual(['Remove filter: Hybrid', 'Remove filter: Relaxing']);
    expect(query(page)).toEqual({ q: 'blue', strainType: 'Hybrid', effects: 'Relaxing' });

    // Removing a chip removes that filter (and unticks its box); focus stays among the chips.
    await main(page).getByRole('button', { name: 'Remove filter: Hybrid' }).click();
    await expect.poll(() => countText(page)).toBe(found(relaxing.length));
    expect(await panel.getByRole('checkbox', { name: 'Hybrid' }).isChecked()).toBe(false);
    expect(query(page)).toEqual({ q: 'blue', effects: 'Relaxing' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove filter: Relaxing');

    // A price bound and a category are filters too.
    await panel.getByLabel('Category').selectOption('Flower');
    await panel.getByLabel('Maximum price').fill('50');
    const flowerUnder50 = await api('?search=blue&effects=Relaxing&category=Flower&maxPrice=50');
    await expect.poll(() => query(page)).toEqual({ q: 'blue', category: 'Flower', effects: 'Relaxing', minPrice: '0', maxPrice: '50' });
    await expect.poll(() => countText(page)).toBe(found(flowerUnder50.length));
    expect(await chipNames(page)).toEqual(['Remove filter: Flower', 'Remove filter: $0 - $50', 'Remove filter: Relaxing']);

    // Sorting asks the server again.
    await main(page).getByLabel('Sort by').selectOption({ label: 'Name: A-Z' });
    await expect.poll(() => query(page).sort).toBe('name');

    await main(page).getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => countText(page)).toBe(found(blue.length));
    expect(await chipNames(page)).toEqual([]);
    expect(query(page)).toEqual({ q: 'blue', sort: 'name' });
    expect(await shownNames(page)).toEqual([...blue].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.name));

    // Nothing matches a nonsense term; 'Clear filters' starts again from everything.
    await box.fill('zzqxvplonk');
    await expect.poll(() => main(page).getByText('No products found', { exact: true }).isVisible()).toBe(true);
    expect(await countText(page)).toBe(found(0));
    expect(query(page).q).toBe('zzqxvplonk');
    expect(await page.title()).toBe('Search: zzqxvplonk');
    await main(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => countText(page)).toBe(found(catalogue.length));
    expect(await box.inputValue()).toBe('');
    expect(query(page)).toEqual({ sort: 'name' });
    expect(await page.title()).not.toMatch(/^Search:/);
    expect(errors).toEqual([]);
  });

  it('honours featured=true with a Featured chip (D9)', async () => {
    const featured = await api('?featured=true');
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThan(catalogue.length);
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/search?featured=true`);
    await hydrated(page, 'SearchPage');
    await expect.poll(() => countText(page)).toBe(found(featured.length));
    expect(await shownNames(page)).toEqual(featured.slice(0, SEARCH_PAGE_SIZE).map((p) => p.name));
    expect(await chipNames(page)).toEqual(['Remove filter: Featured']);
    await main(page).getByRole('button', { name: 'Remove filter: Featured' }).click();
    await expect.poll(() => countText(page)).toBe(found(catalogue.length));
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  it("loads more results on demand with 'Load more'", async () => {
    expect(catalogue.length).toBeGreaterThan(SEARCH_PAGE_SIZE * 2);
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/search`);
    await hydrated(page, 'SearchPage');
    await expect.poll(() => countText(page)).toBe(found(catalogue.length));
    const cards = main(page).getByRole('article');
    expect(await cards.count()).toBe(SEARCH_PAGE_SIZE);
    const more = main(page).getByRole('button', { name: 'Load more' });
    let expected = SEARCH_PAGE_SIZE;
    while (expected < catalogue.length) {
      const before = expected;
      await more.click();
      expected = Math.min(catalogue.length, expected + SEARCH_PAGE_SIZE);
      await expect.poll(() => cards.count()).toBe(expected);
      // Focus goes to the first new card, not back to the top of the page.
      const focused = await page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h3')?.textContent);
      expect(focused).toBe(catalogue[before]?.name);
    }
    expect(await shownNames(page)).toEqual(catalogue.map((p) => p.name));
    expect(await more.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("says 'Failed to fetch products' when the API fails, and Retry recovers", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/search?q=blue`);
    await hydrated(page, 'SearchPage');
    const products = (url: URL) => url.pathname === '/api/products';
    await page.route(products, (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await main(page).getByRole('searchbox', { name: 'Search products' }).fill('gelato');
    const alert = main(page).getByRole('alert').filter({ hasText: 'Failed to fetch products' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await page.unroute(products);
    await alert.getByRole('button', { name: 'Retry' }).click();
    const gelato = await api('?search=gelato');
    await expect.poll(() => countText(page)).toBe(found(gelato.length));
    // The refused request itself is the only console error.
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
  });

  it('comes with its first results drawn in: shown before any code runs, and hydration asks for nothing', async () => {
    // src/server/pages/search-page.ts: the largest paint (the first card's image) waits for no script.
    const { page, errors } = await openPage(browser);
    const apiCalls: string[] = [];
    const images: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/products') apiCalls.push(url.search);
      if (url.pathname.startsWith('/images/')) images.push(url.pathname);
    });
    const code = (url: URL) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(code, async (r) => {
      await held;
      await r.continue();
    });
    const blue = await api(`?search=blue&page=1&limit=${SEARCH_PAGE_SIZE}`);
    await page.goto(`${baseUrl}/search?q=blue`, { waitUntil: 'commit' });
    await expect.poll(() => shownNames(page)).toEqual(blue.map((p) => p.name));
    await expect.poll(() => images).toContain(blue[0]?.image);
    expect(await countText(page)).toBe(found(blue.length));
    expect(await page.title()).toBe('Search: blue');
    release();
    await hydrated(page, 'SearchPage');
    // Live after hydration: the box holds the term and a new term asks the API.
    const box = main(page).getByRole('searchbox', { name: 'Search products' });
    expect(await box.inputValue()).toBe('blue');
    expect(apiCalls).toEqual([]);
    await box.fill('gelato');
    const gelato = await api(`?search=gelato&page=1&limit=${SEARCH_PAGE_SIZE}`);
    await expect.poll(() => shownNames(page)).toEqual(gelato.map((p) => p.name));
    expect(await page.title()).toBe('Search: gelato');
    expect(errors).toEqual([]);
  });

  it('shows its results without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const expected = await api(`?search=blue&category=Flower&page=1&limit=${SEARCH_PAGE_SIZE}`);
      await page.goto(`${baseUrl}/search?q=blue&category=flower`);
      expect(await shownNames(page)).toEqual(expected.map((p) => p.name));
      expect(await countText(page)).toBe(found(expected.length));
    } finally {
      await context.close();
    }
  });

  it('shows the right results for a hand-typed address', async () => {
    // Spaces and a lower-case category are read by the page's own rules, and the address is tidied.
    const { page, errors } = await openPage(browser);
    const expected = await api(`?search=blue&category=Flower&page=1&limit=${SEARCH_PAGE_SIZE}`);
    await page.goto(`${baseUrl}/search?q=blue%20%20&category=flower`);
    await hydrated(page, 'SearchPage');
    await expect.poll(() => shownNames(page)).toEqual(expected.map((p) => p.name));
    await expect.poll(() => query(page)).toEqual({ q: 'blue', category: 'Flower' });
    expect(errors).toEqual([]);
  });

  it('fits a 375 px screen', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/search?q=blue&strainType=Hybrid`);
    await hydrated(page, 'SearchPage');
    await main(page)
      .getByRole('button', { name: /^Filters/ })
      .click();
    await expect.poll(() => countText(page)).toMatch(/found$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});

describe('compare page', () => {
  const storedCart = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as CartItem[];

  it('compares three products, removes one, keeps the rest after a reload, and stops at 4', async () => {
    const flower = await api('?category=Flower&limit=8');
    const edible = await api('?category=Edible&limit=8');
    const concentrate = await api('?category=Concentrate&limit=8');
    expect([flower.length, edible.length, concentrate.length]).toEqual([8, 8, 8]);
    const [f1, f2] = flower;
    const [e1] = edible;
    const [c1, c2] = concentrate;
    if (!f1 || !f2 || !e1 || !c1 || !c2) throw new Error('seed too small');

    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/compare`);
    await hydrated(page, 'ComparePage');
    const list = (category: string) => main(page).getByRole('region', { name: category, exact: true });
    await expect.poll(() => list('Flower').getByRole('listitem').getByRole('heading').allTextContents()).toEqual(flower.map((p) => p.name));
    expect(await list('Edible').getByRole('listitem').getByRole('heading').allTextContents()).toEqual(edible.map((p) => p.name));
    expect(await list('Concentrate').getByRole('listitem').getByRole('heading').allTextContents()).toEqual(concentrate.map((p) => p.name));

    const button = (category: string, p: ApiProduct) =>
      list(category)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: p.name, exact: true }) })
        .getByRole('button');
    for (const [category, p] of [
      ['Flower', f1],
      ['Flower', f2],
      ['Edible', e1],
    ] as const) {
      expect(await button(category, p).textContent()).toMatch(/^Compare/);
      await button(category, p).click();
      await expect.poll(() => button(category, p).isDisabled()).toBe(true);
      expect(await button(category, p).textContent()).toMatch(/^Added/);
    }

    const table = main(page).getByRole('table');
    const columns = () => table.getByRole('columnheader').getByRole('link').allTextContents();
    await expect.poll(columns).toEqual([f1.name, f2.name, e1.name]);
    const rowHeads = await table.getByRole('rowheader').allTextContents();
    expect(rowHeads).toEqual(['Category', 'Price', 'Rating', 'THC content', 'CBD content', 'Strain type', 'Effects', 'Flavor', 'Actions']);
    const row = (name: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .getByRole('cell');
    expect(await row('Category').allTextContents()).toEqual(['Flower', 'Flower', 'Edible']);
    expect(await row('THC content').allTextContents()).toEqual([
      f1.thcContent == null ? 'N/A' : `${f1.thcContent}%`,
      f2.thcContent == null ? 'N/A' : `${f2.thcContent}%`,
      e1.thcContent == null ? 'N/A' : `${e1.thcContent}%`,
    ]);
    expect(await row('Rating').nth(0).textContent()).toContain(`(${f1.reviews})`);
    expect(
      await table.getByRole('link', { name: /^View Details/ }).evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ).toEqual([`/product/${f1.id}`, `/product/${f2.id}`, `/product/${e1.id}`]);

    // Add to Cart adds one of the first weight on offer, with the card's confirmation.
    const add = row('Actions').nth(0).getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect.poll(() => row('Actions').nth(0).getByRole('button', { name: 'Added to Cart!' }).count()).toBe(1);
    const cartLines = await storedCart(page);
    expect(cartLines.map((l) => [l.productId, l.weight, l.quantity])).toEqual([[f1.id, defaultWeight(f1), 1]]);

    // Remove one: two remain, and they survive a reload.
    await table.getByRole('button', { name: `Remove ${f2.name}` }).click();
    await expect.poll(columns).toEqual([f1.name, e1.name]);
    expect(await button('Flower', f2).isDisabled()).toBe(false);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('compare'))) ?? 'null')).toEqual([f1.id, e1.id]);
    await page.reload();
    await hydrated(page, 'ComparePage');
    await expect.poll(columns).toEqual([f1.name, e1.name]);

    // Four at most: once full, every other Compare button is disabled.
    await button('Concentrate', c1).click();
    await button('Concentrate', c2).click();
    await expect.poll(columns).toEqual([f1.name, e1.name, c1.name, c2.name]);
    expect(await button('Flower', f2).isDisabled()).toBe(true);
    expect(await button('Flower', f2).textContent()).toMatch(/^Compare/);
    expect(errors).toEqual([]);
  });

  it('ignores a tampered selection and fits a 375 px screen', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/compare`);
    await page.evaluate(() => localStorage.setItem('compare', '"not a list"'));
    await page.reload();
    await hydrated(page, 'ComparePage');
    await expect
      .poll(() =>
        main(page)
          .getByText(/No products selected yet/)
          .isVisible(),
      )
      .toBe(true);
    const [p1, p2, p3] = catalogue;
    if (!p1 || !p2 || !p3) throw new Error('seed too small');
    await page.evaluate((ids) => localStorage.setItem('compare', JSON.stringify(ids)), [p1.id, p2.id, p3.id]);
    await page.reload();
    await hydrated(page, 'ComparePage');
    await expect.poll(() => main(page).getByRole('table').getByRole('columnheader').getByRole('link').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});

describe('dashboard', () => {
  it('shows the catalogue figures, and View All of best sellers lists only best sellers', async () => {
    const inStock = catalogue.filter((p) => p.inStock).length;
    const reviews = catalogue.reduce((s, p) => s + p.reviews, 0);
    const rating = catalogue.reduce((s, p) => s + p.rating, 0) / catalogue.length;
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/dashboard`);
    await hydrated(page, 'Dashboard');
    const stat = (label: string) =>
      main(page)
        .locator('[data-stat]')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .allTextContents();
    expect(await stat('Total products')).toEqual([String(catalogue.length), `${inStock} in stock`]);
    expect(await stat('Average rating')).toEqual([rating.toFixed(1), `${reviews.toLocaleString('en-US')} reviews`]);
    expect((await stat('Featured products'))[0]).toBe(String(catalogue.filter((p) => p.isFeatured).length));
    expect((await stat('New arrivals'))[0]).toBe(String(catalogue.filter((p) => p.isNewArrival).length));

    const share = Math.round((inStock / catalogue.length) * 1000) / 10;
    const badge = main(page).locator('[data-variant]');
    expect(await badge.textContent()).toBe(`${share}%`);
    expect(await badge.getAttribute('data-variant')).toBe(share <= 80 ? 'destructive' : 'success');

    const bestSellers = catalogue.filter((p) => p.isBestSeller);
    const section = main(page).getByRole('region', { name: 'Best Sellers' });
    expect(await section.getByRole('article').getByRole('heading').allTextContents()).toEqual(bestSellers.slice(0, 4).map((p) => p.name));
    await section.getByRole('link', { name: /^View All/ }).click();
    await page.waitForURL(`${baseUrl}/search?bestseller=true`);
    await hydrated(page, 'SearchPage');
    await expect.poll(() => countText(page)).toBe(found(bestSellers.length));
    expect(await shownNames(page)).toEqual(bestSellers.slice(0, SEARCH_PAGE_SIZE).map((p) => p.name));
    expect(await chipNames(page)).toEqual(['Remove filter: Best Sellers']);
    expect(errors).toEqual([]);
  });
});
