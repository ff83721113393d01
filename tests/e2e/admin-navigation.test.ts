/**
 * The admin's sections (src/features/admin/admin-sections.ts) in real chromium: a sidebar on a desk
 * whose links open each section's own page with its tabs, a menu button on a phone that opens the
 * same list and is used by keyboard, a dispatcher shown only its sections (D35), and an old link to
 * a tab (/admin#drivers) landing on that tab in its section.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { ADMIN_SECTIONS, type SectionId } from '../../src/features/admin/admin-sections.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { createTestAdmin, runTag, sectionMenuButton, sectionNav, signIn, testAdmin } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('nav-admin', run);
const DISPATCHER = testAdmin('nav-dispatcher', run);
const PHONE = { width: 390, height: 844 };
let browser: Browser;

/** The tabs an admin finds in each section, written out apart from the code. */
const ADMIN_TABS: Record<SectionId, string[]> = {
  orders: ['Orders', 'Send Email', 'Messages', 'Outbox'],
  delivery: ['Deliveries', 'Runs', 'Drivers', 'Vehicles', 'Delivery settings'],
  menu: ['Products', 'Packages', 'Categories', 'Deals', 'Import / Export', 'AI SEO Manager'],
  insights: ['Reports'],
  team: ['Staff', 'States', 'Track and trace'],
};

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
  await createAdmin(db, DISPATCHER.email, DISPATCHER.password, 'dispatcher');
});
afterAll(async () => {
  await browser?.close();
  close();
});

const sectionLink = (page: Page, label: string) => sectionNav(page).getByRole('link', { name: label, exact: true });
const tabNames = (page: Page) => page.getByRole('tab').allTextContents();
const currentSection = (page: Page) => sectionNav(page).locator('[aria-current="page"]').allTextContents();
const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent();

describe("the admin's sections on a desk", () => {
  it('lists the sections in a sidebar, and each link opens its own page with its tabs', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN);
    const nav = sectionNav(page);
    await sectionLink(page, 'Orders').waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(await sectionMenuButton(page).isVisible()).toBe(false);
    // /admin opens the first section, marked as the page the admin is on.
    expect(await currentSection(page)).toEqual(['Orders']);
    expect(await tabNames(page)).toEqual(ADMIN_TABS.orders);

    // A sidebar: beside the tabs, not above them.
    const side = await nav.boundingBox();
    const tabs = await page.getByRole('tablist').boundingBox();
    expect(side && tabs && side.x + side.width <= tabs.x).toBe(true);

    for (const section of ADMIN_SECTIONS) {
      await Promise.all([page.waitForURL(`${baseUrl}${section.path}`), sectionLink(page, section.label).click()]);
      await hydrated(page, 'AdminDashboard');
      await page.getByRole('tablist', { name: section.label }).waitFor();
      expect(await tabNames(page), section.id).toEqual(ADMIN_TABS[section.id]);
      expect(await selectedTab(page), section.id).toBe(ADMIN_TABS[section.id][0]);
      expect(await currentSection(page), section.id).toEqual([section.label]);
      expect(await page.title(), section.id).toMatch(new RegExp(`^${section.label} \\|`));
    }

    // Within a section the hash picks the tab, so a reload opens the same one.
    await Promise.all([page.waitForURL(`${baseUrl}/admin/delivery`), sectionLink(page, 'Delivery').click()]);
    await hydrated(page, 'AdminDashboard');
    await page.getByRole('tab', { name: 'Drivers' }).click();
    expect(new URL(page.url()).hash).toBe('#drivers');
    await page.reload();
    await hydrated(page, 'AdminDashboard');
    await expect.poll(() => selectedTab(page)).toBe('Drivers');
    expect(errors).toEqual([]);
  });

  it("takes an old link to /admin#drivers to the Delivery section's Drivers tab", async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, ADMIN);
    // From another page (a bookmark, an e-mail) ...
    await page.goto('about:blank');
    await page.goto(`${baseUrl}/admin#drivers`);
    await page.waitForURL(`${baseUrl}/admin/delivery#drivers`);
    await hydrated(page, 'AdminDashboard');
    await expect.poll(() => selectedTab(page)).toBe('Drivers');
    expect(await currentSection(page)).toEqual(['Delivery']);
    // ... and from the dashboard itself.
    await page.goto(`${baseUrl}/admin`);
    await hydrated(page, 'AdminDashboard');
    await page.getByRole('tab', { name: 'Orders' }).waitFor();
    await page.goto(`${baseUrl}/admin#states`);
    await page.waitForURL(`${baseUrl}/admin/team#states`);
    await expect.poll(() => selectedTab(page)).toBe('States');
    // A tab of the first section stays on /admin.
    await page.goto(`${baseUrl}/admin#outbox`);
    await hydrated(page, 'AdminDashboard');
    await expect.poll(() => selectedTab(page)).toBe('Outbox');
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(errors).toEqual([]);
  });
});

describe("the admin's sections on a phone", () => {
  it('opens the list of sections from the menu button, and a section is chosen by keyboard', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false, viewport: PHONE });
    await signIn(page, ADMIN);
    const button = sectionMenuButton(page);
    await button.waitFor();
    expect(await button.textContent()).toBe('Section: Orders');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const list = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    expect(await list.isVisible()).toBe(false);
    expect(await sectionNav(page).getByRole('link').count()).toBe(0);

    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await list.isVisible()).toBe(true);
    expect(await sectionNav(page).getByRole('link').allTextContents()).toEqual(ADMIN_SECTIONS.map((s) => s.label));

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

    // Open again, Tab to Delivery: it shows its focus, and Enter opens the section.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      // The ring is drawn round the whole entry, by the link's stretched ::after.
      return { text: el.textContent, visible: el.matches(':focus-visible'), outline: getComputedStyle(el, '::after').outlineStyle };
    });
    expect(focused).toEqual({ text: 'Delivery', visible: true, outline: 'solid' });
    await Promise.all([page.waitForURL(`${baseUrl}/admin/delivery`), page.keyboard.press('Enter')]);
    await hydrated(page, 'AdminDashboard');
    await expect.poll(() => sectionMenuButton(page).textContent()).toBe('Section: Delivery');
    expect(await selectedTab(page)).toBe('Deliveries');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
  });
});

describe("a dispatcher's sections (D35)", () => {
  it('shows only its sections and tabs, and sends it from another section to its first', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await signIn(page, DISPATCHER);
    await sectionLink(page, 'Orders').waitFor();
    expect(await sectionNav(page).getByRole('link').allTextContents()).toEqual(['Orders', 'Delivery', 'Insights']);
    expect(await tabNames(page)).toEqual(['Orders']);

    await Promise.all([page.waitForURL(`${baseUrl}/admin/delivery`), sectionLink(page, 'Delivery').click()]);
    await hydrated(page, 'AdminDashboard');
    await page.getByRole('tab', { name: 'Deliveries' }).waitFor();
    expect(await tabNames(page)).toEqual(['Deliveries', 'Runs', 'Drivers', 'Vehicles']);

    for (const path of ['/admin/menu', '/admin/team', '/admin#staff']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/admin/orders' || url.pathname === '/admin');
      await hydrated(page, 'AdminDashboard');
      await expect.poll(() => tabNames(page), { message: path }).toEqual(['Orders']);
      expect(await currentSection(page), path).toEqual(['Orders']);
    }
    expect(errors).toEqual([]);
  });
});
