import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import { categories, products } from '../../src/db/schema.ts';
import type { CartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl, dbUrl } = await e2eStack();
const { db, close } = createNodeDb({ LIBSQL_URL: dbUrl });
let browser: Browser;
let catalogue: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
  close();
});

const flowerWith7g = () => {
  const p = catalogue.find((x) => x.category === 'Flower' && x.inStock && !x.isDeal && x.price7g);
  if (!p) throw new Error('no flower with a 7g option');
  return p;
};

describe('product page', () => {
  it('adds the chosen weight and quantity to the cart at the server price', async () => {
    const product = flowerWith7g();
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/product/${product.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
    await hydrated(page, 'ProductDetail');

    const buyBox = page.getByRole('region', { name: product.name });
    await buyBox.getByRole('radio', { name: '7g', exact: true }).check({ force: true });
    await expect.poll(() => buyBox.getByText(formatMoney(product.price7g ?? 0), { exact: true }).count()).toBeGreaterThan(0);
    await buyBox.getByRole('button', { name: 'Increase quantity' }).click();
    await buyBox.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => buyBox.getByRole('button', { name: 'Added to Cart!' }).getAttribute('aria-disabled')).toBe('true');

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as CartItem[];
    expect(stored).toEqual([
      expect.objectContaining({
        id: `${product.id}-7g`,
        productId: product.id,
        quantity: 2,
        price: product.price7g,
        name: `${product.name} - 7g`,
      }),
    ]);
    expect(errors).toEqual([]);
  });

  it('shows the tabs with the product itself (D7) and works by keyboard', async () => {
    const product = flowerWith7g();
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/product/${product.id}`);
    await hydrated(page, 'ProductDetail');
    const description = page.getByRole('tab', { name: 'Description' });
    expect(await description.getAttribute('aria-selected')).toBe('true');
    await description.focus();
    await page.keyboard.press('ArrowRight');
    const specs = page.getByRole('tabpanel', { name: 'Specifications' });
    await expect.poll(() => specs.isVisible()).toBe(true);
    expect(await specs.getByRole('rowheader', { name: 'Category' }).count()).toBe(1);
    expect(await specs.textContent()).toContain(`${product.thcContent}%`);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tabpanel', { name: `Reviews (${product.reviews})` }).textContent()).toContain(String(product.reviews));
    expect(errors).toEqual([]);
  });

  it('shows the live price when it changed after the build', async () => {
    const product = catalogue.find((p) => p.category === 'Edible' && !p.isDeal && p.salePrice == null);
    if (!product) throw new Error('no plain edible');
    const newPrice = product.price + 123;
    await db.update(products).set({ price: newPrice }).where(eq(products.id, product.id));
    try {
      const { page, errors } = await openPage(browser);
      await page.goto(`${baseUrl}/product/${product.id}`);
      await expect.poll(() => page.getByText(formatMoney(newPrice), { exact: true }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await db.update(products).set({ price: product.price }).where(eq(products.id, product.id));
    }
  });

  it('opens a product created after the last build, and says when a product does not exist', async () => {
    const [edible] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'edible'));
    const [created] = await db
      .insert(products)
      .values({
        slug: `late-arrival-${Date.now()}`,
        name: 'Late Arrival Gummies',
        price: 1999,
        categoryId: edible?.id ?? 0,
        description: 'Added after the build.',
      })
      .returning({ id: products.id });
    try {
      const { page, errors } = await openPage(browser);
      const res = await page.goto(`${baseUrl}/product/${created?.id}`);
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Late Arrival Gummies');
      expect(await page.getByText('$19.99', { exact: true }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await db.delete(products).where(eq(products.id, created?.id ?? 0));
    }

    const { page } = await openPage(browser);
    for (const path of ['/product/999999', '/product/abc']) {
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Product Not Found');
      expect(await page.getByText("The product you're looking for doesn't exist or has been removed.").count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/#products');
    }
  });

  it('redirects /products/{id} permanently to /product/{id} (D10)', async () => {
    const id = catalogue[0]?.id;
    const res = await fetch(`${baseUrl}/products/${id}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location') ?? '', baseUrl).pathname).toBe(`/product/${id}`);
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/products/${id}`);
    expect(new URL(page.url()).pathname).toBe(`/product/${id}`);
    expect(errors).toEqual([]);
  });
});
