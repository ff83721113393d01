/**
 * The product manager's new tools in real chromium against the built site and the API (admin.md
 * §2; D33; M1-M3): a new product starts as a draft the shop does not show, stock is received into
 * the ledger and shows in the history, a bulk action previews its changes before applying them,
 * Duplicate opens a prefilled copy, and a product never ordered can be deleted.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { createTestAdmin, runTag, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('products', run);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

const shopStatus = async (id: number) => (await fetch(`${baseUrl}/api/products/${id}`)).status;

describe('product manager: new product, stock, bulk action, duplicate, delete', () => {
  it('creates a draft, receives stock into the ledger, activates it after a preview, and deletes it', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN, { next: '/product-manager', island: 'ProductManager' });
    const name = `E2E Lime Gummies ${run}`;

    // New product: the category comes first, then the fields it takes.
    await page.getByRole('button', { name: 'New product' }).click();
    const editor = page.getByRole('dialog', { name: 'New product' });
    expect(await editor.getByLabel('Price', { exact: true }).count()).toBe(0);
    await editor.getByLabel('Category').selectOption({ label: 'Edible' });
    await editor.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => editor.getByText('Name is required', { exact: true }).count()).toBe(1);
    expect(await editor.getByText('Price must be a number', { exact: true }).count()).toBe(1);
    await editor.getByLabel('Name').fill(name);
    await editor.getByLabel('Price', { exact: true }).fill('24.50');
    await editor.getByLabel('THC per package (mg)').fill('100');
    await editor.getByLabel('Initial stock (units)').fill('12');
    await editor.getByLabel('Low stock at (units)').fill('15');
    expect(await editor.getByLabel('Status').inputValue()).toBe('draft');
    await editor.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => toast(page, 'Product created').count()).toBe(1);
    await expect.poll(() => editor.count()).toBe(0);

    const all = (await (await page.request.get(`${baseUrl}/api/admin/products`)).json()) as AdminProduct[];
    const created = all.find((p) => p.name === name);
    if (!created) throw new Error('the new product is not in the admin list');
    expect(created).toMatchObject({ status: 'draft', price: 2450, thcMg: 100, stockQuantity: 12 });
    // A draft is nowhere in the shop.
    expect(await shopStatus(created.id)).toBe(404);

    // The status and low-stock filters find it.
    await page.getByLabel('Search products').fill(name);
    await page.getByLabel('Status').selectOption('draft');
    await page.getByLabel('Low stock').check();
    const table = page.getByRole('table', { name: /^Products/ });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toMatch(/Draft.*12 units.*Low stock/);

    // Receive stock; the ledger and the trail show it.
    await row.getByRole('button', { name: `Stock & history of ${name}` }).click();
    const history = page.getByRole('dialog', { name: `Stock and history: ${name}` });
    const ledger = history.getByRole('table', { name: /Inventory ledger/ });
    await expect.poll(() => ledger.locator('tbody tr').count()).toBe(1);
    await history.getByLabel('Quantity (units)').fill('5');
    await history.getByLabel('Note').fill('From the grower');
    await history.getByRole('button', { name: 'Receive stock' }).click();
    await expect.poll(() => toast(page, 'Stock updated').count()).toBe(1);
    await expect.poll(() => ledger.locator('tbody tr').count()).toBe(2);
    const newest = ledger.locator('tbody tr').first();
    expect(await newest.textContent()).toMatch(/EDT|EST/);
    expect(await newest.textContent()).toContain(`admin:${ADMIN.email}`);
    expect(await newest.textContent()).toMatch(/\+5 units.*Received.*From the grower.*17 units/);
    expect(await ledger.locator('tbody tr').nth(1).textContent()).toMatch(/\+12 units.*Received.*Initial stock.*12 units/);
    const trail = history.getByRole('table', { name: /Change history/ });
    await expect.poll(() => trail.locator('tbody tr').filter({ hasText: 'Stock' }).first().textContent()).toMatch(/Stock\s*12\s*17/);
    await history.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => history.count()).toBe(0);
    // 17 is above its threshold of 15: it leaves the low-stock list.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Low stock').uncheck();
    await expect.poll(() => row.textContent()).toContain('17 units');

    // Bulk: activate it, after a preview of the change.
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    expect(await bar.textContent()).toContain('1 selected');
    await bar.getByRole('button', { name: 'Activate' }).click();
    const bulk = page.getByRole('dialog', { name: 'Activate products' });
    const preview = bulk.getByRole('table', { name: 'Changes to apply' });
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(1);
    expect(await preview.locator('tbody tr').textContent()).toMatch(new RegExp(`${name}\\s*Status\\s*Draft\\s*Active`));
    expect(await shopStatus(created.id)).toBe(404);
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toast(page, 'Products updated').count()).toBe(1);
    await expect.poll(() => shopStatus(created.id)).toBe(200);

    // Duplicate opens the new-product form with a draft copy.
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => row.textContent()).toContain('Active');
    await row.getByRole('button', { name: `Duplicate ${name}` }).click();
    const copy = page.getByRole('dialog', { name: 'New product' });
    expect(await copy.getByLabel('Name').inputValue()).toBe(`Copy of ${name}`);
    expect(await copy.getByLabel('Status').inputValue()).toBe('draft');
    expect(await copy.getByLabel('Price', { exact: true }).inputValue()).toBe('24.50');
    await copy.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => copy.count()).toBe(0);

    // Never ordered, so it can be deleted.
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => toast(page, 'Product deleted').count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    expect(await shopStatus(created.id)).toBe(404);
    expect(errors).toEqual([]);
  });
});
