/**
 * Reports in real chromium (R1-R7): the journey makes its own orders on a day long past, where no
 * other journey's orders land, opens the Reports tab on that day, and checks that each chart
 * prints the same numbers as its table and that both match the orders made, Maryland's tax (D38)
 * in its own figure and columns. At a phone's width
 * the page does not scroll sideways. A dispatcher sees the reports but not the daily summary's
 * switch. Every row the journey adds to the shared stack is removed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { orderItems, orderStatusHistory, orders, outbox, products } from '../../src/db/schema.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { newOrderRef } from '../../src/features/orders/orders.ts';
import { recordRefusal } from '../../src/features/reports/reports.server.ts';
import { NO_ORDERS_MESSAGE, REFUSAL_LABELS } from '../../src/features/reports/reports.ts';
import { dayLabel } from '../../src/features/reports/reports-ui.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { createTestAdmin, openAdminTab, runTag, signedInPage, signIn, testAdmin } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { insertOrder, nyInstant, setOrderWindow } from '../helpers/delivery.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('reports', run);
const DISPATCHER = testAdmin('reports-dispatch', run);
/** A day of its own, years back, so no other journey's orders or refusals fall in it. */
const DATE = addDays(nyDate(Date.now()), -(800 + Math.floor(Math.random() * 2000)));
const DAY_FROM = nyInstant(`${DATE}T00:00`);
const DAY_TO = nyInstant(`${addDays(DATE, 1)}T00:00`);
const PHONE = { width: 375, height: 812 };
let browser: Browser;
const placed: { id: number; total: number; tax: number; units: number; cancelled: boolean }[] = [];
const MD_TAX = 'Maryland cannabis sales and use tax';
let productName = '';

