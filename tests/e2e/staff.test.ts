/**
 * D37 on a phone, in real chromium against the built site: the owner invites a driver (with a new
 * driver record) from the Staff tab; the invitation's link (as the stack's fake mail provider
 * received it: the outbox keeps it hidden) opens the link page, where the driver sets a password
 * and lands on /driver; the driver signs in again with it; the owner deactivates the account and
 * the driver's open page is refused at its next request. An invitation whose e-mail fails says so
 * in the tab, and a new one sent from there works. The link page also works without scripts.
 * Nothing is wider than a 375 px screen.
 */
import { desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { admins, drivers, outbox } from '../../src/db/schema.ts';
import { HIDDEN_LINK } from '../../src/features/admin/staff-accounts.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { openAdminTab, runTag, sectionNav, signIn, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { failNextAt, receivedBy } from '../helpers/fake-mail.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl, mailUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const OWNER = testAdmin('owner', run);
const DRIVER_EMAIL = `new-driver-${run}@example.com`;
const DRIVER_PASSWORD = `Driver-${run}-password`;
const PHONE = { width: 375, height: 812 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createAdmin(db, OWNER.email, OWNER.password);
});
afterAll(async () => {
  await browser?.close();
  close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const LINK_RE = /https?:\/\/\S+\/staff\/accept\?token=[0-9a-f]{64}/;

/** The link in the newest e-mail the mail provider received for `email`; its outbox row hides it. */
async function linkTo(email: string): Promise<string> {
  const mail = (await receivedBy(mailUrl)).filter((m) => m.to === email).at(-1);
  const link = mail?.text.match(LINK_RE)?.[0];
  if (!link) throw new Error(`No link e-mailed to ${email}`);
  const [row] = await db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.id)).limit(1);
  expect(row).toMatchObject({ kind: 'staff_link', status: 'sent', body: mail?.text.replace(LINK_RE, HIDDEN_LINK) });
  // The e-mail names the site's own address; the journey's stack may listen elsewhere.
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** The row of an account in the Staff tab's table. */
const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(email) }) });

