/**
 * The admin's States tab in real chromium (D38), at a phone's width: the rules as they stand with
 * their "To confirm" marks, Virginia's opening date and sales changed and shown with a history row,
 * a bad percent and an end before the start refused in place with nothing saved, and the tab kept
 * from dispatchers. Every change to the shared stack is undone.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { states } from '../../src/db/schema.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { createTestAdmin, openAdminTab, runTag, sectionNav, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('states-admin', run);
const PHONE = { width: 375, height: 812 };
let browser: Browser;
let seed: (typeof states.$inferSelect)[] = [];

const stateRow = async (code: string) => (await db.select().from(states).where(eq(states.code, code)))[0];
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
  seed = await db.select().from(states);
});
afterAll(async () => {
  await browser?.close();
  // Other journeys read the states: each row goes back as it was.
  for (const { id, ...row } of seed) await db.update(states).set(row).where(eq(states.id, id));
  close();
});

/** Signs in and opens the tab; the panel once the states have loaded. */
async function openTab(page: Page) {
  await signIn(page, ADMIN);
  await openAdminTab(page, 'States');
  const panel = page.getByRole('tabpanel', { name: 'States' });
  await panel.getByRole('region', { name: 'Virginia' }).waitFor({ state: 'visible' });
  return panel;
}

describe('the States tab (D38)', () => {
  it("shows each state's rules, saves Virginia's opening date and sales, and lists the change in its history", async () => {
    const { page, errors } = await openPage(browser, { viewport: PHONE });
    try {
      const panel = await openTab(page);
      const virginia = panel.getByRole('region', { name: 'Virginia' });
      const maryland = panel.getByRole('region', { name: 'Maryland' });
      const rule = (state: typeof virginia, name: string) => state.getByRole('term').filter({ hasText: name });

      // Virginia is closed, with no opening date; its opening date waits to be confirmed.
      expect(
        await virginia
          .getByRole('definition')
          .filter({ hasText: /^Closed$/ })
          .count(),
      ).toBe(1);
      expect(await rule(virginia, 'Opening date').textContent()).toContain('To confirm');
      expect(await rule(virginia, 'Sales').textContent()).not.toContain('To confirm');
      // Maryland's 12 % on goods, its tax to confirm, with the source and the date checked.
      expect(await maryland.getByText('Maryland cannabis sales and use tax: 12 % on goods').count()).toBe(1);
      expect(await rule(maryland, 'Taxes').textContent()).toContain('To confirm');
      expect(await maryland.getByText(/Source: HB 352 .* Checked Sat, Nov 28, 2026/).count()).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

      await virginia.getByRole('button', { name: 'Edit Virginia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Virginia' });
      await dialog.getByLabel('Sales', { exact: true }).selectOption('adult');
      await dialog.getByLabel('Opening date (New York)').fill('2027-01-01');
      await dialog.getByLabel('Opening date checked on').fill('2026-11-28');
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH') sent.push(r.postData() ?? '');
      });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Virginia saved').count()).toBe(1);
      // Only what changed was sent (the date checked was unchanged).
      expect(sent.map((body) => JSON.parse(body))).toEqual([{ sales: 'adult', opensOn: '2027-01-01' }]);
      expect(await stateRow('VA')).toMatchObject({ sales: 'adult', opensOn: '2027-01-01' });

      // Still closed today; adult sales from the new date.
      expect(await virginia.getByText('Closed today; adults 21+ from Fri, Jan 1, 2027').count()).toBe(1);
      expect(await rule(virginia, 'Opening date').locator('xpath=following-sibling::dd[1]').textContent()).toBe('Fri, Jan 1, 2027');

      await virginia.getByText('History', { exact: true }).click();
      const history = virginia.getByRole('table', { name: 'Virginia: change history, newest first' });
      const salesRow = history.getByRole('row').filter({ hasText: 'Sales' }).filter({ hasText: ADMIN.email });
      await expect.poll(() => salesRow.count()).toBe(1);
      expect(await salesRow.textContent()).toMatch(/ClosedAdults 21\+$/);
      expect(await salesRow.textContent()).toMatch(/E[SD]T/);
      const opensRow = history.getByRole('row').filter({ hasText: 'Opening date' }).filter({ hasText: ADMIN.email });
      expect(await opensRow.textContent()).toMatch(/No dateFri, Jan 1, 2027$/);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows a bad percent and an end before the start next to their fields, and saves nothing', async () => {
    const before = await stateRow('MD');
    const { page, errors } = await openPage(browser, { viewport: PHONE });
    try {
      const panel = await openTab(page);
      await panel.getByRole('button', { name: 'Edit Maryland' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Maryland' });
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH') sent.push(r.url());
      });

      // The schema the server uses refuses it before anything is sent; the field has the focus.
      const percent = dialog.getByLabel('Tax line 1 Percent');
      await percent.fill('12.345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => percent.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await percent.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Use at most two decimals');
      const percentId = await percent.getAttribute('id');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(percentId);
      expect(await dialog.getByRole('alert').filter({ hasText: 'Nothing was saved.' }).count()).toBe(1);
      expect(sent).toEqual([]);

      // An end before the start only the server refuses: its error shows on the end.
      await percent.fill('12');
      await dialog.getByLabel('Delivery end (New York)').fill('08:00');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const end = dialog.getByLabel('Delivery end (New York)');
      await expect.poll(() => end.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${await end.getAttribute('aria-describedby')}"]`).textContent()).toBe('End after the start');
      expect(sent).toHaveLength(1);
      expect(await stateRow('MD')).toEqual(before);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      // The browser logs the refused request (400) itself; nothing else may fail.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('is not shown to dispatchers', async () => {
    const dispatcher = testAdmin('states-dispatcher', run);
    await createAdmin(db, dispatcher.email, dispatcher.password, 'dispatcher');
    const { page } = await openPage(browser);
    try {
      await signIn(page, dispatcher);
      await page.getByRole('tab', { name: 'Orders' }).waitFor();
      expect(await page.getByRole('tab', { name: 'States' }).count()).toBe(0);
      expect(await sectionNav(page).getByRole('link', { name: 'Team & compliance' }).count()).toBe(0);
      // Its section's page, opened all the same, shows the first section the dispatcher may open.
      await page.goto(`${baseUrl}/admin/team#states`);
      await page.waitForURL(`${baseUrl}/admin/orders`);
      await page.getByRole('tab', { name: 'Orders' }).waitFor();
      expect(await page.getByRole('tab', { name: 'States' }).count()).toBe(0);
      expect(await page.evaluate(async () => (await fetch('/api/admin/states')).status)).toBe(403);
    } finally {
      await page.context().close();
    }
  });
});
