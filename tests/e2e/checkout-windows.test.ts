/**
 * D36 in the browser: the shopper picks a day and a window for their ZIP, the order books it and
 * the confirmation names it; a window that fills up between page load and Place Order is answered
 * with the fresh windows, the cart and the form stay, and the shopper picks again.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { deliveryWindows, orders } from '../../src/db/schema.ts';
import { type CartItem, toCartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, type BookableWindow, fullWindowLabel, nyDate, PART_LABELS, weekdayOf } from '../../src/features/delivery/windows.ts';
import { newCustomer, PATIENT, pick } from '../fixtures/checkout.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { ROOMY_WINDOW_CAPACITY } from '../helpers/db.ts';
import { nyInstant } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';
import { chooseWindow } from '../helpers/windows-browser.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const FULL = 'That delivery window just filled up';
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

/** A checkout page whose cart holds one line, hydrated. */
async function checkoutWith(product: ApiProduct): Promise<{ page: Page; errors: string[] }> {
  const item = toCartItem(product, null, 1) as CartItem;
  const opened = await openPage(browser);
  await opened.page.goto(`${baseUrl}/`);
  await opened.page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [item]);
  await opened.page.goto(`${baseUrl}/checkout`);
  await hydrated(opened.page, 'CheckoutPage');
  return opened;
}

async function fillDc(page: Page) {
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  // A new person each time: a day's limits count a person's orders (D39).
  const person = newCustomer();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Delivery address').fill('1 Constitution Avenue');
  await page.getByLabel('City').fill('Washington');
  await page.getByLabel('State').selectOption({ label: 'Washington DC' });
  await page.getByLabel('ZIP code').fill('20001');
  // DC delivers to registered patients only (D39).
  await page.getByLabel('Registry number').fill(PATIENT.id);
  await page.getByLabel('Registry card expires').fill(PATIENT.expiresOn);
}

/** Tomorrow's Evening in the schedule: its row, and how many live orders it holds now. */
async function tomorrowEvening() {
  const date = addDays(nyDate(Date.now()), 1);
  const row = and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 17 * 60));
  const start = nyInstant(`${date}T17:00`);
  const [booked] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.windowStart, start), ne(orders.status, 'cancelled')));
  return { date, row, start, end: nyInstant(`${date}T21:00`), booked: booked?.n ?? 0 };
}

const refPath = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

describe('checkout books a delivery window (D36)', () => {
  it("books tomorrow's Evening for a shopper in 20001, and the confirmation names it", async () => {
    const product = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
    const { page, errors } = await checkoutWith(product);
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    // The picker draws its prompt once the hydrated page has read the cart: wait for it.
    await expect.poll(() => page.getByText('Enter your ZIP code to see delivery windows').count()).toBeGreaterThan(0);
    expect(await placeOrder.isDisabled()).toBe(true);

    await fillDc(page);
    const days = page.getByRole('group', { name: 'Delivery day' });
    await days.waitFor({ state: 'visible' });
    expect(await days.getByRole('radio', { name: 'Tomorrow' }).count()).toBe(1);
    expect(await placeOrder.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Choose a delivery window to place your order').count()).toBe(1);
    await chooseWindow(page, { day: 'Tomorrow', part: 'Evening' });
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);

    await Promise.all([page.waitForURL(/\/order-confirmation\/[A-Za-z0-9_-]{22}$/), placeOrder.click()]);
    const evening = await tomorrowEvening();
    const [row] = await db
      .select()
      .from(orders)
      .where(eq(orders.ref, refPath(page)));
    expect(row).toMatchObject({ windowStart: evening.start, windowEnd: evening.end, deliveryTime: 'evening', deliveryZipCode: '20001' });
    const label = fullWindowLabel({ part: 'evening', start: evening.start, end: evening.end });
    await expect.poll(() => page.textContent('main')).toContain(label);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('answers a window that filled up meanwhile: the alert, the cart kept, fresh windows, and a retry that books', async () => {
    const product = pick(catalogue, (p) => p.category === 'Pre-roll' && p.inStock && !p.isDeal, 'pre-roll');
    const evening = await tomorrowEvening();
    try {
      // Three places left when the page loads, so it says so.
      await db
        .update(deliveryWindows)
        .set({ capacity: evening.booked + 3 })
        .where(evening.row);
      const { page, errors } = await checkoutWith(product);
      await fillDc(page);
      await chooseWindow(page, { day: 'Tomorrow', part: 'Evening' });
      const group = page.getByRole('group', { name: 'Delivery window' });
      expect(await group.getByRole('radio', { name: /^Evening/ }).getAttribute('value')).toBe(`${evening.date}T17:00`);
      expect(await group.textContent()).toContain('3 left');

      // Other shoppers take the last places before this one presses Place Order.
      await db
        .update(deliveryWindows)
        .set({ capacity: (await tomorrowEvening()).booked })
        .where(evening.row);
      const [before] = await db.select({ n: count() }).from(orders);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/checkout'));
      await page.getByRole('button', { name: 'Place Order' }).click();
      const refusal = await answered;
      expect(refusal.status()).toBe(409);
      const offered = ((await refusal.json()) as { windows: BookableWindow[] }).windows;
      expect(offered.length).toBeGreaterThan(0);

      await expect.poll(() => page.getByRole('alert').filter({ hasText: FULL }).count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/checkout');
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toHaveLength(1);
      expect(await page.getByLabel('First name').inputValue()).toBe('Katherine');
      const [after] = await db.select({ n: count() }).from(orders);
      expect(after?.n).toBe(before?.n);
      // The choices are now the fresh windows, none chosen; the full one is not among them.
      const offeredDays = [...new Set(offered.map((w) => w.date))];
      expect(await page.getByRole('group', { name: 'Delivery day' }).getByRole('radio').count()).toBe(offeredDays.length);
      expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
      expect(offered.some((w) => w.id === `${evening.date}T17:00`)).toBe(false);

      // The last one offered is the furthest from its cutoff.
      const retry = offered.at(-1) as BookableWindow;
      await chooseWindow(page, { day: dayName(retry), part: PART_LABELS[retry.part] });
      await Promise.all([page.waitForURL(/\/order-confirmation\//), page.getByRole('button', { name: 'Place Order' }).click()]);
      const [row] = await db
        .select()
        .from(orders)
        .where(eq(orders.ref, refPath(page)));
      expect(row).toMatchObject({ windowStart: retry.start, windowEnd: retry.end });
      await expect.poll(() => page.textContent('main')).toContain(fullWindowLabel(retry));
      expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
      await page.context().close();
    } finally {
      await db.update(deliveryWindows).set({ capacity: ROOMY_WINDOW_CAPACITY }).where(evening.row);
    }
  });
});

/** The day's name in the picker: Today, Tomorrow, or the date. */
function dayName(w: BookableWindow): string {
  const today = nyDate(Date.now());
  if (w.date === today) return 'Today';
  if (w.date === addDays(today, 1)) return 'Tomorrow';
  return w.dayLabel;
}