async function addOrder(n: number, cancelled = false): Promise<void> {
  const ref = newOrderRef();
  const [product] = await db.select().from(products).limit(1);
  if (!product) throw new Error('no seed product');
  productName = product.name;
  const units = n + 1;
  const goods = 3000 + n * 125;
  // D38: 12 % of the goods, rounded once, half a cent up, as checkout charges it.
  const tax = Math.floor((goods * 1200 + 5000) / 10000);
  const total = goods + tax;
  const row = await insertOrder(
    db,
    {
      ref,
      firstName: 'Rita',
      lastName: `Report${n}-${run}`,
      email: `reports-${n}-${run}@example.com`,
      phone: '(240) 555-0177',
      deliveryAddress: `${n} Langley Road`,
      subtotal: goods,
      tax,
      taxLines: [{ name: MD_TAX, basisPoints: 1200, appliesTo: 'goods', amount: tax }],
      total,
      status: cancelled ? 'cancelled' : 'processing',
      createdAt: nyInstant(`${DATE}T${String(10 + n).padStart(2, '0')}:00`),
    },
    [
      {
        productId: product.id,
        name: product.name,
        category: 'Accessories',
        quantity: units,
        unitPrice: Math.round(goods / units),
        lineTotal: goods,
      },
    ],
  );
  if (cancelled)
    await db
      .insert(orderStatusHistory)
      .values({ orderId: row.id, fromStatus: 'processing', toStatus: 'cancelled', actor: ADMIN.email, note: `Changed mind ${run}` });
  await setOrderWindow(db, ref, `${DATE}T12:00`, `${DATE}T17:00`);
  placed.push({ id: row.id, total, tax, units, cancelled });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
  await createAdmin(db, DISPATCHER.email, DISPATCHER.password, 'dispatcher');
  await addOrder(1);
  await addOrder(2);
  await addOrder(3, true);
  await recordRefusal(db, 'zip_not_served', nyInstant(`${DATE}T09:00`));
  await recordRefusal(db, 'zip_not_served', nyInstant(`${DATE}T09:30`));
  await recordRefusal(db, 'out_of_stock', nyInstant(`${DATE}T10:00`));
});
afterAll(async () => {
  const ids = placed.map((o) => o.id);
  if (ids.length > 0) {
    await db.delete(outbox).where(inArray(outbox.orderId, ids));
    await db.delete(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    await db.delete(orderItems).where(inArray(orderItems.orderId, ids));
    await db.delete(orders).where(inArray(orders.id, ids));
  }
  await db.run(sql`delete from checkout_refusals where created_at >= ${DAY_FROM} and created_at < ${DAY_TO}`);
  await browser?.close();
  close();
});

const kept = () => placed.filter((o) => !o.cancelled);
const revenue = () => kept().reduce((sum, o) => sum + o.total, 0);
const taxed = () => kept().reduce((sum, o) => sum + o.tax, 0);
/** What the products sold for: their line totals, without the tax on top (R5). */
const goods = () => revenue() - taxed();

/** Opens the Reports tab and shows the journey's day through the custom range. */
async function openReports(page: Page): Promise<Locator> {
  await openAdminTab(page, 'Reports');
  const panel = page.getByRole('tabpanel', { name: 'Reports' });
  await panel.getByRole('radio', { name: 'Custom' }).check();
  await panel.getByLabel('From (New York date)').fill(DATE);
  await panel.getByLabel('To (New York date)').fill(DATE);
  await panel.getByRole('button', { name: 'Show this period' }).click();
  await expect.poll(() => panel.getByText(`Showing ${dayLabel(DATE)}, ${DATE.slice(0, 4)}`).count()).toBe(1);
  return panel;
}

const section = (panel: Locator, title: string) => panel.getByRole('region', { name: title, exact: true });

/** A chart's figure, once drawn. */
async function chart(scope: Locator, title: string): Promise<Locator> {
  const figure = scope.getByRole('figure', { name: title, exact: true });
  await expect.poll(() => figure.getByRole('img', { name: title, exact: true }).count()).toBe(1);
  return figure;
}

/** What the drawing says of each bar, point or cell: its title, 'label: value'. */
const drawn = (figure: Locator) => figure.locator('svg g > title').allTextContents();

/**
 * The same from the chart's table, opened with its toggle: 'row: value' from the first column and
 * `column` (the last when not named), or, for a grid, 'row, column: cell' for every cell.
 */
async function tabled(figure: Locator, opts: { column?: string; grid?: boolean } = {}): Promise<string[]> {
  // The toggle's name changes with its state, so it is found by what it controls.
  const toggle = figure.locator('figcaption button[aria-controls]');
  expect(await toggle.textContent()).toMatch(/^Show table/);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  return tableRows(figure, opts);
}

/** The same from a chart's table already open: 'row: value' of `column`, or every cell of a grid. */
async function tableRows(figure: Locator, opts: { column?: string; grid?: boolean } = {}): Promise<string[]> {
  const table = figure.getByRole('table');
  const head = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
  if (opts.grid) return rows.flatMap((r) => head.slice(1).map((col, i) => `${r[0]}, ${col}: ${r[i + 1]}`));
  const at = opts.column ? head.indexOf(opts.column) : head.length - 1;
  return rows.map((r) => `${r[0]}: ${r[at]}`);
}

/**
 * With REPORTS_SCREENSHOTS set, pictures of the tab for a person to look at: the whole page and
 * each report, into /tmp/reports-{width}-*.png. Nothing is asserted on them.
 */
async function screenshots(page: Page, panel: Locator, width: string): Promise<void> {
  if (!process.env.REPORTS_SCREENSHOTS) return;
  await page.screenshot({ path: `/tmp/reports-${width}.png`, fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/reports-${width}-top.png` });
  for (const [n, region] of (await panel.getByRole('region').all()).entries()) {
    await region.screenshot({ path: `/tmp/reports-${width}-${n}.png` });
  }
  // A month too, ending on the journey's day, to see a long range's axes thinned.
  await panel.getByRole('radio', { name: 'Custom' }).check();
  await panel.getByLabel('From (New York date)').fill(addDays(DATE, -29));
  await panel.getByLabel('To (New York date)').fill(DATE);
  await panel.getByRole('button', { name: 'Show this period' }).click();
  const sales = section(panel, 'Sales');
  await expect.poll(() => sales.locator('figure svg g > title').count()).toBe(60);
  await sales.screenshot({ path: `/tmp/reports-${width}-30-days.png` });
}

describe('reports (R1-R7)', () => {
  it("shows the day's orders in every chart, each with the same numbers as its table", async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const panel = await openReports(page);

    // Sales: totals, then a chart per day series.
    const sales = section(panel, 'Sales');
    await expect.poll(() => sales.getByRole('figure').count()).toBe(2);
    const totals = await sales
      .locator('dl > div')
      .evaluateAll((pairs) => pairs.map((p) => `${p.querySelector('dt')?.textContent}: ${p.querySelector('dd')?.textContent}`));
    expect(totals).toEqual([
      `Revenue: ${formatMoney(revenue())}`,
      'Orders: 2',
      `Average order: ${formatMoney(Math.round(revenue() / 2))}`,
      `Tax collected: ${formatMoney(taxed())}`,
    ]);
    const perDay = await chart(sales, 'Revenue per day');
    expect(await drawn(perDay)).toEqual([`${dayLabel(DATE)}: ${formatMoney(revenue())}`]);
    expect(await tabled(perDay, { column: 'Revenue' })).toEqual(await drawn(perDay));
    // The day's tax is a column of the same table, the cancelled order's left out.
    expect(await tableRows(perDay, { column: 'Tax' })).toEqual([`${dayLabel(DATE)}: ${formatMoney(taxed())}`]);
    const taxes = sales.getByRole('table', { name: `Tax collected by state: ${formatMoney(taxed())}` });
    expect(await taxes.getByRole('row', { name: /Maryland/ }).allTextContents()).toEqual([
      `Maryland${MD_TAX} (12%)2${formatMoney(taxed())}`,
    ]);
    // Few days: the value is printed on the chart itself.
    expect(await perDay.locator('svg').textContent()).toContain(formatMoney(revenue()));
    const ordersPerDay = await chart(sales, 'Orders per day');
    expect(await drawn(ordersPerDay)).toEqual([`${dayLabel(DATE)}: 2`]);
    expect(await tabled(ordersPerDay)).toEqual(await drawn(ordersPerDay));
    const cancellations = sales.getByRole('table', { name: 'Cancellations: 1' });
    expect(await cancellations.textContent()).toContain(`Changed mind ${run}`);
    expect(await sales.getByText('No delivery failed.').count()).toBe(1);

    // Windows: the weekday's afternoon cell holds the two orders kept.
    const windows = section(panel, 'Delivery windows');
    const grid = await chart(windows, 'Orders per delivery window');
    const cells = await drawn(grid);
    const weekday = dayLabel(DATE).slice(0, 3);
    const cell = cells.find((c) => c.includes('12:00 PM - 5:00 PM') && c.startsWith(weekday));
    expect(cell).toMatch(/: 2 of \d+ places \(\d+%\)$/);
    expect(await tabled(grid, { grid: true })).toEqual(cells);
    const places = Number(/of (\d+) places/.exec(cell ?? '')?.[1]);
    expect(await grid.locator('svg').textContent()).toContain(`2/${places}`);

    // Zones and states: everything went to Rockville, MD.
    const zones = section(panel, 'Zones and states');
    for (const [title, value, column] of [
      ['Revenue by zone', formatMoney(revenue()), 'Revenue'],
      ['Orders by zone', '2', 'Orders'],
      ['Revenue by state', formatMoney(revenue()), 'Revenue'],
      ['Orders by state', '2', 'Orders'],
    ] as const) {
      const figure = await chart(zones, title);
      const bars = await drawn(figure);
      expect(bars, title).toHaveLength(1);
      expect(bars[0], title).toMatch(new RegExp(`: ${value.replace(/[$.]/g, '\\$&')}$`));
      expect(await tabled(figure, { column }), title).toEqual(bars);
    }
    // Each state's tax beside its revenue.
    expect(await tableRows(await chart(zones, 'Revenue by state'), { column: 'Tax' })).toEqual([`Maryland: ${formatMoney(taxed())}`]);
    expect((await drawn(await chart(zones, 'Orders by state')))[0]).toBe('Maryland: 2');

    // Products: the one product sold, with its units and revenue; categories agree with their table.
    const productsSection = section(panel, 'Products and categories');
    const best = productsSection.getByRole('table', { name: 'Best sellers' });
    await expect.poll(() => best.count()).toBe(1);
    const bestRow = best.getByRole('row', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await bestRow.textContent()).toContain(formatMoney(goods()));
    expect(await bestRow.locator('td').nth(1).textContent()).toBe(String(kept().reduce((s, o) => s + o.units, 0)));
    const categories = await chart(productsSection, 'Revenue by category');
    expect(await tabled(categories, { column: 'Revenue' })).toEqual(await drawn(categories));
    expect((await drawn(categories)).some((b) => b.endsWith(formatMoney(goods())))).toBe(true);

    // Refused checkouts, by cause.
    const refusals = await chart(section(panel, 'Checkouts refused'), 'Checkouts refused by cause');
    const causes = await drawn(refusals);
    expect(causes).toContain(`${REFUSAL_LABELS.zip_not_served}: 2`);
    expect(causes).toContain(`${REFUSAL_LABELS.out_of_stock}: 1`);
    expect(await tabled(refusals)).toEqual(causes);

    // Each report's CSV, for the same day.
    const csv = section(panel, 'Sales').getByRole('link', { name: /Download CSV/ });
    expect(await csv.getAttribute('href')).toBe(`/api/admin/reports/sales.csv?from=${DATE}&to=${DATE}`);
    const file = await page.request.get(`${baseUrl}/api/admin/reports/sales.csv?from=${DATE}&to=${DATE}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('text/csv');
    expect(await file.text()).toContain(`Total,2,${(revenue() / 100).toFixed(2)},`);
    expect(await file.text()).toContain(`,${(taxed() / 100).toFixed(2)}\r\n`);

    // The daily summary's switch is an admin's; it starts off, so sending now says so and sends nothing.
    const summary = panel.getByRole('checkbox', { name: 'E-mail a daily summary to admins' });
    await expect.poll(() => summary.count()).toBe(1);
    expect(await summary.isChecked()).toBe(false);
    await panel.getByRole('button', { name: "Send yesterday's summary now" }).click();
    await expect.poll(() => panel.getByRole('status').filter({ hasText: 'the daily summary is turned off' }).count()).toBe(1);
    await screenshots(page, panel, 'desktop');
    expect(errors).toEqual([]);
  });

  it('says there were no orders on a day without any', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const panel = await openReports(page);
    await panel.getByLabel('From (New York date)').fill(addDays(DATE, -1));
    await panel.getByLabel('To (New York date)').fill(addDays(DATE, -1));
    await panel.getByRole('button', { name: 'Show this period' }).click();
    await expect.poll(() => section(panel, 'Sales').getByText(NO_ORDERS_MESSAGE).count()).toBe(1);
    expect(await section(panel, 'Sales').getByRole('figure').count()).toBe(0);
    // A To before From is refused by the field, and nothing changes.
    await panel.getByLabel('To (New York date)').fill(addDays(DATE, -3));
    await panel.getByRole('button', { name: 'Show this period' }).click();
    await expect.poll(() => panel.getByText('The range must end on or after its first day').count()).toBe(1);
    expect(await panel.getByLabel('To (New York date)').getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('fits a phone without scrolling sideways', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN, {});
    await page.setViewportSize(PHONE);
    const panel = await openReports(page);
    await chart(section(panel, 'Delivery windows'), 'Orders per delivery window');
    await chart(section(panel, 'Zones and states'), 'Revenue by zone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshots(page, panel, '375');
    expect(errors).toEqual([]);
  });

  it("fetches the charts' code only when the Reports tab opens, never on a shopper's page", async () => {
    const { page, errors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /ReportsTab/.test(u))).toEqual([]);

    await signIn(page, ADMIN);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((u) => /ReportsTab/.test(u))).toEqual([]);
    await openAdminTab(page, 'Reports');
    await expect.poll(() => scripts.filter((u) => /ReportsTab/.test(u)).length).toBe(1);
    expect(errors).toEqual([]);
  });

  it('shows a dispatcher the reports but not the daily summary', async () => {
    const { page, errors } = await signedInPage(browser, DISPATCHER);
    const panel = await openReports(page);
    await chart(section(panel, 'Sales'), 'Revenue per day');
    expect(await panel.getByRole('checkbox', { name: 'E-mail a daily summary to admins' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: "Send yesterday's summary now" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
