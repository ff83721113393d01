/**
 * The admin's Packages tab in real chromium (D40): receiving a package without a tag lists it as
 * needing one, a tag Metrc would refuse is shown on its field, tagging it clears the badge, and
 * finishing it takes its stock back off, so the shared stack's stock ends as it began.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { pick } from '../fixtures/checkout.ts';
import { createTestAdmin, openAdminTab, runTag, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('packages', run);
/** A tag of this run: 1A4 and 21 digits. */
const TAG = `1A4${`${Date.now()}${Math.floor(Math.random() * 1e8)}`.padStart(21, '0').slice(-21)}`;
let browser: Browser;
let product: ApiProduct;

beforeAll(async () => {
  browser = await launchBrowser();
  const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  product = pick(catalogue, (p) => p.category === 'Edible' && p.stockQuantity != null, 'tracked edible');
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

describe('the admin Packages tab (D40)', () => {
  it('receives a package without a tag, tags it, and finishes it', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, ADMIN);
    await openAdminTab(page, 'Packages');
    const panel = page.getByRole('tabpanel', { name: 'Packages' });
    await expect.poll(() => panel.getByRole('button', { name: 'Receive a package' }).isEnabled()).toBe(true);

    await panel.getByRole('button', { name: 'Receive a package' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive a package' });
    await receive.getByLabel('Product').selectOption({ label: product.name });
    await receive.getByLabel('Quantity (pieces)').fill('3');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect.poll(() => toast(page, `3 pieces of ${product.name} received`).count()).toBeGreaterThan(0);

    await panel.getByLabel('Product').selectOption({ label: product.name });
    await panel.getByLabel('Only packages that need a tag').check();
    const row = panel.getByRole('row').filter({ hasText: 'Needs a tag' }).filter({ hasText: '3 pieces' }).last();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /^Tag package #\d+/ }).click();

    const tagDialog = page.getByRole('dialog', { name: 'Tag a package' });
    const tagField = tagDialog.getByLabel('Metrc tag');
    await tagField.fill('1A4-not-a-tag');
    await tagDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tagField.getAttribute('aria-invalid')).toBe('true');
    await tagField.fill(TAG.toLowerCase());
    await tagDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Package saved').count()).toBeGreaterThan(0);

    await panel.getByLabel('Only packages that need a tag').uncheck();
    const tagged = panel.getByRole('row').filter({ hasText: TAG });
    await expect.poll(() => tagged.count()).toBe(1);
    await tagged.getByRole('button', { name: `Finish ${TAG}` }).click();
    const finish = page.getByRole('dialog', { name: `Finish ${TAG}` });
    await finish.getByLabel('Why what remains leaves').selectOption({ label: 'Count' });
    await finish.getByRole('button', { name: 'Finish package' }).click();
    await expect.poll(() => toast(page, 'Package finished').count()).toBeGreaterThan(0);
    await expect.poll(() => panel.getByRole('row').filter({ hasText: TAG }).count()).toBe(0);

    const after = (await (await fetch(`${baseUrl}/api/products/${product.id}`)).json()) as ApiProduct;
    expect(after.stockQuantity).toBe(product.stockQuantity);
    expect(errors).toEqual([]);
  });
});
