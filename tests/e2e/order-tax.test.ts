/**
 * An order's tax where people read it, in real chromium (D38, D39): the confirmation page (the
 * shopper's receipt) shows Maryland's tax on its own row by name and rate, inside the total; the
 * admin's order list shows a patient's registry number masked but its last 4, and the order's own
 * view shows it whole with its expiry, beside the order's tax lines. The orders are written straight
 * to the stack's database as checkout records them, and removed afterwards.
 */
import { inArray } from 'drizzle-orm';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { orderItems, orderStatusHistory, orders, outbox, products } from '../../src/db/schema.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { createTestAdmin, openAdminTab, runTag, signedInPage, testAdmin } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { insertOrder } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('order-tax', run);
const MD_TAX = 'Maryland cannabis sales and use tax';
const REGISTRY = `DC-${run.slice(-6)}-7421`;
// 3 x $14.41 = $43.23 of goods; 12 % of it is 518.76 cents, charged as $5.19; delivery $9.99.
const GOODS = 4323;
const FEE = 999;
const TAX = 519;
let browser: Browser;
const ids: number[] = [];
let taxed = '';
let patient = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
  const [product] = await db.select().from(products).limit(1);
  if (!product) throw new Error('no seed product');
  const line = { productId: product.id, name: product.name, category: 'Edible', quantity: 3, unitPrice: 1441, lineTotal: GOODS };
  const md = await insertOrder(
    db,
    {
      firstName: 'Mara',
      lastName: `Taxed-${run}`,
      email: `order-tax-${run}@example.com`,
      subtotal: GOODS,
      deliveryFee: FEE,
      tax: TAX,
      taxLines: [{ name: MD_TAX, basisPoints: 1200, appliesTo: 'goods', amount: TAX }],
      total: GOODS + FEE + TAX,
    },
    [line],
  );
  const dc = await insertOrder(
    db,
    {
      firstName: 'Dana',
      lastName: `Patient-${run}`,
      email: `order-tax-${run}@example.com`,
      deliveryState: 'DC',
      deliveryCity: 'Washington',
      deliveryZipCode: '20001',
      patientId: REGISTRY,
      patientExpiresOn: '2099-03-31',
      subtotal: GOODS,
      deliveryFee: FEE,
      total: GOODS + FEE,
    },
    [line],
  );
  ids.push(md.id, dc.id);
  taxed = md.ref;
  patient = dc.ref;
});
afterAll(async () => {
  if (ids.length > 0) {
    await db.delete(outbox).where(inArray(outbox.orderId, ids));
    await db.delete(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    await db.delete(orderItems).where(inArray(orderItems.orderId, ids));
    await db.delete(orders).where(inArray(orders.id, ids));
  }
  await browser?.close();
  close();
});

/** A totals list's rows as 'label: value'. */
const totalsOf = (list: Locator) =>
  list
    .locator('dl > div')
    .evaluateAll((pairs) => pairs.map((p) => `${p.querySelector('dt')?.textContent}: ${p.querySelector('dd')?.textContent}`));

describe('tax on the receipt (D38)', () => {
  it('shows each tax line by name and rate on its own row, inside the total', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/order-confirmation/${taxed}`);
    await hydrated(page, 'OrderConfirmation');
    const items = page.getByRole('region', { name: 'Items' });
    await expect.poll(() => items.locator('dl').count()).toBe(1);
    expect(await totalsOf(items)).toEqual([
      `Subtotal: ${formatMoney(GOODS)}`,
      `Delivery Fee: ${formatMoney(FEE)}`,
      `${MD_TAX} (12%): ${formatMoney(TAX)}`,
      `Total: ${formatMoney(GOODS + FEE + TAX)}`,
    ]);
    // The print of the page is the page: the same rows, nothing hidden from print.
    await page.emulateMedia({ media: 'print' });
    expect(await items.getByText(`${MD_TAX} (12%)`).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("the admin's orders (D38, D39)", () => {
  it('lists the registry number masked, and shows it whole in the order with its expiry and tax lines', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    await openAdminTab(page, 'Orders');
    await page.getByLabel('Search orders').fill(`order-tax-${run}@example.com`);
    const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: patient });
    expect(await row.textContent()).toContain('Registry •••• 7421 (last 4 shown), expires 2099-03-31');
    expect((await rows.allTextContents()).join(' ')).not.toContain(REGISTRY);

    await row.getByRole('button', { name: `View order ${patient}` }).click();
    const details = page.getByRole('dialog', { name: `Order ${patient}` });
    const registration = details.locator('section').filter({ has: page.getByRole('heading', { name: 'Patient registration' }) });
    await expect.poll(() => registration.count()).toBe(1);
    expect(await registration.textContent()).toContain(`Registry number: ${REGISTRY}`);
    expect(await registration.textContent()).toContain('Expires 2099-03-31');
    expect(await totalsOf(details)).toContain('Tax: None');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => details.count()).toBe(0);

    const md = rows.filter({ hasText: taxed });
    expect(await md.textContent()).not.toContain('Registry');
    await md.getByRole('button', { name: `View order ${taxed}` }).click();
    const mdDetails = page.getByRole('dialog', { name: `Order ${taxed}` });
    await expect.poll(() => mdDetails.locator('dl').count()).toBe(1);
    expect(await totalsOf(mdDetails)).toEqual([
      `Subtotal: ${formatMoney(GOODS)}`,
      `Delivery fee: ${formatMoney(FEE)}`,
      `${MD_TAX} (12%): ${formatMoney(TAX)}`,
      `Total: ${formatMoney(GOODS + FEE + TAX)}`,
    ]);
    expect(await mdDetails.getByText('Patient registration').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
