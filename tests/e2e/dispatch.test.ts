/**
 * Dispatch in real chromium (D30, D36): the admin opens the Deliveries tab on a date, sees a
 * window's orders against its capacity, gives the whole window to a driver, and opens that
 * driver's manifest, which lists each stop with the cash to collect and prints without the admin's
 * top bar. Every row the journey adds to the shared stack is removed.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { drivers, orderItems, orderStatusHistory, orders, outbox, products } from '../../src/db/schema.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { newOrderRef } from '../../src/features/orders/orders.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { createTestAdmin, openAdminTab, runTag, signedInPage, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser } from '../helpers/browser.ts';
import { ROOMY_WINDOW_CAPACITY } from '../helpers/db.ts';
import { insertOrder, setOrderWindow } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('dispatch', run);
/** A date of its own, well past what shoppers can book, so no other journey's orders land in it. */
const DATE = addDays(nyDate(Date.now()), 60 + Math.floor(Math.random() * 300));
const DRIVER = `Driver ${run}`;
let browser: Browser;
let driverId = 0;
const placed: { id: number; ref: string; total: number; lastName: string }[] = [];

async function addOrder(n: number): Promise<void> {
  const ref = newOrderRef();
  const [product] = await db.select().from(products).limit(1).offset(n);
  if (!product) throw new Error('no seed product');
  const lastName = `Stop${n}-${run}`;
  const total = 4200 + n * 110;
  const row = await insertOrder(
    db,
    {
      ref,
      firstName: 'Mary',
      lastName,
      email: `dispatch-${n}-${run}@example.com`,
      phone: '(240) 555-0166',
      deliveryAddress: `${n} Langley Road`,
      deliveryApartment: `Apt ${n}`,
      deliveryInstructions: `Knock ${n} times`,
      total,
    },
    [{ productId: product.id, name: product.name, category: 'Accessories', quantity: 2, unitPrice: total / 2, lineTotal: total }],
  );
  await setOrderWindow(db, ref, `${DATE}T12:00`, `${DATE}T17:00`);
  placed.push({ id: row.id, ref, total, lastName });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
  const [driver] = await db.insert(drivers).values({ name: DRIVER, phone: '(202) 555-0188' }).returning({ id: drivers.id });
  driverId = driver?.id ?? 0;
  await addOrder(1);
  await addOrder(2);
});
afterAll(async () => {
  const ids = placed.map((o) => o.id);
  if (ids.length > 0) {
    await db.delete(outbox).where(inArray(outbox.orderId, ids));
    await db.delete(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    await db.delete(orderItems).where(inArray(orderItems.orderId, ids));
    await db.delete(orders).where(inArray(orders.id, ids));
  }
  if (driverId) await db.delete(drivers).where(eq(drivers.id, driverId));
  await browser?.close();
  close();
});

const headerDisplay = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('body > header') as Element).display);

describe('dispatch (D30, D36)', () => {
  it("gives a window's orders to a driver and prints the driver's manifest with each stop's cash", async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    await openAdminTab(page, 'Deliveries');
    const panel = page.getByRole('tabpanel', { name: 'Deliveries' });
    await panel.getByLabel('Delivery date').fill(DATE);

    const window = panel.getByRole('region', { name: 'Afternoon, 12:00 PM - 5:00 PM' });
    await expect.poll(() => window.getByRole('table').count()).toBe(1);
    expect(await window.textContent()).toContain(`booked 2 of ${ROOMY_WINDOW_CAPACITY}`);
    const table = window.getByRole('table', { name: 'Orders, Afternoon, 12:00 PM - 5:00 PM' });
    for (const o of placed) {
      const row = table.getByRole('row', { name: new RegExp(o.ref) });
      expect(await row.textContent()).toContain(`Mary ${o.lastName}`);
      expect(await row.textContent()).toContain(formatMoney(o.total));
    }
    // The empty windows of the day are there too.
    expect(await panel.getByRole('region', { name: 'Morning, 9:00 AM - 12:00 PM' }).textContent()).toContain(
      `booked 0 of ${ROOMY_WINDOW_CAPACITY}`,
    );

    // Nothing can be assigned before a driver is chosen, and the page says so.
    const whole = window.getByRole('button', { name: 'Assign whole window' });
    expect(await whole.isDisabled()).toBe(true);
    expect(await window.getByText('Choose a driver first.').count()).toBe(1);
    await window.getByLabel('Driver').selectOption({ label: DRIVER });
    await whole.click();
    await expect.poll(() => toast(page, `2 orders given to ${DRIVER}`).count()).toBe(1);
    for (const o of placed) {
      const [row] = await db.select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({ driverId, deliveryStatus: 'assigned', status: 'confirmed' });
      await expect.poll(() => table.getByRole('row', { name: new RegExp(o.ref) }).textContent()).toContain(DRIVER);
    }

    const link = window.getByRole('link', { name: new RegExp(`Print manifest: ${DRIVER}`) });
    expect(await link.getAttribute('target')).toBe('_blank');
    // The link opens a new tab; the journey opens its address in a new tab of the same session.
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href, baseUrl).searchParams.get('window')).toBe('12:00');
    const manifest = await page.context().newPage();
    const manifestErrors: string[] = [];
    manifest.on('pageerror', (e) => manifestErrors.push(`pageerror: ${e.message}`));
    manifest.on('console', (m) => {
      if (m.type() === 'error') manifestErrors.push(`console: ${m.text()}`);
    });
    await manifest.goto(new URL(href, baseUrl).href);
    await hydrated(manifest, 'ManifestPage');
    const heading = manifest.getByRole('heading', { name: 'Delivery manifest', level: 1 });
    await expect.poll(() => heading.count()).toBe(1);
    const sheet = manifest.getByRole('article', { name: 'Delivery manifest' });
    expect(await sheet.textContent()).toContain(DRIVER);
    expect(await sheet.textContent()).toContain('Departure 12:00 PM');
    expect(await sheet.textContent()).toContain(formatMoney(placed.reduce((sum, o) => sum + o.total, 0)));
    for (const o of placed) {
      const stop = sheet.getByRole('listitem').filter({ hasText: o.ref });
      expect(await stop.count()).toBe(1);
      const text = (await stop.textContent()) ?? '';
      expect(text).toContain(`Mary ${o.lastName}`);
      expect(text).toMatch(/Langley Road, Apt \d/);
      expect(text).toContain(`Collect in cash: ${formatMoney(o.total)}`);
    }

    // On screen the admin's top bar is there; on paper only the manifest is.
    expect(await headerDisplay(manifest)).not.toBe('none');
    await manifest.emulateMedia({ media: 'print' });
    expect(await headerDisplay(manifest)).toBe('none');
    expect(await manifest.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const stopStyle = await sheet
      .getByRole('listitem', { name: 'Stop 1' })
      .evaluate((el) => ({ breakInside: getComputedStyle(el).breakInside, color: getComputedStyle(el).color }));
    expect(stopStyle).toEqual({ breakInside: 'avoid', color: 'rgb(0, 0, 0)' });

    expect(errors).toEqual([]);
    expect(manifestErrors).toEqual([]);
  });
});
