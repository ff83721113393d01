/**
 * Forms used before their island's script has run (it is held back here with page.route): the
 * login and contact forms post to their endpoints and show the outcome; every other form cannot
 * be sent yet and says why. No address ever carries what a person typed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { createTestAdmin, runTag, testAdmin } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('forms', run);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

/**
 * A page whose scripts (the islands' modules) are refused until `release()`: what the server drew
 * is all there is, as on a slow connection before the islands hydrate.
 */
async function withoutScripts(): Promise<{ page: Page; errors: string[]; release: () => void }> {
  const { page, errors } = await openPage(browser);
  let held = true;
  await page.route(/\/_astro\/.*\.js$/, (route) => (held ? route.abort() : route.continue()));
  return {
    page,
    errors,
    release: () => {
      held = false;
    },
  };
}

/** No address the page has been at carries any of `secrets`. */
function expectClean(page: Page, visited: string[], secrets: string[]) {
  for (const url of [...visited, page.url()]) {
    for (const secret of secrets) expect(decodeURIComponent(url)).not.toContain(secret);
  }
}

/** Every address the main frame visits, in order. */
function trackUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

describe('the login form before its script', () => {
  it('signs in with a post and lands on the admin page it was sent from', async () => {
    const { page } = await withoutScripts();
    const visited = trackUrls(page);
    // Where an admin page sends a visitor without a session.
    await page.goto(`${baseUrl}/admin-login?next=%2Fproduct-manager`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await Promise.all([page.waitForURL(`${baseUrl}/product-manager`), page.getByRole('button', { name: 'Sign In' }).click()]);
    expectClean(page, visited, [ADMIN.email, ADMIN.password]);
    // The admin page was served, so the session cookie is set: /api/admin/me says so.
    const me = await page.evaluate(async () => (await fetch('/api/admin/me')).json());
    expect(me).toMatchObject({ isLoggedIn: true, email: ADMIN.email });
    await page.context().close();
  });

  it('shows a failed sign-in on the login page, with the email kept and the password not', async () => {
    const { page, release } = await withoutScripts();
    const visited = trackUrls(page);
    await page.goto(`${baseUrl}/admin-login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not the password at all');
    // The answer's own scripts load, so the island hydrates over what the server drew.
    await page.route('**/api/admin/login', (route) => {
      release();
      return route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor({ state: 'visible' });
    expectClean(page, visited, [ADMIN.email, 'not the password at all']);
    await hydrated(page, 'AdminLogin');
    expect(await page.getByLabel('Email').inputValue()).toBe(ADMIN.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.context().close();
  });
});

describe('the contact form before its script', () => {
  const person = { name: `Early Bird ${run}`, email: `early-${run}@example.com`, subject: 'Before the script' };

  async function fill(page: Page, message: string, email = person.email) {
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Subject', { exact: true }).fill(person.subject);
    await page.getByLabel('Message', { exact: true }).fill(message);
  }

  it('sends the message with a post and shows the thank-you note', async () => {
    const { page } = await withoutScripts();
    const visited = trackUrls(page);
    await page.goto(`${baseUrl}/contact`);
    await fill(page, 'Do you deliver before noon on Saturdays?');
    await Promise.all([page.waitForURL(`${baseUrl}/contact#message-sent`), page.getByRole('button', { name: 'Send Message' }).click()]);
    await page.getByText('Thank you, your message has been sent.').waitFor({ state: 'visible' });
    expectClean(page, visited, [person.email, person.name, 'Saturdays']);
    await page.context().close();
  });

  it('shows what is wrong on the page and keeps what was typed, through hydration', async () => {
    const { page, errors, release } = await withoutScripts();
    const visited = trackUrls(page);
    await page.goto(`${baseUrl}/contact`);
    await fill(page, 'Too short', 'not-an-email');
    await page.route('**/api/contact', (route) => {
      release();
      return route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email address' });
    await alert.waitFor({ state: 'visible' });
    expect(await alert.textContent()).toContain('Message must be at least 10 characters');
    // Rendered with the page itself, it gets the site's styles.
    expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expectClean(page, visited, ['not-an-email', person.name]);
    await hydrated(page, 'ContactForm');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(person.name);
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe(person.subject);
    // The hydrated island sends what the page kept, once the two fields are put right.
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Message', { exact: true }).fill('Now a message long enough to send.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('status').filter({ hasText: 'Message Sent!' }).waitFor({ state: 'visible' });
    // Hydrating over the page the server drew raised no error. Chromium logs the refused scripts
    // and the page's own 400; those are expected.
    expect(errors.filter((e) => !/net::ERR_FAILED \(.*\/_astro\/|status of 400/.test(e))).toEqual([]);
    await page.context().close();
  });
});

describe('every other form before its script', () => {
  it('the assistant cannot be asked yet and says so', async () => {
    const { page } = await withoutScripts();
    await page.goto(`${baseUrl}/ai`);
    const waiting = page.getByRole('button', { name: 'Loading…' });
    expect(await waiting.count()).toBe(2);
    for (const button of await waiting.all()) expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Topic').fill('Terpenes');
    // Enter in a text field submits a form, unless its submit button is disabled.
    await page.getByLabel('Topic').press('Enter');
    await page.getByLabel('Your question').fill('Is this private?');
    expect(page.url()).toBe(`${baseUrl}/ai`);
    expect(await page.getByLabel('Topic').inputValue()).toBe('Terpenes');
    await page.context().close();
  });

  it('the ZIP checker cannot be asked yet and says so', async () => {
    const { page } = await withoutScripts();
    await page.goto(`${baseUrl}/dispensary-near-me`);
    const waiting = page.getByRole('button', { name: 'Loading…' });
    expect(await waiting.isDisabled()).toBe(true);
    await page.getByLabel('Your ZIP code').fill('20001');
    // Enter in a text field submits a form, unless its submit button is disabled.
    await page.getByLabel('Your ZIP code').press('Enter');
    expect(page.url()).toBe(`${baseUrl}/dispensary-near-me`);
    expect(await page.getByLabel('Your ZIP code').inputValue()).toBe('20001');
    await page.context().close();
  });

  it('the checkout draws no form until it can send one, and says so', async () => {
    const { page } = await withoutScripts();
    await page.goto(`${baseUrl}/checkout`);
    await page.getByText('Loading checkout…').waitFor({ state: 'visible' });
    // The header's search is a GET of /search?q=, which holds nothing personal.
    expect(await page.locator('main form').count()).toBe(0);
    await page.context().close();
  });

  it('the admin screens draw no form until they can send one, and say so', async () => {
    const { page } = await withoutScripts();
    const res = await page.request.post(`${baseUrl}/api/admin/login`, {
      headers: { origin: baseUrl },
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.status()).toBe(200);
    for (const path of [
      '/admin',
      '/admin/delivery',
      '/product-manager',
      '/seo-manager',
      '/site-image-manager',
      '/product-image-manager',
      '/home-image-manager',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole('status').filter({ hasText: 'Checking your session…' }).first().waitFor({ state: 'visible' });
      // The header's search is a GET of /search?q=, which holds nothing personal.
      expect(await page.locator('main form').count()).toBe(0);
    }
    await page.context().close();
  });
});
