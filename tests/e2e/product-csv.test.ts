/**
 * The products CSV in real chromium against the served site and API: a file with one bad row
 * uploads with visible progress, its preview names the row, column and reason, Apply stays
 * disabled and nothing changes; the fixed file then applies.
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { products } from '../../src/db/schema.ts';
import { parseCsv } from '../../src/features/menu/csv.ts';
import { createTestAdmin, openAdminTab, runTag, signIn, testAdmin } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('csv', run);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** Cells as a spreadsheet saves them: quoted where needed, nothing added. */
const toCsv = (rows: readonly (readonly string[])[]) =>
  `${rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n')}\r\n`;

describe('products CSV import (Import / Export tab)', () => {
  it('previews a file with one bad row without applying it, then applies the fixed file', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN);
    await openAdminTab(page, 'Import / Export');
    const panel = page.getByRole('tabpanel', { name: 'Import / Export' });
    expect(await panel.getByRole('link', { name: 'Export all products (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/products/export.csv',
    );
    expect(await panel.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe('/api/admin/products/template.csv');

    // The admin's own export, as the link downloads it, cut to the first three products.
    const exported = await page.request.get(`${baseUrl}/api/admin/products/export.csv`);
    expect(exported.status()).toBe(200);
    const [header = [], ...rows] = parseCsv(await exported.text());
    const col = (name: string) => header.indexOf(name);
    const [first, second, third] = rows.map((r) => [...r]);
    if (!first || !second || !third) throw new Error('the catalogue needs three products');
    const id = Number(second[col('id')]);
    const [before] = await db.select({ description: products.description }).from(products).where(eq(products.id, id));
    const newDescription = `${before?.description ?? ''} Restocked ${run}.`;
    second[col('description')] = newDescription;
    const goodPrice = third[col('price')] ?? '';
    third[col('price')] = '-1.00';

    try {
      // The upload is held until its progress bar has been seen: it shows from the first byte.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        '**/api/admin/products/import?dryRun=1',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await panel.getByLabel('CSV file to import').setInputFiles({
        name: 'menu.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(toCsv([header, first, second, third])),
      });
      const progress = panel.getByRole('progressbar', { name: 'Uploading for preview' });
      await expect.poll(() => progress.count()).toBe(1);
      release();

      const status = panel.getByRole('status');
      await expect.poll(() => status.textContent()).toContain('1 error in the file: nothing can be imported until it is fixed.');
      const table = panel.getByRole('table', { name: 'Errors in the file' });
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Row', 'Column', 'Reason']);
      expect(await table.locator('tbody tr').count()).toBe(1);
      expect(await table.locator('tbody td').allTextContents()).toEqual(['4', 'price', 'Price cannot be negative']);
      const apply = panel.getByRole('button', { name: 'Apply import' });
      expect(await apply.isDisabled()).toBe(true);
      const [unchanged] = await db.select({ description: products.description }).from(products).where(eq(products.id, id));
      expect(unchanged?.description).toBe(before?.description);

      // The fixed file: its preview has no errors, Apply applies it.
      third[col('price')] = goodPrice;
      await panel.getByLabel('CSV file to import').setInputFiles({
        name: 'menu-fixed.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(toCsv([header, first, second, third])),
      });
      await expect.poll(() => status.textContent()).toContain('Ready to import: 0 products to create, 1 to update, 2 unchanged.');
      expect(await panel.getByRole('table', { name: 'Errors in the file' }).count()).toBe(0);
      await expect.poll(() => apply.isEnabled()).toBe(true);
      await apply.click();
      await expect.poll(() => status.textContent()).toContain('Imported: 0 products created, 1 updated, 2 unchanged.');
      const [after] = await db.select({ description: products.description }).from(products).where(eq(products.id, id));
      expect(after?.description).toBe(newDescription);
      expect(errors).toEqual([]);
    } finally {
      await db
        .update(products)
        .set({ description: before?.description ?? '' })
        .where(eq(products.id, id));
    }
  });
});
