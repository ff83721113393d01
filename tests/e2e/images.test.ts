/**
 * The image managers in real chromium against the built site and the API (admin.md §2, §4, §5, §8,
 * §9; D21, D22): a product image uploaded with real progress reaches the storefront, a site image
 * reaches the live home page without a rebuild, client-side checks, and the session guard.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { products, siteImages } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { MAX_UPLOAD_BYTES } from '../../src/features/images/images.ts';
import { createTestAdmin, runTag, signedInPage, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('images', run);
const UPLOADED = /^\/api\/images\/uploads\/[0-9a-f]{32}\.png$/;

let browser: Browser;
let tmp: string;
let catalogue: ApiProduct[];
/** Site images above this id were made by these tests and are removed afterwards. */
let lastSiteImageId = 0;
const restoreProducts = new Map<number, string>();

/** A real PNG of one colour (its colour makes its storage key), written to a temp file for the file chooser. */
async function pngFile(name: string, background: string, size = 64): Promise<string> {
  const file = path.join(tmp, name);
  const bytes = await sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
  writeFileSync(file, bytes);
  return file;
}

beforeAll(async () => {
  browser = await launchBrowser();
  tmp = mkdtempSync(path.join(tmpdir(), 'images-e2e-'));
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  await createTestAdmin(db, ADMIN);
  const rows = await db.select({ id: siteImages.id }).from(siteImages);
  lastSiteImageId = Math.max(0, ...rows.map((r) => r.id));
});

afterAll(async () => {
  // Leave the shared database as the other journeys expect it.
  for (const [id, image] of restoreProducts) await db.update(products).set({ image }).where(eq(products.id, id));
  await db.delete(siteImages).where(gt(siteImages.id, lastSiteImageId));
  await browser?.close();
  close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Console errors and page errors of one page; a journey fails when any appear. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return errors;
}

/** The home page's image for a location, once its island has asked the API. */
async function homeImage(page: Page, location: string) {
  await hydrated(page, 'HomeSiteImages');
  return page.locator(`[data-site-image="${location}"] img`);
}

const loaded = (img: ReturnType<Page['locator']>) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('product image manager (admin.md §2, §4; D22)', () => {
  it('pick a product -> upload a PNG with real progress -> preview -> Save Image -> the storefront shows it', async () => {
    const product = catalogue.filter((p) => p.category === 'Accessories').at(-1) ?? catalogue.at(-1);
    if (!product) throw new Error('no products');
    restoreProducts.set(product.id, product.image);
    const file = await pngFile('product.png', '#cc3333');

    const { page, errors } = await signedInPage(browser, ADMIN);
    await page.goto(`${baseUrl}/product-image-manager`);
    await hydrated(page, 'ProductImageManager');
    await page.getByLabel('Search products').fill(product.name);
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: new RegExp(`^${escapeRe(product.name)}`) })
      .click();
    await page.waitForURL(`${baseUrl}/product-image-manager/${product.id}`);
    await hydrated(page, 'ProductImageManager');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().textContent()).toBe(product.name);

    // Saving with no image says so.
    await page.getByRole('button', { name: 'Save Image' }).click();
    await expect.poll(() => toast(page, 'Image URL is required').count()).toBe(1);

    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin/upload-image')) uploads.push(r.method());
    });
    await page.getByLabel('Upload a new image').setInputFiles(file);
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => progress.getAttribute('value')).toBe('100');
    expect(await page.getByText('100%', { exact: true }).count()).toBe(1);
    expect(uploads).toEqual(['POST']);

    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toMatch(UPLOADED);
    const url = await page.getByLabel('Image URL').inputValue();
    const preview = page.getByRole('img', { name: `Preview: ${product.name}` });
    expect(await preview.getAttribute('src')).toBe(url);
    await expect.poll(() => loaded(preview)).toBe(true);

    await page.getByRole('button', { name: 'Save Image' }).click();
    await expect.poll(() => toast(page, 'Image updated').count()).toBe(1);
    await expect.poll(() => page.getByRole('img', { name: `Current: ${product.name}` }).getAttribute('src')).toBe(url);
    const [row] = await db.select({ image: products.image }).from(products).where(eq(products.id, product.id));
    expect(row?.image).toBe(url);

    // The storefront (a page built before the change) shows the new image, and it loads.
    await page.goto(`${baseUrl}/product/${product.id}`);
    await hydrated(page, 'ProductDetail');
    const shown = page.getByRole('main').getByRole('img', { name: product.name, exact: true }).first();
    await expect.poll(() => shown.getAttribute('src')).toBe(url);
    await expect.poll(() => loaded(shown)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reports the real progress of a slow upload, not a timer', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const product = catalogue[0];
    if (!product) throw new Error('no products');
    // About 1.5 MB of noise (PNG cannot shrink it), sent at about 1 MB/s.
    const file = path.join(tmp, 'noise.png');
    const noise = Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256)));
    writeFileSync(
      file,
      await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
        .png()
        .toBuffer(),
    );

    await page.goto(`${baseUrl}/product-image-manager/${product.id}`);
    await hydrated(page, 'ProductImageManager');
    await page.getByLabel('Upload a new image').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // Sample the bar as a person would see it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      const timer = setInterval(() => {
        const bar = document.querySelector('progress');
        if (bar) seen.push(bar.value);
        if (bar?.value === 100) clearInterval(timer);
      }, 25);
    });
    await page.getByLabel('Upload a new image').setInputFiles(file);
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => progress.getAttribute('value'), { timeout: 30_000 }).toBe('100');
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    const between = [...new Set(seen.filter((v) => v > 0 && v < 100))];
    expect(between.length, `progress values seen: ${[...new Set(seen)].join(', ')}`).toBeGreaterThanOrEqual(3);
    // Never backwards.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toMatch(UPLOADED);
    expect(await page.getByText(/^Uploaded noise\.png$/).count()).toBe(1);
    await cdp.detach();
    expect(errors).toEqual([]);
  });

  it('checks the file before uploading: not an image, more than 5MB (admin.md §5)', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const product = catalogue[0];
    if (!product) throw new Error('no products');
    await page.goto(`${baseUrl}/product-image-manager/${product.id}`);
    await hydrated(page, 'ProductImageManager');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/upload-image')) uploads.push(r.url());
    });
    const input = page.getByLabel('Upload a new image');

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    const alert = page.getByRole('alert').filter({ hasText: 'Only image files are allowed' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1) });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'File size must be less than 5MB' }).count()).toBe(1);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(uploads).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an unknown id says so, with the way back to the picker', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    await page.goto(`${baseUrl}/product-image-manager/99999999`);
    await hydrated(page, 'ProductImageManager');
    await expect.poll(() => page.getByText('Product not found').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Choose a product' }).getAttribute('href')).toBe('/product-image-manager');
    expect(await page.getByRole('link', { name: 'Back to Admin' }).getAttribute('href')).toBe('/admin');
    expect(errors).toEqual([]);
  });
});

