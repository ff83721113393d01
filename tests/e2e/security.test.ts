/**
 * Security on the served site: the pages' headers and Content-Security-Policy (no
 * 'unsafe-inline' script, every inline script allowed by hash, so the shop still runs), and
 * shop text containing HTML and script shown as text wherever it appears.
 */
import { createClient } from '@libsql/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const PAGES = ['/', '/categories/flower', '/product/1', '/search?q=blue', '/checkout', '/admin-login', '/ai', '/no-such-page'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('page security headers', () => {
  it('every page is nosniff, unframeable, with a referrer policy and a CSP without inline-script allowances', async () => {
    for (const path of PAGES) {
      const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/object-src 'none'/);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    }
  });

  it('the pages run under that policy: islands hydrate and no violation is reported', async () => {
    for (const path of ['/', '/categories/flower', '/product/1', '/search?q=blue', '/checkout']) {
      const { page, errors } = await openPage(browser);
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (window as unknown as { __csp: string[] }).__csp ??= [];
          (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await page.goto(`${baseUrl}${path}`);
      await hydrated(page, 'CartButton');
      expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []), path).toEqual([]);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });
});

describe('shop text with HTML and script is shown as text', () => {
  const NASTY = `<img src=x onerror="window.__xss=1">"><script>window.__xss=1</script>`;

  it('a product and a site image carrying markup render it as plain text, and nothing runs', async () => {
    const db = createClient({ url: dbUrl });
    const product = await db.execute({
      sql: `insert into products (slug, name, description, price_cents, image, category_id, effects, flavor)
            select 'xss-test', ?, ?, 1500, '/images/placeholder.webp', id, ?, ? from categories where name = 'Edible' returning id`,
      args: [`Gummies ${NASTY}`, `Tasty ${NASTY}`, `Relaxed, ${NASTY}`, NASTY],
    });
    const id = Number(product.rows[0]?.id);
    const image = await db.execute({
      sql: `insert into site_images (category, name, description, url, active, location) values ('banner', ?, ?, '/images/placeholder.webp', 1, 'home_hero') returning id`,
      args: [`Banner ${NASTY}`, `Banner text ${NASTY}`],
    });
    const imageId = Number(image.rows[0]?.id);
    try {
      for (const path of [`/product/${id}`, `/search?q=${encodeURIComponent('Gummies img')}`, '/']) {
        const { page, errors } = await openPage(browser);
        await page.goto(`${baseUrl}${path}`);
        await hydrated(page, 'CartButton');
        if (path !== '/')
          await expect.poll(() => page.getByText('Gummies <img', { exact: false }).count(), { message: path }).toBeGreaterThan(0);
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
        expect(await page.locator('img[src="x"]').count(), path).toBe(0);
        expect(
          errors.filter((e) => !e.includes('404')),
          path,
        ).toEqual([]);
        await page.context().close();
      }
    } finally {
      await db.execute({ sql: 'delete from products where id = ?', args: [id] });
      await db.execute({ sql: 'delete from site_images where id = ?', args: [imageId] });
      db.close();
    }
  });
});
