/**
 * Deals and categories in real chromium (D32, M1, M4): a deal that ends between cart and checkout
 * is shown to the shopper, line by line, before anything is ordered; the admin's Deals tab creates a
 * deal with a New York window and the Categories tab reorders by keyboard and says why a category
 * cannot be retired. Every change to the shared stack is undone.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { categories, dealProducts, deals, orderItems, orders, products } from '../../src/db/schema.ts';
import { type CartItem, toCartItem } from '../../src/features/cart/cart.ts';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import { dealPrice } from '../../src/features/pricing/pricing.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { newCustomer, pick } from '../fixtures/checkout.ts';
import { createTestAdmin, openAdminTab, runTag, signIn, testAdmin } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';
import { chooseWindow } from '../helpers/windows-browser.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('menu', run);
let browser: Browser;
let catalogue: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** Answers the page expects (a refused order, a refused retire) that chromium logs as errors. */
const unexpected = (errors: string[], status: number) => errors.filter((e) => !e.includes(`status of ${status}`));

const orderCount = async () => (await db.select({ n: count() }).from(orders))[0]?.n ?? 0;

async function fill(page: Page) {
  await page.getByLabel('First name').fill('Dorothy');
  await page.getByLabel('Last name').fill('Vaughan');
  // A new person each time: a day's limits count a person's orders (D39).
  const person = newCustomer();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Delivery address').fill('3 Langley Road');
  await page.getByLabel('City').fill('Rockville');
  await page.getByLabel('State').selectOption({ label: 'Maryland' });
  await page.getByLabel('ZIP code').fill('20850');
  await chooseWindow(page);
}

describe('a deal that ends between cart and checkout (D32)', () => {
  it('shows the changed line (was, now) before anything is ordered; placing again orders at the new price', async () => {
    const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal && p.salePrice == null, 'accessory');
    const [deal] = await db
      .insert(deals)
      .values({ name: `Ending ${run}`, percentOff: 30 })
      .returning({ id: deals.id });
    if (!deal) throw new Error('no deal');
    await db.insert(dealProducts).values({ dealId: deal.id, productId: product.id });
    try {
      // The cart was filled while the deal was on, at its price.
      const item = toCartItem({ ...product, dealPercentOff: 30 }, null, 2) as CartItem;
      const was = dealPrice(product.price, 30);
      expect(item.price).toBe(was);
      const { page, errors } = await openPage(browser);
      await page.goto(`${baseUrl}/`);
      await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
      await page.goto(`${baseUrl}/checkout`);
      await hydrated(page, 'CheckoutPage');
      await fill(page);

      // The deal ends before the shopper presses Place Order.
      await db
        .update(deals)
        .set({ endsAt: Date.now() - 1000 })
        .where(eq(deals.id, deal.id));
      const placed = await orderCount();
      await page.getByRole('button', { name: 'Place Order' }).click();

      const notice = page.getByRole('alert').filter({ hasText: 'Prices changed since you filled your cart' });
      await expect.poll(() => notice.count()).toBe(1);
      expect(await notice.textContent()).toContain(`${product.name}: was ${formatMoney(was)}, now ${formatMoney(product.price)}`);
      expect(await notice.textContent()).toContain('Nothing has been ordered yet');
      await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
      // It sits above the button that places the order.
      const noticeBox = await notice.boundingBox();
      const buttonBox = await page.getByRole('button', { name: 'Place Order' }).boundingBox();
      expect((noticeBox?.y ?? 0) < (buttonBox?.y ?? 0)).toBe(true);
      expect(await orderCount()).toBe(placed);
      // The cart now holds the current price, and the summary shows it.
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as CartItem[];
      expect(stored.map((l) => [l.productId, l.price, l.quantity])).toEqual([[product.id, product.price, 2]]);
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect.poll(() => summary.textContent()).toContain(formatMoney(product.price * 2));

      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL(/\/order-confirmation\/[A-Za-z0-9_-]{22}$/);
      const ref = new URL(page.url()).pathname.split('/').pop() ?? '';
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, ref));
      const items = await db
        .select({ unitPrice: orderItems.unitPrice, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      expect(items).toEqual([{ unitPrice: product.price, quantity: 2 }]);
      expect(await orderCount()).toBe(placed + 1);
      expect(unexpected(errors, 409)).toEqual([]);
    } finally {
      await db.delete(dealProducts).where(eq(dealProducts.dealId, deal.id));
      await db.delete(deals).where(eq(deals.id, deal.id));
    }
  });
});

