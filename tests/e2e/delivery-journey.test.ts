/**
 * Issue 24's journey in real chromium against the built site, each person with their own account:
 * a shopper in 20001 books tomorrow's Evening window; a dispatcher gives the order to a driver and
 * opens the printable manifest; on the day, the driver on a 375 px phone sends it out, is refused
 * for an under-21 birth date, then delivers it with a passing ID check. The shopper's tracking page
 * shows every step, and the outbox holds an e-mail for each, with the tracking link.
 */
import { asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { deliveryProofs, orders, outbox } from '../../src/db/schema.ts';
import { type CartItem, toCartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, fullWindowLabel, nyDate } from '../../src/features/delivery/windows.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { newCustomer, PATIENT, pick } from '../fixtures/checkout.ts';
import { openAdminTab, runTag, sectionNav, signedInPage, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { nyInstant, setOrderWindow } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';
import { chooseWindow } from '../helpers/windows-browser.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const DISPATCHER = testAdmin('journey-dispatch', run);
const DRIVER = testAdmin('journey-driver', run);
const DRIVER_NAME = `Sam Journey-${run}`;
const PHONE = { width: 375, height: 812 };
const EVENING = 'Evening, 5:00 PM - 9:00 PM';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createAdmin(db, DISPATCHER.email, DISPATCHER.password, 'dispatcher');
  const staffId = await createAdmin(db, DRIVER.email, DRIVER.password, 'driver');
  await ensureDriverRecord(db, staffId, { name: DRIVER_NAME, phone: '(202) 555-0144' });
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** The tracking page's steps as the shopper reads them: 'Placed: Done', 'Confirmed: Current status', … */
async function steps(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Order progress' });
  await list.waitFor();
  const texts = await list.getByRole('listitem').evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText));
  // Each step's mark (✓, ●) is decoration; the words follow it.
  return texts.map((t) =>
    t
      .replace(/\s+/g, ' ')
      .replace(/^[^A-Za-z]+/, '')
      .trim(),
  );
}

async function trackingAfterReload(page: Page): Promise<string[]> {
  await page.reload();
  await hydrated(page, 'OrderConfirmation');
  return steps(page);
}

