import { count, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { orders, products } from '../../src/db/schema.ts';
import { type CartItem, toCartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { computeTotals } from '../../src/features/pricing/pricing.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { newCustomer, pick } from '../fixtures/checkout.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';
import { chooseWindow } from '../helpers/windows-browser.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
let browser: Browser;
let catalogue: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
  close();
});

function line(product: ApiProduct, weight: string | null, quantity: number): CartItem {
  const item = toCartItem(product, weight, quantity);
  if (!item) throw new Error(`cannot add ${product.name}`);
  return item;
}

/** A page whose cart already holds these lines (as if added on the product pages). */
async function withCart(items: CartItem[]): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser);
  await opened.page.goto(`${baseUrl}/`);
  await opened.page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), items);
  await opened.page.goto(`${baseUrl}/checkout`);
  await hydrated(opened.page, 'CheckoutPage');
  return opened;
}

/** Fills the form for a new person in Maryland and, unless told not to, chooses tomorrow's Evening window. */
async function fill(page: Page, { choose = true } = {}) {
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  // A new person each time: a day's limits count a person's orders (D39).
  const person = newCustomer();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Delivery address').fill('1 Navy Way');
  await page.getByLabel('City').fill('Annapolis');
  await page.getByLabel('State').selectOption({ label: 'Maryland' });
  await page.getByLabel('ZIP code').fill('20850');
  if (choose) await chooseWindow(page);
  return person;
}

const MD_TAX = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' } as const;

