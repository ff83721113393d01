import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { computeTotals } from '../../src/features/pricing/pricing.ts';
import { formatMoney } from '../../src/lib/money.ts';
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

describe("a shopper's journey", () => {
  it('age gate -> category -> filter and sort -> product -> 7g x 2 -> cart drawer totals -> reload keeps the cart', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await page.goto(baseUrl);
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await gate.getByRole('button', { name: "I'm 21 or older" }).click();
    await expect.poll(() => gate.count()).toBe(0);

    await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link', { name: 'Flower', exact: true }).click();
    await page.waitForURL(/\/categories\/flower$/);
    await hydrated(page, 'CatalogBrowser');
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: 'Hybrid' }).check();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(0);

    // Pick the first shown product that sells 7g, the way a shopper would, by its card.
    const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
    const product = names
      .map((n) => catalogue.find((p) => p.name === n.trim()))
      .find((p) => p?.price7g && p.inStock && p.strainType === 'Hybrid');
    if (!product) throw new Error('no hybrid flower with 7g shown');
    await page.getByRole('main').getByRole('article').getByRole('link', { name: product.name, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/product/${product.id}$`));
    await hydrated(page, 'ProductDetail');

    const buyBox = page.getByRole('region', { name: product.name });
    await buyBox.getByRole('radio', { name: '7g', exact: true }).check({ force: true });
    await buyBox.getByRole('button', { name: 'Increase quantity' }).click();
    await buyBox.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => buyBox.getByRole('button', { name: 'Added to Cart!' }).count()).toBe(1);
    await hydrated(page, 'CartButton');
    await hydrated(page, 'CartDrawer');

    const unit = product.isDeal ? Math.round((product.price7g ?? 0) * 0.6) : (product.price7g ?? 0);
    const totals = computeTotals([{ price: unit, quantity: 2 }]);
    const checkDrawer = async () => {
      await page.getByRole('button', { name: /^Cart, 2 items/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Your Cart' });
      await expect.poll(() => drawer.isVisible()).toBe(true);
      const text = (await drawer.textContent()) ?? '';
      expect(text).toContain(`${product.name} - 7g`);
      expect(text).toContain(formatMoney(unit * 2));
      expect(text).toMatch(new RegExp(`Subtotal\\s*${formatMoney(totals.subtotal).replace('$', '\\$')}`));
      expect(text).toMatch(
        new RegExp(`Delivery Fee\\s*${totals.deliveryFee === 0 ? 'Free' : formatMoney(totals.deliveryFee).replace('$', '\\$')}`),
      );
      expect(text).toMatch(new RegExp(`Total\\s*${formatMoney(totals.total).replace('$', '\\$')}`));
      await page.keyboard.press('Escape');
    };
    await checkDrawer();

    await page.reload();
    await hydrated(page, 'CartButton');
    await hydrated(page, 'CartDrawer');
    await checkDrawer();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as CartItem[];
    expect(stored).toEqual([expect.objectContaining({ id: `${product.id}-7g`, quantity: 2, price: unit })]);
    expect(errors).toEqual([]);
  });
});
