/**
 * No sign-in leaves the shop, in a real browser: the probe's case (/admin-login?next=/%09/evil.example,
 * a tab that URL parsers drop, so '//evil.example') through the island and through the form's own
 * post before scripts, then every hostile value of the table through the island.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { HOSTILE_NEXT } from '../fixtures/hostile-next.ts';
import { createTestAdmin, runTag, testAdmin } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const ADMIN = testAdmin('next', runTag());
const PROBE = `${baseUrl}/admin-login?next=/%09/evil.example`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await createTestAdmin(db, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  close();
});

/** Fills the login form and sends it; resolves once the browser has left the login page. */
async function submitLogin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/admin-login', { waitUntil: 'commit' }),
    page.getByRole('button', { name: 'Sign In' }).click(),
  ]);
}

/** Every host the page asked for, so a request that left the shop is seen even if it failed. */
function hostsAsked(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  return hosts;
}

/**
 * The documents the page's main frame asked for, in order: where the island sent the browser, before
 * the static files' own redirects (they write a path's escapes in upper case, and resolve %2F).
 */
function documentsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) asked.push(r.url());
  });
  return asked;
}

describe('signing in with a hostile next', () => {
  it('through the island, the probe case lands on the dashboard', async () => {
    const { page, errors } = await openPage(browser);
    const hosts = hostsAsked(page);
    await page.goto(PROBE);
    await hydrated(page, 'AdminLogin');
    await submitLogin(page);
    await hydrated(page, 'AdminDashboard');
    expect(page.url()).toBe(`${baseUrl}/admin`);
    expect([...hosts]).toEqual([new URL(baseUrl).host]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('through the form post before scripts, the probe case lands on the dashboard', async () => {
    const { page } = await openPage(browser);
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    const hosts = hostsAsked(page);
    await page.goto(PROBE);
    await submitLogin(page);
    await page.waitForURL(`${baseUrl}/admin`);
    expect([...hosts]).toEqual([new URL(baseUrl).host]);
    await page.context().close();
  });

  it('through the island, every value of the table stays on the shop', async () => {
    // A few browsers' worth at a time: each sign-in waits for its toast before it moves on.
    const lanes = 4;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        const { page } = await openPage(browser);
        const hosts = hostsAsked(page);
        const documents = documentsAsked(page);
        for (const { value, lands } of HOSTILE_NEXT.filter((_, i) => i % lanes === lane)) {
          await page.goto(`${baseUrl}/admin-login?${new URLSearchParams({ next: value })}`);
          await hydrated(page, 'AdminLogin');
          const before = documents.length;
          await submitLogin(page);
          expect(new URL(page.url()).origin, value).toBe(baseUrl);
          const sent = new URL(documents[before] ?? '');
          expect(sent.origin, value).toBe(baseUrl);
          // 'http:/evil.example' lands on this shop's /evil.example whatever its origin (both http).
          expect(`${sent.pathname}${sent.search}`, value).toBe(lands);
        }
        expect([...hosts]).toEqual([new URL(baseUrl).host]);
        await page.context().close();
      }),
    );
  });
});