describe('staff accounts on a phone (D37)', () => {
  it('invites a driver, who sets a password, signs in, and is shut out once deactivated', async () => {
    const owner = await openPage(browser, { viewport: PHONE });
    await signIn(owner.page, OWNER);
    const admin = owner.page;
    await openAdminTab(admin, 'Staff');
    await admin.getByRole('heading', { level: 2, name: 'Staff' }).waitFor();
    await row(admin, OWNER.email).waitFor();

    await admin.getByRole('button', { name: 'Invite' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite a staff member' });
    await invite.getByLabel('Email').fill(DRIVER_EMAIL);
    await invite.getByLabel('Name').fill('Nia Park');
    await invite.getByLabel('Role').selectOption({ label: 'Driver' });
    // A driver needs a driver record: the form says so before asking the server.
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText("Enter the new driver's name, or choose an existing driver").waitFor();
    await invite.getByLabel("Driver's name").fill('Nia Park');
    await invite.getByLabel("Driver's phone").fill('(202) 555-0177');
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${DRIVER_EMAIL}`).waitFor();
    const driverRow = row(admin, DRIVER_EMAIL);
    await driverRow.waitFor();
    expect(await driverRow.textContent()).toContain('Invited');
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
    const [account] = await db.select().from(admins).where(eq(admins.email, DRIVER_EMAIL));
    const [record] = await db
      .select()
      .from(drivers)
      .where(eq(drivers.staffId, account?.id ?? 0));
    expect(record).toMatchObject({ name: 'Nia Park', phone: '(202) 555-0177' });

    // The invitee opens the e-mailed link on their own phone.
    const link = await linkTo(DRIVER_EMAIL);
    const invitee = await openPage(browser, { viewport: PHONE });
    const driver = invitee.page;
    const opened = await driver.goto(link);
    expect(opened?.headers()['referrer-policy']).toBe('same-origin');
    expect(await driver.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await hydrated(driver, 'StaffAccept');
    await driver.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
    const password = driver.getByLabel('New password', { exact: true });
    await password.fill('too short');
    await driver.getByRole('button', { name: 'Save password and sign in' }).click();
    await driver.getByText('The password must be at least 12 characters').waitFor();
    await password.fill(DRIVER_PASSWORD);
    await driver.getByRole('button', { name: 'Save password and sign in' }).click();
    await driver.waitForURL(`${baseUrl}/driver`);
    await hydrated(driver, 'DriverPage');
    await driver.getByRole('heading', { level: 1, name: "Today's deliveries" }).waitFor();
    expect(await pageWidth(driver)).toBeLessThanOrEqual(PHONE.width);

    // The link worked once: opened again, it says so and shows no form.
    const again = await openPage(browser, { viewport: PHONE });
    await again.page.goto(link);
    await again.page.getByText('This link has expired or was already used. Ask an admin for a new one.').waitFor();
    expect(await again.page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await again.page.context().close();

    // Signing in with the new password lands on the driver's page too.
    await driver.context().clearCookies();
    await driver.goto(`${baseUrl}/admin-login`);
    await hydrated(driver, 'AdminLogin');
    await driver.getByLabel('Email').fill(DRIVER_EMAIL);
    await driver.getByLabel('Password').fill(DRIVER_PASSWORD);
    await driver.getByRole('button', { name: 'Sign In' }).click();
    await driver.waitForURL(`${baseUrl}/driver`);
    await hydrated(driver, 'DriverPage');

    // The owner sees the sign-in, then deactivates the account.
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await driverRow.textContent()) ?? '').toContain('Active');
    expect(await driverRow.textContent()).not.toContain('Never');
    await driverRow.getByRole('button', { name: `Manage ${DRIVER_EMAIL}` }).click();
    const manage = admin.getByRole('dialog', { name: DRIVER_EMAIL });
    await manage.getByRole('button', { name: 'Deactivate' }).click();
    await toast(admin, `${DRIVER_EMAIL} deactivated and signed out`).waitFor();
    await manage.getByRole('cell', { name: 'Access', exact: true }).first().waitFor();
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);

    // The driver's open page is refused at its next request: the page itself, reloaded, is the sign-in page.
    await driver.reload();
    await driver.waitForURL(`${baseUrl}/admin-login?next=%2Fdriver`);
    const me = await driver.evaluate(async () => (await fetch('/api/admin/me')).status);
    expect(me).toBe(401);
    // And the password no longer signs in, with the words of a wrong one.
    await hydrated(driver, 'AdminLogin');
    await driver.getByLabel('Email').fill(DRIVER_EMAIL);
    await driver.getByLabel('Password').fill(DRIVER_PASSWORD);
    await driver.getByRole('button', { name: 'Sign In' }).click();
    await toast(driver, 'Invalid email or password').waitFor();

    expect(owner.errors.filter((e) => !/status of 40[19]/.test(e))).toEqual([]);
    await owner.page.context().close();
    await driver.context().close();
  });

  it('says plainly when an invitation’s e-mail was not sent; a new one from there works', async () => {
    const email = `unsent-${run}@example.com`;
    const owner = await openPage(browser, { viewport: PHONE });
    await signIn(owner.page, OWNER);
    const admin = owner.page;
    await openAdminTab(admin, 'Staff');
    await row(admin, OWNER.email).waitFor();

    await failNextAt(mailUrl, 1);
    await admin.getByRole('button', { name: 'Invite' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite a staff member' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const notSent = admin.getByRole('alert').filter({ hasText: 'its invitation was not sent' });
    await notSent.waitFor();
    expect(await notSent.textContent()).toContain('The e-mail could not be sent: Mail provider answered 500');
    expect(await notSent.textContent()).toContain('Send a new invitation');
    expect(await row(admin, email).textContent()).toContain('Invited');
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);

    // The way out is right there: a new invitation, which voids the one that did not go.
    await notSent.getByRole('button', { name: `Manage ${email}` }).click();
    const manage = admin.getByRole('dialog', { name: email });
    await manage.getByRole('button', { name: 'Send a new invitation' }).click();
    await toast(admin, `Link sent to ${email}`).waitFor();
    expect(await notSent.count()).toBe(0);
    await manage.getByRole('button', { name: 'Close', exact: true }).click();

    // The outbox shows both e-mails with the link hidden.
    await openAdminTab(admin, 'Outbox');
    const mails = admin.getByRole('table', { name: 'Outbox' }).locator('tbody tr').filter({ hasText: email });
    await expect.poll(() => mails.count()).toBe(2);
    expect(await mails.nth(1).textContent()).toContain('provider down');
    await mails
      .first()
      .getByRole('button', { name: `message to ${email}` })
      .click();
    await admin.getByText(HIDDEN_LINK).first().waitFor();
    expect(await admin.locator('body').textContent()).not.toContain('/staff/accept?token=');

    const invitee = await openPage(browser, { viewport: PHONE });
    await invitee.page.goto(await linkTo(email));
    await hydrated(invitee.page, 'StaffAccept');
    await invitee.page.getByLabel('New password', { exact: true }).fill(`Unsent-${run}-password`);
    await invitee.page.getByRole('button', { name: 'Save password and sign in' }).click();
    await invitee.page.waitForURL(`${baseUrl}/admin`);

    expect(owner.errors.filter((e) => !/status of 40[19]/.test(e))).toEqual([]);
    await owner.page.context().close();
    await invitee.page.context().close();
  });

  it('sets a password from a reset link without scripts', async () => {
    const email = `noscript-${run}@example.com`;
    await createAdmin(db, email, `Old-${run}-password`, 'dispatcher');
    const owner = await openPage(browser);
    await signIn(owner.page, OWNER);
    const [account] = await db.select().from(admins).where(eq(admins.email, email));
    const sent = await owner.page.evaluate(
      async ([id, to]) =>
        (
          await fetch(`/api/admin/staff/${id}/reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: to }),
          })
        ).status,
      [account?.id ?? 0, email] as const,
    );
    expect(sent).toBe(200);
    await owner.page.context().close();

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(await linkTo(email));
    expect(await page.locator('input[name="token"]').inputValue()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.locator('input[name="purpose"]').inputValue()).toBe('reset');
    // A weak password comes back as the page with the problem, the token kept, the password not.
    await page.getByLabel('New password', { exact: true }).fill('weak one');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.getByText('The password must be at least 12 characters').waitFor();
    expect(await page.locator('input[name="token"]').inputValue()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('New password', { exact: true }).fill(`New-${run}-password`);
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    expect(page.url()).not.toContain('token');
    await context.close();
  });

  it('shows the Staff tab to admins only', async () => {
    const dispatcher = testAdmin('dispatcher', run);
    await createAdmin(db, dispatcher.email, dispatcher.password, 'dispatcher');
    const { page } = await openPage(browser, { viewport: PHONE });
    await signIn(page, dispatcher);
    await page.getByRole('tab', { name: 'Orders' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Staff' }).count()).toBe(0);
    expect(await sectionNav(page).getByRole('link', { includeHidden: true }).allTextContents()).toEqual(['Orders', 'Delivery', 'Insights']);
    expect(await page.evaluate(async () => (await fetch('/api/admin/staff')).status)).toBe(403);
    await page.context().close();
  });
});