const orderCount = async () => (await db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('checkout', () => {
  it('shows field errors for an empty form, then places the order and shows the confirmation', async () => {
    const edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
    const flower = pick(catalogue, (p) => p.category === 'Flower' && p.inStock && !p.isDeal && p.price7g != null, 'flower');
    const items = [line(edible, null, 2), line(flower, '7g', 1)];
    const totals = computeTotals(items);
    const { page, errors } = await withCart(items);

    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    expect(await summary.textContent()).toContain(formatMoney(totals.total));
    expect(await summary.textContent()).toContain('Cash on delivery - Payment collected upon delivery');

    // Nothing can be sent before a delivery window is chosen, and the page says why (D36).
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    expect(await placeOrder.isDisabled()).toBe(true);
    expect(await page.getByText('Enter your ZIP code to see delivery windows').count()).toBeGreaterThan(0);
    await page.getByLabel('State').selectOption({ label: 'Maryland' });
    await page.getByLabel('ZIP code').fill('20850');
    await chooseWindow(page, { part: 'Afternoon' });
    await placeOrder.click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'Delivery address is required',
      'City is required',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).count(), { message }).toBe(1);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    await page.getByLabel('First name').fill('G');
    await expect.poll(() => page.getByText('First name is required').count()).toBe(0);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);

    // The window chosen above stays chosen while the rest of the form is filled.
    const person = await fill(page, { choose: false });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order-confirmation\/[A-Za-z0-9_-]{22}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank You for Your Order!');
    const text = (await page.textContent('main')) ?? '';
    expect(text).toContain(`${edible.name}`);
    expect(text).toContain(`${flower.name} - 7g`);
    // D38: Maryland's 12 % on goods, its own line, in the total.
    const taxed = computeTotals(items, undefined, [MD_TAX]);
    expect(text).toContain(formatMoney(taxed.subtotal));
    expect(text).toContain(MD_TAX.name);
    expect(text).toContain(formatMoney(taxed.tax));
    expect(text).toContain(formatMoney(taxed.total));
    expect(text).toContain(person.email);
    expect(text).toContain('1 Navy Way, Annapolis, MD 20850');
    expect(text).toContain('Afternoon');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    expect(errors).toEqual([]);
  });

  it('keeps the cart and says what went wrong when a product sold out meanwhile', async () => {
    const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal, 'accessory');
    const { page } = await withCart([line(product, null, 1)]);
    await fill(page);
    const [before] = await db.select({ s: products.stockMilli }).from(products).where(eq(products.id, product.id));
    await db.update(products).set({ stockMilli: 0 }).where(eq(products.id, product.id));
    try {
      const placed = await orderCount();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: product.name }).count()).toBeGreaterThan(0);
      expect(await page.getByText('Order Placed!').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/checkout');
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toHaveLength(1);
      expect(await page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
      expect(await orderCount()).toBe(placed);
    } finally {
      await db
        .update(products)
        .set({ stockMilli: before?.s ?? null })
        .where(eq(products.id, product.id));
    }
  });

  it('makes one order from a double click on Place Order', async () => {
    const product = pick(catalogue, (p) => p.category === 'Pre-roll' && p.inStock && !p.isDeal, 'pre-roll');
    const { page, errors } = await withCart([line(product, null, 1)]);
    await fill(page);
    const placed = await orderCount();
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await page.waitForURL(/\/order-confirmation\//);
    expect(await orderCount()).toBe(placed + 1);
    expect(errors).toEqual([]);
  });

  it('blocks Place Order when the cart is over the state limit, and the meter says so', async () => {
    const flower = pick(
      catalogue,
      (p) => p.category === 'Flower' && p.inStock && !p.isDeal && p.priceOz != null && p.price3_5g != null,
      'flower with oz',
    );
    const { page } = await withCart([line(flower, 'oz', 1), line(flower, '3.5g', 1)]);
    await fill(page);
    await page.getByLabel('State').selectOption({ label: 'Virginia' });
    await expect.poll(() => page.getByText('Your cart is over the Virginia limit').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await page.getByLabel('State').selectOption({ label: 'Maryland' });
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
  });

  it("says Virginia can't be delivered to yet, and Place Order waits with that reason (D38)", async () => {
    const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal, 'accessory');
    const { page } = await withCart([line(product, null, 1)]);
    await fill(page);
    await page.getByLabel('State').selectOption({ label: 'Virginia' });
    await page.getByLabel('ZIP code').fill('22201');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: "We can't deliver to Virginia yet." }).count()).toBe(1);
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    expect(await placeOrder.isDisabled()).toBe(true);
    expect(await placeOrder.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('asks DC for the registry number and its expiry, and accepts the order with them (D39)', async () => {
    const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal, 'accessory');
    const { page, errors } = await withCart([line(product, null, 1)]);
    await fill(page, { choose: false });
    expect(await page.getByLabel('Registry number').count()).toBe(0);
    await page.getByLabel('City').fill('Washington');
    await page.getByLabel('State').selectOption({ label: 'Washington DC' });
    await page.getByLabel('ZIP code').fill('20001');
    await expect.poll(() => page.getByText('DC: for registered medical patients').count()).toBeGreaterThan(0);
    await chooseWindow(page);
    const placed = await orderCount();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => page.getByText('Enter your medical cannabis registry number').count()).toBe(1);
    expect(await orderCount()).toBe(placed);
    await page.getByLabel('Registry number').fill('DC-7654321');
    await page.getByLabel('Registry card expires').fill('2030-06-30');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order-confirmation\//);
    const ref = new URL(page.url()).pathname.split('/').pop() ?? '';
    const [row] = await db.select().from(orders).where(eq(orders.ref, ref));
    expect(row).toMatchObject({ deliveryState: 'DC', patientId: 'DC-7654321', patientExpiresOn: '2030-06-30', tax: 0 });
    expect(errors).toEqual([]);
  });

  it('shows the empty cart state, and a missing order without inventing one', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/checkout`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/#products');
    expect(errors).toEqual([]);

    await page.goto(`${baseUrl}/order-confirmation/AAAAAAAAAAAAAAAAAAAAAA`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe("We couldn't find this order");
    expect(await page.getByRole('link', { name: '(202) 555-0142' }).count()).toBeGreaterThan(0);
  });
});
