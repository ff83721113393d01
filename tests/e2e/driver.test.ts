/**
 * The driver's day on a phone (D30, D34, D35, D39), in real chromium against the built site:
 * signing in from /driver, the stop with its call and map links, out for delivery, an under-age
 * recipient refused on the date of birth, then a passing ID check that delivers the order; and an
 * ID already handed its day's flower warned of before the handover, then refused. Nothing on the
 * page is wider than a 375 px screen.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { deliveryProofs, doorRefusals, orders } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { runTag, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { setOrderWindow } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const DRIVER = testAdmin('driver', run);
const PHONE = { width: 375, height: 812 };
let browser: Browser;
let ref: string;
let total: number;
/** D39: an order out for delivery whose ID at the door was already handed its day's flower. */
let overRef: string;
const HANDED_ID = { idType: 'drivers_license', dateOfBirth: '1988-03-03', idLast4: 'WR41' } as const;

beforeAll(async () => {
  browser = await launchBrowser();
  const staffId = await createAdmin(db, DRIVER.email, DRIVER.password, 'driver');
  const driverId = await ensureDriverRecord(db, staffId, { name: 'Dana Okafor', phone: '(202) 555-0190' });

  const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  const product = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal, 'accessory');
  const today = nyDate(Date.now());
  /** An order through checkout, in today's evening window in New York (a driver's stops are by date), assigned to the driver. */
  const assigned = async (firstName: string, lastName: string, tag: string, phone: string) => {
    const res = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(
        checkoutPayload([{ productId: product.id, quantity: 2 }], {
          customer: { firstName, lastName, email: `${tag}-${run}@example.com`, phone },
          deliveryInstructions: 'Side door',
        }),
      ),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const placed = ((await res.json()) as { orderId: string }).orderId;
    await setOrderWindow(db, placed, `${today}T17:00`, `${today}T21:00`);
    await db.update(orders).set({ driverId, deliveryStatus: 'assigned', status: 'confirmed' }).where(eq(orders.ref, placed));
    return placed;
  };
  ref = await assigned('Mary', 'Jackson', 'door', '(301) 555-0123');
  const [row] = await db.select({ total: orders.total }).from(orders).where(eq(orders.ref, ref));
  total = row?.total ?? 0;

  // D39: 28 g of flower already handed today to HANDED_ID, and another 28 g out for delivery
  // (as checkout would have counted them), bought under other names, e-mails and phones.
  const handed = await assigned('Dorothy', 'Vaughan', 'handed', '(301) 555-0124');
  const [handedRow] = await db
    .update(orders)
    .set({ status: 'delivered', deliveryStatus: 'delivered', limitFlowerG: 28 })
    .where(eq(orders.ref, handed))
    .returning({ id: orders.id, total: orders.total });
  await db.insert(deliveryProofs).values({
    orderId: handedRow?.id ?? 0,
    ...HANDED_ID,
    cashCollectedCents: handedRow?.total ?? 0,
    recordedBy: `driver:${DRIVER.email}`,
    createdAt: Date.now(),
  });
  overRef = await assigned('Katherine', 'Johnson', 'over', '(301) 555-0125');
  await db.update(orders).set({ status: 'shipped', deliveryStatus: 'out', limitFlowerG: 28 }).where(eq(orders.ref, overRef));
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** The page is no wider than the phone: nothing scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A signed-out visitor's session probe answers 401, which chromium logs; those are expected. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

describe("the driver's page on a phone", () => {
  it('signs in from /driver, sends the stop out, refuses an under-21 recipient and delivers after a passing check', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false, viewport: PHONE });

    await page.goto(`${baseUrl}/driver`);
    await page.waitForURL(`${baseUrl}/admin-login?next=%2Fdriver`);
    await hydrated(page, 'AdminLogin');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/driver`);
    await hydrated(page, 'DriverPage');

    await page.getByRole('heading', { level: 1, name: "Today's deliveries" }).waitFor();
    const stop = page.getByRole('article', { name: 'Mary Jackson' });
    await stop.waitFor();
    expect(await page.getByRole('heading', { level: 2, name: /^Evening, 5:00 PM - 9:00 PM/ }).count()).toBe(1);
    const call = stop.getByRole('link', { name: /^Call Mary/ });
    expect(await call.getAttribute('href')).toBe('tel:+13015550123');
    const map = stop.getByRole('link', { name: /^Open map/ });
    expect(await map.getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 Main Street, Apt 4, Rockville, MD 20850')}`,
    );
    expect(await stop.textContent()).toContain('Side door');
    expect(await stop.getByRole('listitem').first().textContent()).toMatch(/^2 × /);
    expect(await stop.textContent()).toContain(`Cash to collect: ${formatMoney(total)}`);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // Big enough for a thumb: every control on the card is at least 44 px tall.
    const outButton = stop.getByRole('button', { name: 'Out for delivery' });
    for (const control of [call, map, outButton]) expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await outButton.click();
    await toast(page, 'Out for delivery').waitFor();
    const deliveredButton = stop.getByRole('button', { name: 'Delivered', exact: true });
    await deliveredButton.waitFor();
    await expect.poll(() => deliveredButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await db.select().from(orders).where(eq(orders.ref, ref)))[0]?.deliveryStatus).toBe('out');

    await deliveredButton.click();
    const form = stop.getByRole('form', { name: `Check the ID and collect ${formatMoney(total)}` });
    await form.waitFor();
    expect(await form.getByLabel('Cash collected ($)').inputValue()).toBe((total / 100).toFixed(2));
    await form.getByLabel('Type of ID').selectOption({ label: "Driver's license" });
    // One day short of 21 years old today (New York).
    const today = nyDate(Date.now());
    const twentyOne = `${Number(today.slice(0, 4)) - 21}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    const dateOfBirth = form.getByLabel('Date of birth');
    await dateOfBirth.fill(addDays(twentyOne, 1));
    await form.getByLabel('Last 4 characters of the ID number').fill('7x2q');
    await form.getByRole('button', { name: 'Confirm delivery' }).click();
    await form.getByText('The recipient must be 21 or older today. Do not hand over the order.').waitFor();
    expect(await dateOfBirth.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => dateOfBirth.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await db.select().from(orders).where(eq(orders.ref, ref)))[0]?.status).toBe('shipped');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await dateOfBirth.fill('1990-05-04');
    await form.getByRole('button', { name: 'Confirm delivery' }).click();
    await toast(page, 'Delivered').waitFor();
    await stop.getByText('Delivered.', { exact: true }).waitFor();
    const [order] = await db.select().from(orders).where(eq(orders.ref, ref));
    expect(order?.status).toBe('delivered');
    const [proof] = await db
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, order?.id ?? 0));
    expect(proof).toMatchObject({ idType: 'drivers_license', dateOfBirth: '1990-05-04', idLast4: '7X2Q', cashCollectedCents: total });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // A driver who opens the admin is sent back to their own page.
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/driver`);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("warns of an ID already handed its day's flower before the handover, and refuses it (D39)", async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false, viewport: PHONE });
    await page.goto(`${baseUrl}/admin-login?next=%2Fdriver`);
    await hydrated(page, 'AdminLogin');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/driver`);
    await hydrated(page, 'DriverPage');

    const stop = page.getByRole('article', { name: 'Katherine Johnson' });
    await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
    const form = stop.getByRole('form', { name: /^Check the ID and collect/ });
    await form.waitFor();
    await form.getByLabel('Type of ID').selectOption({ label: "Driver's license" });
    await form.getByLabel('Date of birth').fill(HANDED_ID.dateOfBirth);
    await form.getByLabel('Last 4 characters of the ID number').fill(HANDED_ID.idLast4.toLowerCase());

    // Before anything is handed over: the warning, naming what was handed today and the limit.
    const warning = form.getByRole('alert').filter({ hasText: 'Check before handing over' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "This ID is over Maryland's limits per person a day: 28 g of flower already handed to this ID today and 28 g in this order make 56 g, over the limit of 42.52 g.",
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await form.getByRole('button', { name: 'Confirm delivery' }).click();
    await form.getByRole('alert').filter({ hasNotText: 'Check before handing over' }).waitFor();
    const [order] = await db.select().from(orders).where(eq(orders.ref, overRef));
    expect([order?.status, order?.deliveryStatus]).toEqual(['shipped', 'out']);
    const refusals = await db
      .select()
      .from(doorRefusals)
      .where(eq(doorRefusals.orderId, order?.id ?? 0));
    expect(refusals.map((r) => [r.reason, r.idLast4])).toEqual([['daily_limit', HANDED_ID.idLast4]]);
    expect(unexpected(errors).filter((e) => !/status of 422/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('sends a driver who signs in without a destination to /driver', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false, viewport: PHONE });
    await page.goto(`${baseUrl}/admin-login`);
    await hydrated(page, 'AdminLogin');
    await page.getByLabel('Email').fill(DRIVER.email);
    await page.getByLabel('Password').fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/driver`);
    await hydrated(page, 'DriverPage');
    await page.getByRole('article', { name: 'Mary Jackson' }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
