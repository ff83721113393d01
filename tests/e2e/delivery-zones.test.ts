/**
 * D31, D38 in the browser: the ZIP checker on the landing pages answers for a covered and an
 * uncovered ZIP, and for a ZIP of a closed or a patients-only state in that state's words; the
 * cart drawer then prices with the zone and the state's tax; checkout prices delivery with the zone
 * of the ZIP typed, which the server then charges.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { orders } from '../../src/db/schema.ts';
import { type CartItem, toCartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { PATIENTS_NEED } from '../../src/features/delivery/states.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { pick } from '../fixtures/checkout.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';
import { chooseWindow } from '../helpers/windows-browser.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
let browser: Browser;
let catalogue: ApiProduct[];

/** D38: Maryland's 12% on goods, rounded to the cent once, half a cent up. */
const mdTax = (subtotal: number) => Math.floor((subtotal * 1200 + 5000) / 10000);

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
  close();
});

async function check(page: Page, zip: string, answer: string) {
  await page.getByLabel('Your ZIP code').fill(zip);
  await page.getByRole('button', { name: 'Check ZIP' }).click();
  await page.getByRole('status').filter({ hasText: answer }).waitFor({ state: 'visible' });
}

describe('the ZIP checker', () => {
  it("answers a covered and an uncovered ZIP on the near-me page, each in its state's words", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/dispensary-near-me`);
    await page.getByLabel('Your ZIP code').scrollIntoViewIfNeeded();
    await hydrated(page, 'ZipChecker');
    await check(
      page,
      '20001',
      `DC: for registered medical patients. We deliver to 20001 (Downtown & Northwest DC): $9.99 delivery, free from $50.00; no minimum order. ${PATIENTS_NEED}`,
    );
    await check(page, '22201', "We can't deliver to Virginia yet.");
    await check(page, '22901', "We don't deliver to 22901 yet");
    await check(page, '2090', 'ZIP code must be 5 digits');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("sits on each state's landing page, and the cart drawer then shows the zone and the state's tax", async () => {
    const { page } = await openPage(browser);
    for (const path of ['/dc-cannabis-dispensary', '/virginia-cannabis-dispensary']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByLabel('Your ZIP code').scrollIntoViewIfNeeded();
      await hydrated(page, 'ZipChecker');
    }
    await page.goto(`${baseUrl}/maryland-cannabis-dispensary`);
    await page.getByLabel('Your ZIP code').scrollIntoViewIfNeeded();
    await hydrated(page, 'ZipChecker');
    await check(
      page,
      '21201',
      'We deliver to 21201 (Baltimore & Columbia): $14.99 delivery, free from $100.00; minimum order $50.00; 12% Maryland cannabis sales and use tax on goods.',
    );

    const edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.price < 5000, 'edible');
    const item = toCartItem(edible, null, 1) as CartItem;
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
    await page.reload();
    await page.getByRole('button', { name: /^Cart, / }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Delivery to 21201 (Baltimore & Columbia), minimum order $50.00').waitFor({ state: 'visible' });
    expect(await drawer.textContent()).toContain(`Add ${formatMoney(5000 - edible.price)} more to reach the minimum order.`);
    const tax = mdTax(edible.price);
    const totals = drawer.getByRole('definition');
    expect(await drawer.getByRole('term').allTextContents()).toEqual([
      'Subtotal',
      'Delivery Fee',
      'Maryland cannabis sales and use tax (12%)',
      'Total',
    ]);
    expect(await totals.allTextContents()).toEqual([
      formatMoney(edible.price),
      formatMoney(1499),
      formatMoney(tax),
      formatMoney(edible.price + 1499 + tax),
    ]);
    expect(await drawer.textContent()).not.toContain('Tax is added at checkout');
    await page.context().close();
  });

  it('without a known state, the drawer shows no tax row and says tax comes at checkout', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.price < 5000, 'edible');
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [toCartItem(edible, null, 1) as CartItem]);
    await page.reload();
    await hydrated(page, 'CartButton');
    await hydrated(page, 'CartDrawer');
    await page.getByRole('button', { name: /^Cart, / }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Tax is added at checkout for your state.').waitFor({ state: 'visible' });
    expect(await drawer.getByRole('term').allTextContents()).toEqual(['Subtotal', 'Delivery Fee', 'Total']);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('checkout in a zone', () => {
  it("shows the zone's fee and minimum once the ZIP is typed, and the order is charged it", async () => {
    const edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.price < 5000, 'edible');
    const quantity = Math.ceil(5000 / edible.price);
    const subtotal = edible.price * quantity;
    const item = toCartItem(edible, null, quantity) as CartItem;
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
    await page.goto(`${baseUrl}/checkout`);
    await hydrated(page, 'CheckoutPage');

    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    // Without a ZIP, D3's default: free from $50.00.
    expect(await summary.textContent()).toContain(`Delivery FeeFree`);

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Phone').fill('(240) 555-0188');
    await page.getByLabel('Delivery address').fill('1 Light Street');
    await page.getByLabel('City').fill('Baltimore');
    await page.getByLabel('State').selectOption({ label: 'Maryland' });
    await page.getByLabel('ZIP code').fill('21201');
    await page.getByRole('status').filter({ hasText: 'We deliver to 21201 (Baltimore & Columbia)' }).waitFor({ state: 'visible' });
    await expect.poll(() => summary.textContent()).toContain(`Delivery Fee${formatMoney(1499)}`);
    const tax = mdTax(subtotal);
    expect(await summary.textContent()).toContain(formatMoney(subtotal + 1499 + tax));
    expect(await summary.textContent()).toContain('minimum order $50.00');

    await chooseWindow(page);
    await Promise.all([page.waitForURL(/\/order-confirmation\//), page.getByRole('button', { name: 'Place Order' }).click()]);
    const ref = new URL(page.url()).pathname.split('/').pop() ?? '';
    const [row] = await db.select().from(orders).where(eq(orders.ref, ref));
    expect(row).toMatchObject({ deliveryZipCode: '21201', subtotal, deliveryFee: 1499, tax, total: subtotal + 1499 + tax });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
