/**
 * The menu's whole life in real chromium against the built site, the functions and the API (M1,
 * M3, M5, D33): the admin creates a product with an uploaded image; without JavaScript its own page,
 * its category page and search show it at once, and the sitemap lists it; a shopper orders it; the
 * admin archives it and it leaves every public place, while the past order still shows it and the
 * ledger and the trail show each step.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { AdminProduct } from '../../src/features/admin/admin.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { createTestAdmin, runTag, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('journey', run);
let browser: Browser;
let noScript: BrowserContext;
let tmp: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A shopper, or a crawler, without JavaScript: only the HTML the server sends counts.
  noScript = await browser.newContext({ javaScriptEnabled: false });
  tmp = mkdtempSync(path.join(tmpdir(), 'menu-journey-'));
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await noScript?.close();
  await browser?.close();
  close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The page as the server sends it, read without JavaScript: its status and its main text. */
async function served(pathname: string): Promise<{ status: number; main: string; html: string }> {
  const page = await noScript.newPage();
  try {
    const res = await page.goto(`${baseUrl}${pathname}`);
    const main = (await page.locator('main').textContent()) ?? '';
    return { status: res?.status() ?? 0, main, html: await page.content() };
  } finally {
    await page.close();
  }
}

const sitemap = async () => (await fetch(`${baseUrl}/sitemap.xml`)).text();

describe('a product from creation to archive', () => {
  it('is public at once without JavaScript, is ordered, then archived everywhere but the past order', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN, { next: '/product-manager', island: 'ProductManager' });
    const name = `Journey Mango Chews ${run}`;
    const file = path.join(tmp, 'mango.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f2a03d' } })
        .png()
        .toBuffer(),
    );

    // Create: an active edible with stock and an uploaded image.
    await page.getByRole('button', { name: 'New product' }).click();
    const editor = page.getByRole('dialog', { name: 'New product' });
    await editor.getByLabel('Category').selectOption({ label: 'Edible' });
    await editor.getByLabel('Name').fill(name);
    await editor.getByLabel('Price', { exact: true }).fill('18.00');
    await editor.getByLabel('THC per package (mg)').fill('100');
    await editor.getByLabel('Initial stock (units)').fill('10');
    await editor.getByLabel('Status').selectOption('active');
    await editor.getByLabel('Or upload an image').setInputFiles(file);
    await expect.poll(() => editor.getByLabel('Image URL').inputValue()).toMatch(/^\/api\/images\/uploads\/[0-9a-f]{32}\.png$/);
    const image = await editor.getByLabel('Image URL').inputValue();
    await editor.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => toast(page, 'Product created').count()).toBe(1);
    const all = (await (await page.request.get(`${baseUrl}/api/admin/products`)).json()) as AdminProduct[];
    const product = all.find((p) => p.name === name);
    if (!product) throw new Error('the new product is not in the admin list');
    expect(product).toMatchObject({ status: 'active', price: 1800, image, stockQuantity: 10 });

    // Public at once, in the HTML itself: its page, its category, search and the sitemap.
    const own = await served(`/product/${product.id}`);
    expect(own.status).toBe(200);
    expect(own.main).toContain(name);
    expect(own.main).toContain('$18.00');
    expect(own.html).toContain(image);
    expect((await served('/categories/edible')).main).toContain(name);
    expect((await served(`/search?q=${encodeURIComponent(`Journey Mango ${run}`)}`)).main).toContain(name);
    expect(await sitemap()).toContain(`/product/${product.id}</loc>`);

    // A shopper orders it, at the price the page showed.
    const res = await fetch(`${baseUrl}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: product.id, quantity: 1, price: 1800 }])),
    });
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };

    // Archive it, after the preview.
    await page.getByLabel('Search products').fill(name);
    const row = page
      .getByRole('table', { name: /^Products/ })
      .getByRole('row')
      .filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive' }).click();
    const bulk = page.getByRole('dialog', { name: 'Archive products' });
    await expect.poll(() => bulk.getByRole('table', { name: 'Changes to apply' }).locator('tbody tr').count()).toBe(1);
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toast(page, 'Products updated').count()).toBe(1);

    // Gone from every public place...
    const gone = await served(`/product/${product.id}`);
    expect(gone.status).toBe(404);
    expect(gone.main).not.toContain(name);
    expect((await served('/categories/edible')).main).not.toContain(name);
    expect((await served(`/search?q=${encodeURIComponent(`Journey Mango ${run}`)}`)).main).not.toContain(name);
    expect(await sitemap()).not.toContain(`/product/${product.id}</loc>`);
    expect((await fetch(`${baseUrl}/api/products/${product.id}`)).status).toBe(404);

    // ...but the past order still shows it, as it was sold.
    const confirmation = await browser.newPage();
    await confirmation.goto(`${baseUrl}/order-confirmation/${orderId}`);
    await expect.poll(() => confirmation.getByRole('main').textContent()).toContain(name);
    expect(await confirmation.getByRole('main').textContent()).toContain('$18.00');
    await confirmation.close();

    // The ledger and the trail show each step.
    await page.getByLabel('Status').selectOption('archived');
    await row.getByRole('button', { name: `Stock & history of ${name}` }).click();
    const history = page.getByRole('dialog', { name: `Stock and history: ${name}` });
    const ledger = history.getByRole('table', { name: /Inventory ledger/ }).locator('tbody tr');
    await expect.poll(() => ledger.count()).toBe(2);
    const cells = (row: number) => ledger.nth(row).locator('td, th').allTextContents();
    expect(await cells(0)).toEqual(expect.arrayContaining(['system', '−1 unit', 'Sold', `Order ${orderId}`, '9 units']));
    expect(await cells(1)).toEqual(expect.arrayContaining(['+10 units', 'Received', 'Initial stock', '10 units']));
    const trail = history.getByRole('table', { name: /Change history/ }).locator('tbody tr');
    await expect.poll(() => trail.filter({ hasText: 'Archived' }).count()).toBeGreaterThan(0);
    expect(await trail.filter({ hasText: 'Archived' }).first().textContent()).toMatch(/Status\s*Active\s*Archived/);
    expect(await trail.filter({ hasText: name }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