describe('the admin Deals tab (D32)', () => {
  it('creates a deal with products found by name and a window in New York time, then deletes it', async () => {
    const product = pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal, 'edible');
    const { page, errors } = await openPage(browser);
    await signIn(page, ADMIN);
    await openAdminTab(page, 'Deals');
    const panel = page.getByRole('tabpanel', { name: 'Deals' });
    await expect.poll(() => panel.getByRole('table', { name: 'Deals' }).count()).toBe(1);
    expect(await panel.getByRole('row', { name: /Weekly picks/ }).textContent()).toContain('Live');

    await panel.getByRole('button', { name: 'New deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Name is required').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    const name = `Fall back ${run}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Percent off').fill('25');
    await dialog.getByLabel('Starts (New York time)').fill('2026-11-01T01:30');
    await dialog.getByLabel('Ends (New York time)').fill('2026-11-01T03:00');
    // The field says which 1:30 it is.
    await expect.poll(() => dialog.getByText('Nov 1, 2026, 1:30 AM EDT').count()).toBe(1);
    await dialog.getByLabel('Search products by name').fill(product.name);
    await dialog
      .getByRole('list', { name: 'Matching products' })
      .getByRole('checkbox', { name: `${product.name} ${product.category}`, exact: true })
      .check();
    await expect.poll(() => dialog.getByRole('list', { name: 'Chosen products' }).textContent()).toContain(product.name);
    await dialog.getByRole('button', { name: 'Save' }).click();

    const row = panel.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('25%');
    expect(text).toContain('Nov 1, 2026, 1:30 AM EDT to Nov 1, 2026, 3:00 AM EST');
    expect(text).toMatch(/Ended|Scheduled/);
    const [saved] = await db.select().from(deals).where(eq(deals.name, name));
    expect(saved).toMatchObject({ percentOff: 25, startsAt: Date.UTC(2026, 10, 1, 5, 30), endsAt: Date.UTC(2026, 10, 1, 8, 0) });
    expect(
      (
        await db
          .select()
          .from(dealProducts)
          .where(eq(dealProducts.dealId, saved?.id ?? 0))
      ).map((l) => l.productId),
    ).toEqual([product.id]);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await db.select().from(deals).where(eq(deals.name, name))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the admin Categories tab (M1, M4)', () => {
  it('moves a category by keyboard (the public order follows) and says why a category with products cannot be retired', async () => {
    const seedOrder = await db.select({ id: categories.id, sortOrder: categories.sortOrder }).from(categories);
    const { page, errors } = await openPage(browser);
    try {
      await signIn(page, ADMIN);
      await openAdminTab(page, 'Categories');
      const panel = page.getByRole('tabpanel', { name: 'Categories' });
      const table = panel.getByRole('table', { name: 'Categories, in display order' });
      await expect.poll(() => table.count()).toBe(1);
      const topLevel = async () =>
        ((await (await fetch(`${baseUrl}/api/admin/categories`, { headers: { cookie: await cookieOf(page) } })).json()) as ApiCategory[])
          .filter((c) => c.parentId == null)
          .map((c) => c.name);
      const before = await topLevel();
      const [first, second] = before;

      // Keyboard only: focus the first row's "down" button and press Enter.
      await table.getByRole('button', { name: `Move ${first} down` }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(topLevel).toEqual([second, first, ...before.slice(2)]);
      // The focus stays with the moved row; a screen reader hears where it went.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toMatch(new RegExp(`^Move ${first} (down|up)$`));
      expect(await panel.getByText(`${first} moved to position 2 of ${before.length}`).count()).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(topLevel).toEqual([second, before[2], first, ...before.slice(3)]);
      await table.getByRole('button', { name: `Move ${first} up` }).click();
      await table.getByRole('button', { name: `Move ${first} up` }).click();
      await expect.poll(topLevel).toEqual(before);

      const flower = (await db.select().from(categories).where(eq(categories.name, 'Flower')))[0];
      const [held] = await db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.categoryId, flower?.id ?? 0), eq(products.status, 'active')));
      await table.getByRole('button', { name: 'Retire Flower' }).click();
      const alert = panel.getByRole('alert').filter({ hasText: 'This category still holds' });
      await expect.poll(() => alert.count()).toBe(1);
      expect(await alert.textContent()).toBe(`This category still holds ${held?.n} active products`);
      expect((await db.select({ retired: categories.retired }).from(categories).where(eq(categories.name, 'Flower')))[0]?.retired).toBe(
        false,
      );
      expect(unexpected(errors, 409)).toEqual([]);
    } finally {
      for (const c of seedOrder) await db.update(categories).set({ sortOrder: c.sortOrder }).where(eq(categories.id, c.id));
    }
  });
});

/** The page's session cookie, for reading the admin API from the test. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies())
    .filter((c) => c.name.endsWith('admin_session'))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}
