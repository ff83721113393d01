/**
 * The admin area in real chromium against the built site and the API (admin.md §2, §8; D17, D18,
 * D20, D21, D23): sign-in, orders and their history, the outbox, e-mail, and the product manager
 * whose edits reach the storefront.
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { adminSessions, orders, products } from '../../src/db/schema.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { PRODUCT_PAGE_SIZE } from '../../src/features/admin/admin.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { orderZoneOf, orderZoneText } from '../../src/features/orders/orders.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { createTestAdmin, openAdminTab, runTag, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('admin', run);
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

/** A signed-out probe answers 401, which chromium logs as a console error; those are expected. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

/** A shopper's order placed through the API, as the checkout page places it. */
async function placeOrder(customerEmail: string): Promise<{ ref: string; product: ApiProduct }> {
  const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal, 'accessory');
  const payload = checkoutPayload([{ productId: product.id, quantity: 1 }], {
    customer: { firstName: 'Katherine', lastName: 'Johnson', email: customerEmail, phone: '(301) 555-0123' },
    deliveryInstructions: 'Ring twice',
  });
  const res = await fetch(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(payload),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  return { ref: orderId, product };
}

describe('admin login (admin.md §2, D20)', () => {
  it('shows no credentials, reports a wrong password, and a signed-out visit to /admin lands on the login page', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    const res = await page.goto(`${baseUrl}/admin-login`);
    expect(res?.status()).toBe(200);
    await hydrated(page, 'AdminLogin');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Login');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    // No age gate and no shopper header on admin pages.
    expect(await page.getByRole('dialog', { name: 'Age Verification' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Cart/ }).count()).toBe(0);
    // D20: nothing that looks like an account or a password, and nothing filled in.
    const text = await page.evaluate(() => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const code of body.querySelectorAll('script, style')) code.remove();
      return body.textContent ?? '';
    });
    expect(text).not.toMatch(/@|password\s*:|default|admin123/i);
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Email is required', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Password is required', { exact: true }).count()).toBe(1);

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.textContent()).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/admin-login');
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(unexpected(errors)).toEqual([]);

    for (const path of ['/admin', '/product-manager']) {
      await page.goto(`${baseUrl}${path}`);
      expect(new URL(page.url()).pathname, path).toBe('/admin-login');
    }
  });
});

