/**
 * The admin's Delivery settings tab in real chromium (D31, D36): a window's capacity changed and
 * saved, a bad end time shown in place with nothing saved, a date closed and opened again, and a
 * zone's fee edited in its dialog. Every change to the shared stack is undone.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { deliveryClosedDates, deliveryWindows, deliveryZones } from '../../src/db/schema.ts';
import { dateLabel } from '../../src/features/delivery/delivery-settings.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { createTestAdmin, openAdminTab, runTag, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { ROOMY_WINDOW_CAPACITY } from '../helpers/db.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const ADMIN = testAdmin('delivery-settings', runTag());
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** Signs in and opens the tab; the panel once the schedule has loaded. */
async function openTab(page: Page) {
  await signIn(page, ADMIN);
  await openAdminTab(page, 'Delivery settings');
  const panel = page.getByRole('tabpanel', { name: 'Delivery settings' });
  await panel.getByLabel('Wednesday window 2 Orders').waitFor({ state: 'visible' });
  return panel;
}

/** Wednesday's afternoon window (12:00 PM - 5:00 PM in the seed), as the database holds it. */
async function wednesdayAfternoon() {
  const [row] = await db
    .select()
    .from(deliveryWindows)
    .where(and(eq(deliveryWindows.weekday, 3), eq(deliveryWindows.startMinute, 720)));
  return row;
}

describe('the Delivery settings tab (D36)', () => {
  it("saves a window's capacity; an end before its start is shown in place and nothing is saved", async () => {
    const seed = await db.select().from(deliveryWindows).orderBy(asc(deliveryWindows.id));
    const before = await wednesdayAfternoon();
    expect(before).toMatchObject({ endMinute: 1020, capacity: ROOMY_WINDOW_CAPACITY });
    const { page, errors } = await openPage(browser);
    try {
      const panel = await openTab(page);
      expect(await panel.getByText('All times are New York time.').count()).toBe(1);
      const capacity = panel.getByLabel('Wednesday window 2 Orders');
      expect(await capacity.inputValue()).toBe(String(ROOMY_WINDOW_CAPACITY));
      await capacity.fill('14');
      await panel.getByRole('button', { name: 'Save schedule' }).click();
      await expect.poll(() => toast(page, 'Schedule saved').count()).toBe(1);
      await expect.poll(async () => (await wednesdayAfternoon())?.capacity).toBe(14);
      // The rest of the week is as it was.
      expect((await db.select().from(deliveryWindows)).length).toBe(seed.length);

      // A bad end and another change in the same save: the end is named in place, nothing is saved.
      await panel.getByLabel('Wednesday window 2 End').fill('11:00');
      await panel.getByLabel('Wednesday window 2 Orders').fill('20');
      await panel.getByRole('button', { name: 'Save schedule' }).click();
      const end = panel.getByLabel('Wednesday window 2 End');
      await expect.poll(() => end.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await end.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The end must be after the start');
      // The first field in error has the focus.
      const endId = await end.getAttribute('id');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(endId);
      expect(await panel.getByRole('alert').filter({ hasText: 'Nothing was saved.' }).count()).toBe(1);
      expect(await wednesdayAfternoon()).toMatchObject({ endMinute: 1020, capacity: 14 });

      // A reload shows what is saved.
      await page.reload();
      await hydrated(page, 'AdminDashboard');
      const again = page.getByRole('tabpanel', { name: 'Delivery settings' });
      await again.getByLabel('Wednesday window 2 Orders').waitFor({ state: 'visible' });
      expect(await again.getByLabel('Wednesday window 2 Orders').inputValue()).toBe('14');
      expect(await again.getByLabel('Wednesday window 2 End').inputValue()).toBe('17:00');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await db
        .update(deliveryWindows)
        .set({ capacity: before?.capacity ?? ROOMY_WINDOW_CAPACITY })
        .where(eq(deliveryWindows.id, (await wednesdayAfternoon())?.id ?? 0));
    }
  });

  it('closes a date with a note, lists it, and opens it again', async () => {
    const date = addDays(nyDate(Date.now()), 20);
    const label = dateLabel(date);
    const { page, errors } = await openPage(browser);
    try {
      const panel = await openTab(page);
      await panel.getByLabel('Date (New York)').fill(date);
      await panel.getByLabel('Note').fill('Staff training day');
      await panel.getByRole('button', { name: 'Close this date' }).click();
      await expect.poll(() => toast(page, `${label} is closed`).count()).toBe(1);
      expect(await toast(page, `${label} is closed`).textContent()).toContain('No orders are booked that day.');
      const row = panel.getByRole('table', { name: 'Closed dates' }).getByRole('row', { name: new RegExp(label) });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('Staff training day');
      expect(await db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date))).toEqual([
        expect.objectContaining({ date, note: 'Staff training day' }),
      ]);

      // Closing it twice is refused on the date field.
      await panel.getByLabel('Date (New York)').fill(date);
      await panel.getByRole('button', { name: 'Close this date' }).click();
      await expect.poll(() => panel.getByText(`${label} is already closed`).count()).toBe(1);

      await row.getByRole('button', { name: `Remove ${label}` }).click();
      await expect.poll(() => row.count()).toBe(0);
      expect(await db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date))).toEqual([]);
      expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    } finally {
      await page.context().close();
      await db.delete(deliveryClosedDates).where(eq(deliveryClosedDates.date, date));
    }
  });
});

describe('the zone dialog (D31)', () => {
  it("edits a zone's fee in dollars, and names a ZIP of another state in place", async () => {
    const [richmond] = await db.select().from(deliveryZones).where(eq(deliveryZones.name, 'Richmond'));
    if (!richmond) throw new Error('no Richmond zone');
    const { page, errors } = await openPage(browser);
    try {
      const panel = await openTab(page);
      await panel.getByRole('button', { name: 'Edit Richmond' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Richmond' });
      expect(await dialog.getByLabel('Delivery fee ($)').inputValue()).toBe('14.99');
      await dialog.getByLabel('Delivery fee ($)').fill('16.50');
      const zips = dialog.getByLabel(/^ZIP codes/);
      await zips.fill(`${await zips.inputValue()}\n20850`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog.getByText('ZIP 20850 is in Maryland, but the zone is in Virginia.').count()).toBe(1);
      expect((await db.select().from(deliveryZones).where(eq(deliveryZones.id, richmond.id)))[0]?.feeCents).toBe(1499);

      await zips.fill((await zips.inputValue()).replace('\n20850', ''));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Richmond saved').count()).toBe(1);
      expect((await db.select().from(deliveryZones).where(eq(deliveryZones.id, richmond.id)))[0]?.feeCents).toBe(1650);
      expect(await panel.getByRole('row', { name: /Richmond/ }).textContent()).toContain('$16.50');
      // The ZIP's state is the server's check (the ZIP dataset stays out of the island): the browser
      // logs its refusal, a 400 for this zone, and nothing else may appear.
      const refusal = (e: string) => e.includes('status of 400') && e.endsWith(`/api/admin/delivery/zones/${richmond.id})`);
      expect(errors.filter((e) => !refusal(e))).toEqual([]);
    } finally {
      await page.context().close();
      await db.update(deliveryZones).set({ feeCents: richmond.feeCents }).where(eq(deliveryZones.id, richmond.id));
    }
  });
});