describe('site image manager (admin.md §2, §3, §4, §8)', () => {
  it('add a home_cta image -> the live home page shows it -> inactive: dimmed, gone from home -> delete after confirming', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const context = page.context();
    const name = `E2E deal ${run}`;
    const description = `Weekend deal banner ${run}`;
    const file = await pngFile('cta.png', '#2266aa');

    await page.goto(`${baseUrl}/site-image-manager`);
    await hydrated(page, 'SiteImageManager');
    await expect.poll(() => page.getByRole('heading', { name: 'Add a site image' }).count()).toBe(1);

    // Name and URL are required.
    await page.getByRole('button', { name: 'Add Image' }).click();
    await expect.poll(() => toast(page, 'Image name and URL are required').count()).toBe(1);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Category').selectOption('deal');
    await page.getByLabel('Location').selectOption('home_cta');
    await page.getByLabel('Link target').fill('/deals');
    expect(await page.getByLabel('Active', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Upload image').setInputFiles(file);
    await expect.poll(() => page.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('100');
    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toMatch(UPLOADED);
    const url = await page.getByLabel('Image URL').inputValue();
    await page.getByRole('button', { name: 'Add Image' }).click();
    await expect.poll(() => toast(page, 'Image saved').count()).toBe(1);

    const card = page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Home call to action');
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);

    // The admin's own next look at the home page shows it (no rebuild)...
    const home = await context.newPage();
    const homeErrors = recordErrors(home);
    await home.goto(baseUrl);
    const cta = await homeImage(home, 'home_cta');
    await expect.poll(() => cta.getAttribute('src')).toBe(url);
    expect(await cta.getAttribute('alt')).toBe(description);
    expect(await cta.getAttribute('loading')).toBe('lazy');
    await expect.poll(() => home.locator('[data-site-image="home_cta"]').getAttribute('href')).toBe('/deals');
    await cta.scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(cta)).toBe(true);

    // ...and so does a shopper's.
    const shopper = await openPage(browser);
    await shopper.page.goto(baseUrl);
    const shopperCta = await homeImage(shopper.page, 'home_cta');
    await expect.poll(() => shopperCta.getAttribute('src')).toBe(url);
    const hero = shopper.page.locator('[data-site-image="home_hero"] img');
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(await hero.getAttribute('width')).toBeTruthy();
    await shopper.page.context().close();

    // Inactive: dimmed and labelled in the list, gone from the home page (the default returns).
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit site image' }).count()).toBe(1);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await page.getByLabel('Active', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toast(page, 'Image saved').count()).toBe(1);
    await expect.poll(() => card.getByText('Inactive', { exact: true }).count()).toBe(1);
    const opacity = await card.getByTestId('site-image-thumb').evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(opacity).toBeLessThan(1);

    // A new visit in the same browser (its copy of the list was cached a moment ago) sees the change.
    await home.goto(baseUrl);
    const after = await homeImage(home, 'home_cta');
    await expect.poll(() => after.getAttribute('src')).not.toBe(url);
    await expect.poll(() => home.locator(`img[src="${url}"]`).count()).toBe(0);
    await expect.poll(() => loaded(after)).toBe(true);

    // Delete, after the confirmation.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await expect.poll(() => toast(page, 'Image deleted').count()).toBe(1);
    expect(dialogs).toEqual(['Are you sure you want to delete this image?']);
    await expect.poll(() => card.count()).toBe(0);
    expect(await db.select().from(siteImages).where(eq(siteImages.name, name))).toEqual([]);
    expect(errors).toEqual([]);
    expect(homeErrors).toEqual([]);
  });

  it('a dismissed confirmation deletes nothing', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    const [created] = await db
      .insert(siteImages)
      .values({ name: `Keep me ${run}`, url: '/images/site/home-cta-b66d7c04.webp', location: 'none', active: false })
      .returning();
    await page.goto(`${baseUrl}/site-image-manager`);
    await hydrated(page, 'SiteImageManager');
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(r.url());
    });
    const dismissed = page.waitForEvent('dialog').then((d) => d.dismiss());
    await page.getByRole('button', { name: `Delete Keep me ${run}` }).click();
    await dismissed;
    // A delete would be sent as the confirmation returns: before a request the page sends after it.
    await Promise.all([page.waitForRequest(`${baseUrl}/api/health`), page.evaluate(() => fetch('/api/health'))]);
    expect(deletes).toEqual([]);
    expect(
      await db
        .select()
        .from(siteImages)
        .where(eq(siteImages.id, created?.id ?? 0)),
    ).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('simple and home image managers (admin.md §2, §9)', () => {
  it('shows each slot with its recommended size, and saves an image into a slot', async () => {
    const { page, errors } = await signedInPage(browser, ADMIN);
    await page.goto(`${baseUrl}/simple-image-manager`);
    await hydrated(page, 'SimpleImageManager');
    const heroMain = page.getByRole('region', { name: 'Hero main' });
    await expect.poll(() => heroMain.getByText('Recommended: 600x400').count()).toBe(1);
    const others: [string, string][] = [
      ['Hero side', '300x400'],
      ['Featured product', '600x300'],
      ['About section', '500x300'],
      ['CTA banner', '800x200'],
    ];
    for (const [label, size] of others) {
      expect(await page.getByRole('region', { name: label }).getByText(`Recommended: ${size}`).count(), label).toBe(1);
    }

    await heroMain.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Please upload an image first').count()).toBe(1);
    await heroMain.getByLabel('Upload a new image').setInputFiles(await pngFile('hero-main.png', '#33aa55'));
    await expect.poll(() => heroMain.getByRole('progressbar').getAttribute('value')).toBe('100');
    await expect.poll(() => heroMain.getByLabel('Image URL').inputValue()).toMatch(UPLOADED);
    const url = await heroMain.getByLabel('Image URL').inputValue();
    await heroMain.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Image saved').count()).toBe(1);
    await expect.poll(() => heroMain.getByRole('img', { name: 'Hero main' }).getAttribute('src')).toBe(url);
    const rows = await db.select().from(siteImages).where(eq(siteImages.location, 'hero_main'));
    expect(rows.map((r) => [r.name, r.url, r.active])).toContainEqual(['Hero main', url, true]);

    // The home manager previews the home page's images.
    await page.goto(`${baseUrl}/home-image-manager`);
    await hydrated(page, 'HomeImageManager');
    const heroSlot = page.getByRole('region', { name: 'Home hero' });
    await expect.poll(() => heroSlot.getByText('Recommended: 1200x800').count()).toBe(1);
    const heroPreview = heroSlot.getByRole('img').first();
    await expect.poll(() => loaded(heroPreview)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('session guard (D21)', () => {
  it('the image managers without a session end on /admin-login', async () => {
    const { page, errors } = await openPage(browser);
    for (const route of [
      '/site-image-manager',
      '/product-image-manager',
      '/product-image-manager/1',
      '/simple-image-manager',
      '/home-image-manager',
    ]) {
      await page.goto(`${baseUrl}${route}`);
      expect(new URL(page.url()).pathname, route).toBe('/admin-login');
    }
    const upload = await page.evaluate(async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(16)], { type: 'image/png' }), 'x.png');
      const res = await fetch('/api/admin/upload-image', { method: 'POST', body: form });
      return res.status;
    });
    expect(upload).toBe(401);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
