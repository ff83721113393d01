/**
 * The confirmation page follows its order by itself (D30): staff move the order in the database and
 * the timeline changes without a reload. The page's clock is Playwright's, so the test moves time
 * on by the page's real refresh interval instead of waiting for it.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { OrderStatus } from '../../src/db/order-values.ts';
import { drivers, type OrderRow, orders } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { TRACKING_REFRESH_MS } from '../../src/features/orders/orders.api.ts';
import { recordStatusChange } from '../../src/features/orders/orders-admin.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { runTag } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { setOrderWindow } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  close();
});

async function placeOrder(): Promise<string> {
  const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  const product = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
  const res = await fetch(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId: product.id, quantity: 1 }])),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

async function move(ref: string, to: OrderStatus, note = '', extra: Partial<OrderRow> = {}) {
  const [order] = await db.select().from(orders).where(eq(orders.ref, ref));
  if (!order) throw new Error(`no order ${ref}`);
  await db.batch(recordStatusChange(db, order, to, { actor: 'admin:tracking-e2e@example.com', note, siteUrl: baseUrl, extra }));
}

/** The page's visibility as the browser would report it when the shopper leaves or comes back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/**
 * Lets whatever the page started reach the network first: its requests go out in order, so once a
 * later one has answered, any tracking request the page made before it has been seen.
 */
async function settle(page: Page) {
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
}

describe('order tracking on the confirmation page', () => {
  it('updates the timeline by itself as the order moves, and stops once delivered', async () => {
    const run = runTag();
    const ref = await placeOrder();
    const day = addDays(nyDate(Date.now()), 1);
    await setOrderWindow(db, ref, `${day}T17:00`, `${day}T21:00`);
    const [driver] = await db
      .insert(drivers)
      .values({ name: `Sam Track-${run}`, phone: '(202) 555-0166' })
      .returning({ id: drivers.id });

    const { page, errors } = await openPage(browser);
    await page.clock.install();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/api/orders/${ref}/tracking`)) asked.push(r.url());
    });
    await page.goto(`${baseUrl}/order-confirmation/${ref}`);
    await hydrated(page, 'OrderConfirmation');

    const section = page.getByRole('region', { name: 'Delivery Status' });
    const steps = section.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    const current = section.locator('[aria-current="step"]');
    const status = section.locator('[aria-live="polite"]');
    await expect.poll(() => steps.count()).toBe(4);
    // The confirmation's own content stays above the timeline.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank You for Your Order!');
    expect(await page.getByRole('main').textContent()).toContain('Evening, 5:00 PM - 9:00 PM');
    expect(await current.textContent()).toContain('Placed');
    expect(await steps.nth(1).textContent()).toContain('Coming up');
    expect(asked).toHaveLength(1);

    // Staff confirm the order; within one refresh interval the page shows it.
    await move(ref, 'confirmed');
    await page.clock.fastForward(TRACKING_REFRESH_MS);
    await expect.poll(() => current.textContent()).toContain('Confirmed');
    expect(await steps.nth(0).textContent()).toContain('Done');
    expect(await status.textContent()).toBe('Your order is confirmed. We will bring it in your delivery window.');

    // A hidden tab asks nothing, however long; shown again, it asks at once.
    await setVisibility(page, 'hidden');
    await move(ref, 'shipped', 'Out for delivery with Sam', { driverId: driver?.id ?? null, deliveryStatus: 'out' });
    const before = asked.length;
    await page.clock.fastForward(TRACKING_REFRESH_MS * 3);
    await settle(page);
    expect(asked).toHaveLength(before);
    expect(await current.textContent()).toContain('Confirmed');
    await setVisibility(page, 'visible');
    await expect.poll(() => current.textContent()).toContain('Out for delivery with Sam');
    expect(await status.textContent()).toBe('Your order is out for delivery with Sam.');
    expect(asked).toHaveLength(before + 1);
    expect(await page.getByRole('main').textContent()).not.toContain(`Track-${run}`);

    // Delivered: the last step, and no more asking.
    await move(ref, 'delivered', '', { deliveryStatus: 'delivered' });
    await page.clock.fastForward(TRACKING_REFRESH_MS);
    await expect.poll(() => current.textContent()).toContain('Delivered');
    expect(await steps.allTextContents()).toEqual([
      expect.stringContaining('Done'),
      expect.stringContaining('Done'),
      expect.stringContaining('Done'),
      expect.stringContaining('Current status'),
    ]);
    const finished = asked.length;
    await page.clock.fastForward(TRACKING_REFRESH_MS * 2);
    await setVisibility(page, 'visible');
    await settle(page);
    expect(asked).toHaveLength(finished);
    expect(errors).toEqual([]);
  });
});