describe("an admin's journey", () => {
  it('order -> sign in -> find it -> ship it with a note -> history -> outbox -> edit a price -> the storefront shows it', async () => {
    const customerEmail = `katherine-${run}@example.com`;
    // Another shopper's order too, so each row has to count its own items.
    await placeOrder(`someone-else-${run}@example.com`);
    const { ref } = await placeOrder(customerEmail);

    // Age-verified, because the journey ends on the storefront.
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/admin-login`);
    await hydrated(page, 'AdminLogin');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page, 'Login successful').count()).toBe(1);
    await page.waitForURL(`${baseUrl}/admin`);
    await hydrated(page, 'AdminDashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(ADMIN.email);

    // Orders: search by the customer's e-mail finds exactly that order.
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Search orders').fill(customerEmail);
    const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.filter({ hasText: ref });
    expect(await row.textContent()).toContain('Katherine Johnson');
    expect(await row.textContent()).toContain('(301) 555-0123');
    // One line of one item (the Items column).
    expect(await row.locator('td').nth(2).textContent(), 'item count of this order').toBe('1');
    expect(await row.getByRole('button', { name: 'Processing' }).getAttribute('aria-pressed')).toBe('true');

    // Ship it, with a note (D17).
    await row.getByRole('button', { name: 'Shipped' }).click();
    const change = page.getByRole('dialog', { name: 'Change status to Shipped' });
    await change.getByLabel('Note (optional)').fill('Left with the driver at 3pm');
    await change.getByRole('button', { name: 'Update status' }).click();
    await expect.poll(() => toast(page, 'Order updated').count()).toBe(1);
    await expect.poll(() => change.count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Shipped' }).getAttribute('aria-pressed')).toBe('true');
    expect(await row.getByRole('button', { name: 'Processing' }).getAttribute('aria-pressed')).toBe('false');

    // The order's details show the change in its history.
    await row.getByRole('button', { name: `View order ${ref}` }).click();
    const details = page.getByRole('dialog', { name: `Order ${ref}` });
    const history = details.getByRole('list', { name: 'Status history' });
    await expect.poll(() => history.getByRole('listitem').filter({ hasText: 'Left with the driver at 3pm' }).count()).toBe(1);
    const entry = (await history.getByRole('listitem').filter({ hasText: 'Left with the driver at 3pm' }).textContent()) ?? '';
    expect(entry).toMatch(/Processing\s*→\s*to\s*Shipped/);
    expect(entry).toContain(ADMIN.email);
    const detailText = (await details.textContent()) ?? '';
    expect(detailText).toContain(customerEmail);
    expect(detailText).toContain('Ring twice');
    expect(detailText).toContain('Subtotal');
    // The zone the order was priced in (D31), as checkout recorded it.
    const [placed] = await db.select().from(orders).where(eq(orders.ref, ref));
    const zone = placed ? orderZoneOf(placed) : null;
    expect(zone?.state).toBe('MD');
    expect(detailText).toContain(`Zone: ${orderZoneText(zone)}`);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => details.count()).toBe(0);

    // The outbox lists the mail to the customer (D18).
    await page.getByRole('tab', { name: 'Outbox' }).click();
    const outboxRows = page.getByRole('table', { name: 'Outbox' }).locator('tbody tr').filter({ hasText: customerEmail });
    await expect.poll(() => outboxRows.count()).toBeGreaterThan(0);
    const show = outboxRows.first().getByRole('button', { name: `message to ${customerEmail}` });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    expect(await show.getAttribute('aria-expanded')).toBe('true');
    const bodyId = (await show.getAttribute('aria-controls')) ?? '';
    expect(await page.locator(`[id="${bodyId}"]`).isVisible()).toBe(true);

    // Product manager: edit a plain edible's price.
    const edible = pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.salePrice == null, 'plain edible');
    const [before] = await db.select({ price: products.price }).from(products).where(eq(products.id, edible.id));
    const newPrice = edible.price + 211;
    try {
      await page.goto(`${baseUrl}/product-manager`);
      await hydrated(page, 'ProductManager');
      expect(await page.getByRole('link', { name: 'Back to Admin' }).getAttribute('href')).toBe('/admin');
      await page.getByLabel('Search products').fill(edible.name);
      const productRow = page
        .getByRole('table', { name: /^Products/ })
        .getByRole('row')
        .filter({ hasText: edible.name })
        .first();
      await expect.poll(() => productRow.count()).toBe(1);
      await productRow.getByRole('button', { name: `Edit ${edible.name}` }).click();
      const editor = page.getByRole('dialog', { name: `Edit ${edible.name}` });
      // Edibles edit price and sale price only (admin.md §5).
      expect(await editor.getByLabel('Sale price').count()).toBe(1);
      expect(await editor.getByLabel('3.5g price').count()).toBe(0);
      await editor.getByLabel('Price', { exact: true }).fill('');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => editor.getByText('Price must be a number').count()).toBe(1);
      await editor.getByLabel('Price', { exact: true }).fill((newPrice / 100).toFixed(2));
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Product updated').count()).toBe(1);
      await expect.poll(() => editor.count()).toBe(0);
      await expect.poll(() => productRow.textContent()).toContain(formatMoney(newPrice));

      const [after] = await db.select({ price: products.price }).from(products).where(eq(products.id, edible.id));
      expect(after?.price).toBe(newPrice);

      await page.goto(`${baseUrl}/product/${edible.id}`);
      await hydrated(page, 'ProductDetail');
      await expect.poll(() => page.getByRole('main').getByText(formatMoney(newPrice), { exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await db
        .update(products)
        .set({ price: before?.price ?? edible.price })
        .where(eq(products.id, edible.id));
    }
    expect(unexpected(errors)).toEqual([]);
  });

  it('sends an e-mail, switches tabs by keyboard, pages and filters products, and toggles stock', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN);

    // Tabs by keyboard (WAI-ARIA): arrows move and select.
    await page.getByRole('tab', { name: 'Orders' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Send Email' }).getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel', { name: 'Send Email' });
    await panel.getByRole('button', { name: 'Send Email' }).click();
    for (const message of ['To is required', 'Subject is required', 'Message is required']) {
      await expect.poll(() => panel.getByText(message, { exact: true }).count(), { message }).toBe(1);
    }
    const to = `reader-${run}@example.com`;
    await panel.getByLabel('To').fill(to);
    await panel.getByLabel('Subject').fill('Your delivery window');
    await panel.getByLabel('Message').fill('We will arrive between 5pm and 6pm.');
    await panel.getByRole('button', { name: 'Send Email' }).click();
    await expect.poll(() => toast(page, 'Email sent').count()).toBe(1);
    expect(await toast(page, 'Email sent').textContent()).toMatch(/Delivered|Queued in the outbox/);
    expect(await panel.getByLabel('To').inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Outbox' }).locator('tbody tr').filter({ hasText: to }).count())
      .toBeGreaterThan(0);

    // The menu's tools are in the Menu section.
    await openAdminTab(page, 'Products');
    expect(new URL(page.url()).pathname).toBe('/admin/menu');
    const tools = page.getByRole('tabpanel', { name: 'Products' });
    for (const href of [
      '/product-manager',
      '/product-image-manager',
      '/site-image-manager',
      '/simple-image-manager',
      '/home-image-manager',
      '/flower-image-generator',
    ]) {
      expect(await tools.locator(`a[href="${href}"]`).count(), href).toBe(1);
    }
    await page.getByRole('tab', { name: 'AI SEO Manager' }).click();
    expect(await page.getByRole('tabpanel', { name: 'AI SEO Manager' }).locator('a[href="/seo-manager"]').count()).toBe(1);

    // Product manager: pages of 10, Flower pages of 30 (D23), type filter by name.
    await page.goto(`${baseUrl}/product-manager`);
    await hydrated(page, 'ProductManager');
    const all = (await (await page.request.get(`${baseUrl}/api/admin/products`)).json()) as AdminProduct[];
    const table = page.getByRole('table', { name: /^Products/ });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(all.length, PRODUCT_PAGE_SIZE.default));
    const pages = Math.ceil(all.length / PRODUCT_PAGE_SIZE.default);
    expect(await page.getByText(`Page 1 of ${pages}`, { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText(`Page 2 of ${pages}`, { exact: true }).count()).toBe(1);
    await page.getByLabel('Category').selectOption('Flower');
    const flowers = all.filter((p) => p.category === 'Flower').length;
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(flowers, PRODUCT_PAGE_SIZE.Flower));
    await page.getByLabel('Category').selectOption('Vaporizer');
    await page.getByLabel('Type').selectOption('Disposable');
    const disposables = all.filter((p) => p.category === 'Vaporizer' && /disposable/i.test(p.name));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(disposables.length);

    // In stock switch (D6): off, then on again, as the shop sees it.
    const target = disposables[0] ?? all[0];
    if (!target) throw new Error('no products');
    const toggle = page.getByRole('switch', { name: `${target.name} in stock` });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    try {
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await expect
        .poll(async () => ((await (await fetch(`${baseUrl}/api/products/${target.id}`)).json()) as ApiProduct).inStock)
        .toBe(false);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    } finally {
      await db.update(products).set({ available: true }).where(eq(products.id, target.id));
    }
    expect(unexpected(errors)).toEqual([]);
  });

  it('shows the login form in place on /admin when the session is gone by the time the page asks, and stays there', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN);
    // The server only serves /admin with a session; a session that ends just after is what the
    // client fallback is for. The first /me answers as the server does for an ended session.
    await page.route('**/api/admin/me', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Not authenticated. Please log in to the admin panel first.', code: 'unauthenticated' }),
      }),
    );
    await page.reload();
    await hydrated(page, 'AdminDashboard');
    const form = page.getByRole('form', { name: 'Admin Login' });
    await expect.poll(() => form.count()).toBe(1);
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.unroute('**/api/admin/me');
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password').fill(ADMIN.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page, 'Login successful').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(ADMIN.email);
    expect(unexpected(errors)).toEqual([]);
  });

  it('asks to sign in again, over the screen, when the session ends while working', async () => {
    await placeOrder(`late-${run}@example.com`);
    const { page, errors } = await openPage(browser, { ageVerified: false, viewport: { width: 375, height: 800 } });
    await signIn(page, ADMIN);
    await expect.poll(() => page.getByRole('table', { name: 'Orders' }).count()).toBe(1);
    // Nothing wider than the phone: tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await db.delete(adminSessions);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    const again = page.getByRole('dialog', { name: 'Your session has ended' });
    await expect.poll(() => again.count()).toBe(1);
    await again.getByLabel('Email').fill(ADMIN.email);
    await again.getByLabel('Password').fill(ADMIN.password);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => again.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await expect.poll(() => page.getByRole('table', { name: 'Orders' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => toast(page, 'Logged out').count()).toBe(1);
    await page.waitForURL(`${baseUrl}/admin-login`);
    await page.goto(`${baseUrl}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin-login');
    expect(unexpected(errors)).toEqual([]);
  });
});