describe('delivery operations, end to end', () => {
  it('books, dispatches, delivers with an ID check, and tracks every step', async () => {
    // The shopper, in 20001, books tomorrow's Evening window.
    const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
    const product = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal, 'edible');
    const shopper = await openPage(browser);
    const page = shopper.page;
    await page.goto(`${baseUrl}/`);
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [toCartItem(product, null, 2) as CartItem]);
    await page.goto(`${baseUrl}/checkout`);
    await hydrated(page, 'CheckoutPage');
    await page.getByLabel('First name').fill('Dorothy');
    await page.getByLabel('Last name').fill(`Vaughan-${run}`);
    await page.getByLabel('Email').fill(`journey-${run}@example.com`);
    await page.getByLabel('Phone').fill(newCustomer().phone);
    await page.getByLabel('Delivery address').fill('700 K Street NW');
    await page.getByLabel('City').fill('Washington');
    await page.getByLabel('State').selectOption({ label: 'Washington DC' });
    await page.getByLabel('ZIP code').fill('20001');
    // DC delivers to registered patients only: the registry at checkout, the card at the door (D39).
    await page.getByLabel('Registry number').fill(PATIENT.id);
    await page.getByLabel('Registry card expires').fill(PATIENT.expiresOn);
    await chooseWindow(page, { day: 'Tomorrow', part: 'Evening' });
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);
    await Promise.all([page.waitForURL(/\/order-confirmation\/[A-Za-z0-9_-]{22}$/), placeOrder.click()]);
    await hydrated(page, 'OrderConfirmation');
    const ref = new URL(page.url()).pathname.split('/').pop() ?? '';

    const tomorrow = addDays(nyDate(Date.now()), 1);
    const booked = { part: 'evening' as const, start: nyInstant(`${tomorrow}T17:00`), end: nyInstant(`${tomorrow}T21:00`) };
    const [order] = await db.select().from(orders).where(eq(orders.ref, ref));
    expect(order).toMatchObject({ windowStart: booked.start, windowEnd: booked.end, deliveryZipCode: '20001', status: 'processing' });
    const total = order?.total ?? 0;
    await expect.poll(() => page.textContent('main')).toContain(fullWindowLabel(booked));
    expect((await steps(page))[0]).toMatch(/^Placed .*Current status/);

    // The dispatcher sees the Deliveries and Drivers tabs, not the menu's.
    const dispatch = await signedInPage(browser, DISPATCHER);
    const admin = dispatch.page;
    await sectionNav(admin).getByRole('link', { name: 'Delivery', exact: true }).waitFor();
    expect(await sectionNav(admin).getByRole('link', { name: 'Menu', exact: true }).count()).toBe(0);
    await openAdminTab(admin, 'Deliveries');
    expect(await admin.getByRole('tab', { name: 'Drivers' }).count()).toBe(1);
    expect(await admin.getByRole('tab', { name: 'Delivery settings' }).count()).toBe(0);
    const panel = admin.getByRole('tabpanel', { name: 'Deliveries' });
    await panel.getByLabel('Delivery date').fill(tomorrow);
    const evening = panel.getByRole('region', { name: EVENING });
    const row = evening.getByRole('row', { name: new RegExp(ref) });
    await row.waitFor();
    await row.getByRole('checkbox', { name: `Select order ${ref}` }).check();
    await evening.getByLabel('Driver').selectOption({ label: DRIVER_NAME });
    await evening.getByRole('button', { name: 'Assign selected (1)' }).click();
    await expect.poll(() => toast(admin, `1 order given to ${DRIVER_NAME}`).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(DRIVER_NAME);
    expect((await db.select().from(orders).where(eq(orders.ref, ref)))[0]).toMatchObject({
      status: 'confirmed',
      deliveryStatus: 'assigned',
    });

    // The manifest for the driver's window: a print-styled page with the stop and the cash to collect.
    const href = (await evening.getByRole('link', { name: new RegExp(`Print manifest: ${DRIVER_NAME}`) }).getAttribute('href')) ?? '';
    const manifest = await admin.context().newPage();
    await manifest.goto(new URL(href, baseUrl).href);
    await hydrated(manifest, 'ManifestPage');
    const stop = manifest.getByRole('article', { name: 'Delivery manifest' }).getByRole('listitem').filter({ hasText: ref });
    await stop.waitFor();
    const stopText = (await stop.textContent()) ?? '';
    expect(stopText).toContain(`Dorothy Vaughan-${run}`);
    expect(stopText).toContain('700 K Street NW');
    expect(stopText).toContain(`Collect in cash: ${formatMoney(total)}`);
    await manifest.emulateMedia({ media: 'print' });
    expect(await manifest.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await trackingAfterReload(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^Confirmed .*Current status/)]));
    expect(dispatch.errors).toEqual([]);
    await admin.context().close();

    // The day of the delivery: the driver's page lists today's stops, so the booked window moves to
    // today's Evening, as if the night had passed.
    const today = nyDate(Date.now());
    await setOrderWindow(db, ref, `${today}T17:00`, `${today}T21:00`);
    const driver = await openPage(browser, { ageVerified: false, viewport: PHONE });
    const phone = driver.page;
    await phone.goto(`${baseUrl}/driver`);
    await phone.waitForURL(`${baseUrl}/admin-login?next=%2Fdriver`);
    await hydrated(phone, 'AdminLogin');
    await phone.getByLabel('Email').fill(DRIVER.email);
    await phone.getByLabel('Password').fill(DRIVER.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.waitForURL(`${baseUrl}/driver`);
    await hydrated(phone, 'DriverPage');
    const card = phone.getByRole('article', { name: `Dorothy Vaughan-${run}` });
    await card.waitFor();
    expect(await card.textContent()).toContain(`Cash to collect: ${formatMoney(total)}`);

    await card.getByRole('button', { name: 'Out for delivery' }).click();
    await toast(phone, 'Out for delivery').waitFor();
    expect(await trackingAfterReload(page)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Out for delivery with Sam\b.*Current status/)]),
    );

    await card.getByRole('button', { name: 'Delivered', exact: true }).click();
    const form = card.getByRole('form', { name: `Check the ID and collect ${formatMoney(total)}` });
    await form.getByLabel('Type of ID').selectOption({ label: "Driver's license" });
    await form.getByLabel('Last 4 characters of the registry card number').fill(PATIENT.id.slice(-4));
    await form.getByLabel('Expiry date on the registry card').fill(PATIENT.expiresOn);
    await form.getByRole('checkbox', { name: /The name on the card matches the order/ }).check();
    // Twenty-one tomorrow: one day short today (New York).
    const twentyFirst = `${Number(today.slice(0, 4)) - 21}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    await form.getByLabel('Date of birth').fill(addDays(twentyFirst, 1));
    await form.getByLabel('Last 4 characters of the ID number').fill('4821');
    await form.getByRole('button', { name: 'Confirm delivery' }).click();
    await form.getByText('The recipient must be 21 or older today. Do not hand over the order.').waitFor();
    expect((await db.select().from(orders).where(eq(orders.ref, ref)))[0]?.status).toBe('shipped');

    await form.getByLabel('Date of birth').fill(twentyFirst);
    await form.getByRole('button', { name: 'Confirm delivery' }).click();
    await toast(phone, 'Delivered').waitFor();
    const [delivered] = await db.select().from(orders).where(eq(orders.ref, ref));
    expect(delivered).toMatchObject({ status: 'delivered', deliveryStatus: 'delivered' });
    expect(
      (
        await db
          .select()
          .from(deliveryProofs)
          .where(eq(deliveryProofs.orderId, delivered?.id ?? 0))
      )[0],
    ).toMatchObject({ dateOfBirth: twentyFirst, idLast4: '4821', cashCollectedCents: total });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(driver.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await phone.context().close();

    const finalSteps = await trackingAfterReload(page);
    expect(finalSteps.map((s) => s.split(' ')[0])).toEqual(['Placed', 'Confirmed', 'Out', 'Delivered']);
    expect(finalSteps.at(-1)).toMatch(/Current status|Done/);
    expect(shopper.errors).toEqual([]);
    await page.context().close();

    // One e-mail per step, each with the tracking link.
    const mails = await db
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, delivered?.id ?? 0))
      .orderBy(asc(outbox.id));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining(ref),
      expect.stringContaining('is confirmed'),
      expect.stringContaining('is out for delivery'),
      expect.stringContaining('was delivered'),
    ]);
    for (const m of mails) expect(m.body).toContain(`/order-confirmation/${ref}`);
  });
});
