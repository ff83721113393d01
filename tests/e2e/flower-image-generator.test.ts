/**
 * The flower image generator in real chromium against the built site and the API (admin.md §2,
 * §7; D21, D26). The e2e stack has no OPENAI_API_KEY, so the page must say plainly that image
 * generation is not configured and offer nothing to press; the generation itself is covered
 * against a fake OpenAI server in tests/api/generate-images.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { products } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { FlowerImagesResponse } from '../../src/features/images/generate.ts';
import { createTestAdmin, runTag, signedInPage, testAdmin, toast } from '../helpers/admin-browser.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
const run = runTag();
const ADMIN = testAdmin('flower-gen', run);

let browser: Browser;
let flowers: ApiProduct[];
const restore = new Map<number, string>();

beforeAll(async () => {
  browser = await launchBrowser();
  const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
  flowers = catalogue.filter((p) => p.category === 'Flower');
  await createTestAdmin(db, ADMIN);
});

afterAll(async () => {
  for (const [id, image] of restore) await db.update(products).set({ image }).where(eq(products.id, id));
  await browser?.close();
  close();
});

describe('flower image generator (admin.md §2; D26)', () => {
  it('is admin only: a visitor without a session is sent to the login page', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/flower-image-generator`);
    await page.waitForURL(`${baseUrl}/admin-login?next=%2Fflower-image-generator`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists the flower products with their images and says plainly that generation is not configured', async () => {
    const target = flowers[0];
    if (!target) throw new Error('no flower products');
    // One product with a placeholder image: the page counts it as needing an image.
    restore.set(target.id, target.image);
    await db.update(products).set({ image: 'https://via.placeholder.com/400' }).where(eq(products.id, target.id));

    const { page, errors } = await signedInPage(browser, ADMIN);
    await page.goto(`${baseUrl}/flower-image-generator`);
    await hydrated(page, 'FlowerImageGenerator');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Flower Image Generator');

    // D26: the server's sentence, shown in the page; nothing to press.
    const note = page.getByRole('note');
    await expect.poll(() => note.textContent()).toContain('AI image generation is not configured');
    const table = page.getByRole('table', { name: 'Flower products' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(flowers.length);
    const bulk = page.getByRole('button', { name: 'Generate all missing (1)' });
    expect(await bulk.isDisabled()).toBe(true);
    const one = page.getByRole('button', { name: `Generate image for ${target.name}` });
    expect(await one.isDisabled()).toBe(true);
    expect(await page.getByText(`1 of ${flowers.length} flower products need an image`).count()).toBe(1);

    // The placeholder row says it needs an image and fetches nothing from the placeholder host.
    const row = table.locator('tbody tr').filter({ hasText: target.name }).first();
    expect(await row.getByText('Needs an image').count()).toBe(1);
    expect(await row.getByText('Placeholder').count()).toBe(1);
    await page.getByLabel('Only products that need an image').check();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    // The API agrees: 503 with the D26 sentence, and the product is unchanged.
    const res = await page.request.post(`${baseUrl}/api/admin/generate-product-image`, {
      data: { productId: target.id, strainName: target.subcategoryName },
      headers: { origin: baseUrl },
    });
    expect(res.status()).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe('AI image generation is not configured');
    const [stored] = await db.select({ image: products.image }).from(products).where(eq(products.id, target.id));
    expect(stored?.image).toBe('https://via.placeholder.com/400');

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('with a configured service (answers stubbed in the browser): live progress per product, results, toasts', async () => {
    const [ok, bad, slow] = flowers;
    if (!ok || !bad || !slow) throw new Error('not enough flower products');
    const { page } = await signedInPage(browser, ADMIN);
    // The stack has no key; these stubs stand in for the server so the page's run can be watched.
    await page.route('**/api/admin/flower-images', async (route) => {
      const real = (await (await route.fetch()).json()) as FlowerImagesResponse;
      const products = real.products.map((p) => ([ok.id, bad.id, slow.id].includes(p.id) ? { ...p, image: '', needsImage: true } : p));
      await route.fulfill({ json: { ...real, unavailable: null, products } });
    });
    const asked: number[] = [];
    let release: () => void = () => {};
    const slowDone = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/generate-product-image', async (route) => {
      const { productId, strainName } = route.request().postDataJSON() as { productId: number; strainName: string };
      asked.push(productId);
      if (productId === bad.id) {
        await route.fulfill({
          status: 502,
          json: {
            error: `Failed to generate image for ${strainName}: The AI service answered with an error (500).`,
            code: 'ai_unavailable',
          },
        });
        return;
      }
      if (productId === slow.id) await slowDone;
      const product = flowers.find((p) => p.id === productId);
      await route.fulfill({ json: { success: true, productId, strainName, imageUrl: product?.image ?? '' } });
    });

    await page.goto(`${baseUrl}/flower-image-generator`);
    await hydrated(page, 'FlowerImageGenerator');
    const bulk = page.getByRole('button', { name: 'Generate all missing (3)' });
    await expect.poll(() => bulk.isEnabled()).toBe(true);
    expect(await page.getByRole('note').count()).toBe(0);
    await bulk.click();

    // The third product waits: the page shows where the run is, and every button waits too.
    await expect.poll(() => page.getByText('Generating 3 of 3…', { exact: true }).count()).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Flower products' });
    const row = (p: ApiProduct) => table.locator('tbody tr').filter({ has: page.getByText(p.name, { exact: true }) });
    expect(await row(ok).getByText('Generated', { exact: true }).count()).toBe(1);
    expect(await row(bad).getByText('The AI service answered with an error (500).').count()).toBe(1);
    expect(await row(slow).getByText('Generating…').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: `Generate image for ${ok.name}` }).isDisabled()).toBe(true);
    release();

    const results = page.getByRole('list', { name: 'Generation results' });
    await expect.poll(() => results.getByRole('listitem').count()).toBe(3);
    expect(await results.getByText('Image generated').count()).toBe(2);
    await expect.poll(() => toast(page, 'Some images could not be generated').count()).toBe(1);
    expect(await toast(page, 'Some images could not be generated').textContent()).toContain('Generated 2 images; 1 failed.');
    expect(asked).toEqual([ok.id, bad.id, slow.id]);

    // One product again, by its strain: the failure names the strain (§8).
    await page.getByRole('button', { name: `Generate image for ${bad.name}` }).click();
    await expect.poll(() => toast(page, `Failed to generate image for ${bad.subcategoryName}`).count()).toBe(1);
    expect(asked.at(-1)).toBe(bad.id);
    await page.context().close();
  });
});
