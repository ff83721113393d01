/**
 * The admin side of the browser journeys: a run-unique account in the stack's database, signing in
 * through the real login form, and the admin kit's toasts. Journeys share their worker's stack, so
 * each run makes its own account and never reuses another's.
 */
import type { Browser, Page } from 'playwright-core';
import type { Db } from '../../src/db/db.ts';
import { ADMIN_SECTIONS, ADMIN_TABS } from '../../src/features/admin/admin-sections.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { hydrated, openPage } from './browser.ts';
import { e2eStack } from './run-stack.ts';

export interface TestAdmin {
  email: string;
  password: string;
}

/** A tag unique to this run, for the account and for anything else the journey names. */
export const runTag = (): string => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The account a journey signs in with: `{label}-{run}@example.com`; create it with createTestAdmin. */
export const testAdmin = (label: string, run: string): TestAdmin => ({
  email: `${label}-${run}@example.com`,
  password: `Pw-${run}-long-enough`,
});

/** Creates the journey's admin account in the stack's database. */
export async function createTestAdmin(db: Db, admin: TestAdmin): Promise<void> {
  await createAdmin(db, admin.email, admin.password);
}

export interface SignInOptions {
  /** The admin page the login leads to (its `next`); the dashboard when not given. */
  next?: string;
  /** The island the page waits for once there; null to wait for the address only. */
  island?: string | null;
}

/**
 * Signs in through the login form and waits until the `next` page is reached and its island has
 * hydrated (the dashboard's, unless told otherwise).
 */
export async function signIn(
  page: Page,
  admin: TestAdmin,
  { next, island = next ? null : 'AdminDashboard' }: SignInOptions = {},
): Promise<void> {
  const { baseUrl } = await e2eStack();
  await page.goto(`${baseUrl}/admin-login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await hydrated(page, 'AdminLogin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}${next ?? '/admin'}`);
  if (island) await hydrated(page, island);
}

/** A new page (age gate passed) signed in as `admin`, with its recorded console and page errors. */
export async function signedInPage(
  browser: Browser,
  admin: TestAdmin,
  options: SignInOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser);
  await signIn(page, admin, options);
  return { page, errors };
}

/** The admin's section navigation: a sidebar on a desk, a menu button and its list on a phone. */
export const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** The phone's button that shows and hides the list of sections. */
export const sectionMenuButton = (page: Page) => sectionNav(page).getByRole('button', { name: /^Section:/ });

/**
 * Opens the admin tab named `label` as a person would: its section from the navigation first when
 * the dashboard shows another section (through the menu button on a phone), then the tab.
 */
export async function openAdminTab(page: Page, label: string): Promise<void> {
  const { baseUrl } = await e2eStack();
  const tab = ADMIN_TABS.find((t) => t.label === label);
  const section = ADMIN_SECTIONS.find((s) => s.id === tab?.section);
  if (!section) throw new Error(`No admin tab is named ${label}`);
  // On a phone the list is hidden until the menu opens.
  const link = sectionNav(page).getByRole('link', { name: section.label, exact: true, includeHidden: true });
  if ((await link.getAttribute('aria-current')) !== 'page') {
    const menu = sectionMenuButton(page);
    if (await menu.isVisible()) await menu.click();
    await Promise.all([page.waitForURL(`${baseUrl}${section.path}`), link.click()]);
    await hydrated(page, 'AdminDashboard');
  }
  await page.getByRole('tab', { name: label, exact: true }).click();
}

/** The admin kit's toast that carries `title` (a status, or an alert for a failure). */
export const toast = (page: Page, title: string) => page.locator('[role="status"], [role="alert"]').filter({ hasText: title });
