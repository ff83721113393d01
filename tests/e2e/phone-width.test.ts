/**
 * On a 375 px phone no public page scrolls sideways: the document is no wider than the screen.
 * The pages are the sitemap's (every product page shares one template, so two stand for all) and
 * the public pages the sitemap leaves out.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
const PHONE = { width: 375, height: 812 };
/** Public pages the sitemap leaves out (robots.txt keeps them from search engines). */
const UNLISTED = ['/checkout', '/order-confirmation', '/search?q=blue', '/admin-login', '/no-such-page'];
const PRODUCTS_CHECKED = ['/product/1', '/product/7'];

let browser: Browser;
let paths: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
  paths = [...listed.filter((p) => !p.startsWith('/product/')), ...PRODUCTS_CHECKED, ...UNLISTED];
});
afterAll(async () => {
  await browser?.close();
});

describe('every public page at 375 px', () => {
  it('covers the sitemap: home, categories, strains, deals, landing pages, contact, compare', () => {
    for (const p of ['/', '/deals', '/contact', '/compare']) expect(paths).toContain(p);
    expect(paths.some((p) => p.startsWith('/categories/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/subcategories/'))).toBe(true);
  });

  it('has no page wider than the screen', async () => {
    const { page } = await openPage(browser, { viewport: PHONE });
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      // Islands that hydrate at load can change the layout: measure once they have.
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) tooWide.push(`${path}: ${width}px`);
    }
    expect(tooWide).toEqual([]);
  });
});
