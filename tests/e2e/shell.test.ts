/**
 * The store shell every page shares: age gate, header (navigation, live search, cart button, mobile
 * menu), cart drawer and footer, in real chromium against the built site.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoSvgFile } from '../../src/components/ui/Logo.tsx';
import type { CartItem } from '../../src/features/cart/cart.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { AGE_VERIFIED_KEY, UNDER_AGE_REDIRECT } from '../../src/features/compliance/age-gate.ts';
import { deliveryFee, sellsByWeight, unitPrice } from '../../src/features/pricing/pricing.ts';
import { SEARCH_DEBOUNCE_MS, SUGGESTION_LIMIT } from '../../src/features/search/search.ts';
import { FOOTER_ABOUT, FOOTER_SHOP, MOBILE_NAV } from '../../src/features/site/nav.ts';
import { PRICING, SITE } from '../../src/features/site/settings.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
let browser: Browser;
let catalogue: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
});

/** Records console and page errors of a second tab, as openPage does for the first. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return errors;
}

/**
 * Runs the suggestions' debounce out on the page's fake clock, then sends a marker request: any
 * search the debounce started was sent before it, so once the marker is seen, so is that search.
 */
async function debounceOver(page: Page): Promise<void> {
  await page.clock.runFor(SEARCH_DEBOUNCE_MS);
  await Promise.all([page.waitForRequest(`${baseUrl}/api/health`), page.evaluate(() => fetch('/api/health'))]);
}

/**
 * Clicks where the header's cart button is drawn, as a person would, without waiting for it to be
 * clickable. React opens the drawer within the click, so a click that reached it shows at once.
 */
async function clickWhereCartButtonIs(page: Page): Promise<void> {
  const box = await page.locator('header button[aria-haspopup="dialog"]').boundingBox();
  if (!box) throw new Error('the cart button has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

/** A cheap product sold by the unit (no weight), so one line stays under the free-delivery threshold. */
function cheapUnitProduct(): ApiProduct {
  const p = catalogue.find(
    (x) => !sellsByWeight(x.category) && x.inStock && (unitPrice(x, null) ?? 0) > 0 && (unitPrice(x, null) ?? 0) < 2000,
  );
  if (!p) throw new Error('no product under $20 sold by the unit');
  return p;
}

function lineOf(p: ApiProduct, quantity = 1): CartItem {
  return {
    id: p.id,
    productId: p.id,
    name: p.name,
    price: unitPrice(p, null) ?? 0,
    image: p.image,
    quantity,
    weight: null,
    category: p.category,
    unitGrams: null,
    thcMg: p.thcMg,
  };
}

async function seedCart(page: Page, lines: CartItem[]): Promise<void> {
  await page.evaluate((json) => localStorage.setItem('cart', json), JSON.stringify(lines));
}

describe('age gate', () => {
  it('blocks a fresh visitor: no Escape, no outside click, page behind inert; 21+ is remembered; a reset reopens it', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    await page.goto(baseUrl);
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await gate.waitFor();
    expect(await gate.getByText('You must be 21 years or older to enter this website.').count()).toBe(1);
    // The fade-in has run: the dialog ends fully opaque.
    await expect.poll(() => gate.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    // The page behind is inert: it can be neither clicked nor focused.
    await clickWhereCartButtonIs(page);
    expect(await page.getByRole('dialog', { name: 'Your Cart' }).count()).toBe(0);
    const focusedBehind = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('header button');
      button?.focus();
      return button != null && document.activeElement === button;
    });
    expect(focusedBehind).toBe(false);
    expect(await page.evaluate(() => document.querySelector('main')?.inert)).toBe(true);

    // Neither Escape (twice: Chrome's native dialogs give way on the second) nor a click outside closes it.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    // A native dialog closes within the key or click that closes it, and React applies what a key
    // or click changes before the event is done: had either closed it, it would be closed now.
    expect(await gate.evaluate((el) => (el instanceof HTMLDialogElement ? el.open : el.isConnected))).toBe(true);
    expect(await gate.isVisible()).toBe(true);

    // Tab and Shift+Tab stay inside the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null), key).toBe(true);
    }

    await gate.getByRole('button', { name: "I'm 21 or older" }).click();
    await gate.waitFor({ state: 'detached' });
    expect(await page.evaluate((k) => localStorage.getItem(k), AGE_VERIFIED_KEY)).toBe('true');
    expect(await page.evaluate(() => document.querySelector('main')?.inert)).toBe(false);
    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Your Cart' }).waitFor();
    await page.keyboard.press('Escape');

    // Remembered: a reload does not show it again, and nothing is hidden.
    await page.reload();
    // Hydrated, its first effect has decided: an unverified visitor's page would be marked now.
    await hydrated(page, 'AgeGate');
    expect(await page.getByRole('dialog', { name: 'Age Verification' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.ageGate ?? null)).toBeNull();

    // Removing the flag reopens it after a reload.
    await page.evaluate((k) => localStorage.removeItem(k), AGE_VERIFIED_KEY);
    await page.reload();
    await page.getByRole('dialog', { name: 'Age Verification' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the gate and blocks the page before its JavaScript loads, and reopens in a tab whose flag another tab removed', async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    // Hold the gate's script back: the inline check alone must already hide the page.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/_astro/AgeGate*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
    // Without any of the gate's JavaScript: the card is painted and everything behind it is inert.
    expect(await page.evaluate(() => document.documentElement.dataset.ageGate)).toBe('static');
    expect(await page.evaluate(() => [document.querySelector('header')?.inert, document.querySelector('main')?.inert])).toEqual([
      true,
      true,
    ]);
    expect(await page.locator('.age-gate-static').getByText('You must be 21 years or older to enter this website.').isVisible()).toBe(true);
    await clickWhereCartButtonIs(page);
    expect(await page.getByRole('dialog', { name: 'Your Cart' }).count()).toBe(0);
    release();
    const gate = page.getByRole('dialog', { name: 'Age Verification' });
    await gate.waitFor();
    await gate.getByRole('button', { name: "I'm 21 or older" }).click();
    await gate.waitFor({ state: 'detached' });
    expect(await page.locator('.age-gate-static').count()).toBe(0);
    expect(await page.evaluate(() => [document.querySelector('header')?.inert, document.querySelector('main')?.inert])).toEqual([
      false,
      false,
    ]);

    // Another tab of the same visitor resets the flag: this tab's gate comes back (storage event).
    const other = await page.context().newPage();
    const otherErrors = recordErrors(other);
    await other.goto(baseUrl);
    await hydrated(other, 'AgeGate');
    expect(await other.getByRole('dialog', { name: 'Age Verification' }).count()).toBe(0);
    await other.evaluate((k) => localStorage.removeItem(k), AGE_VERIFIED_KEY);
    await page.getByRole('dialog', { name: 'Age Verification' }).waitFor();
    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
  });

  it('crawlers and visitors without JS get the full page', async () => {
    const html = await (await fetch(baseUrl)).text();
    expect(html).toContain('<main id="main"');
    expect(html).toMatch(/<h1[^>]*>[^<]+/);
    // The gate's pre-hydration card sits in a <template>, which is never rendered as page content.
    expect(html.replace(/<template[\s\S]*?<\/template>/g, '')).not.toContain('Age Verification');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseUrl);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.locator('header').isVisible()).toBe(true);
    await context.close();
  });

  it("'I'm under 21' leaves the site", async () => {
    const { page, errors } = await openPage(browser, { ageVerified: false });
    // Nothing goes to the real network: the search engine answers from here.
    await page.route('https://www.google.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/plain', body: 'left' }));
    await page.goto(baseUrl);
    await page.getByRole('button', { name: "I'm under 21" }).click();
    await page.waitForURL(UNDER_AGE_REDIRECT);
    expect(page.url()).toBe(UNDER_AGE_REDIRECT);
    expect(await page.textContent('body')).toBe('left');
    expect(await page.evaluate((k) => localStorage.getItem(k), AGE_VERIFIED_KEY)).toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('header', () => {
  it('live search: nothing for 1 character, up to 8 suggestions for 2+, arrow keys and Enter open /product/{id}', async () => {
    const { page, errors } = await openPage(browser);
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/products' && url.searchParams.has('search')) searches.push(url.searchParams.get('search') ?? '');
    });
    // Time runs as usual; debounceOver moves it on when the journey must know a debounce is over.
    await page.clock.install();
    await page.goto(baseUrl);
    await hydrated(page, 'HeaderSearch');
    const box = page.getByRole('combobox', { name: 'Search products' });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const productOptions = listbox.locator('[role="option"][href^="/product/"]');

    await box.fill(' B ');
    await debounceOver(page);
    expect(await listbox.getByRole('option').count()).toBe(0);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(searches).toEqual([]);

    // Typed key by key: the debounce sends one request for the final term.
    await box.fill('');
    await box.pressSequentially('Blue', { delay: 20 });
    const expected = (await (await fetch(`${baseUrl}/api/products?search=Blue`)).json()) as ApiProduct[];
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => productOptions.count()).toBe(Math.min(expected.length, SUGGESTION_LIMIT));
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(searches).toEqual(['Blue']);
    const more = listbox.getByRole('option', { name: /more results$/ });
    if (expected.length > SUGGESTION_LIMIT) {
      expect(await more.textContent()).toBe(`+${expected.length - SUGGESTION_LIMIT} more results`);
      expect(await more.getAttribute('href')).toBe('/search?q=Blue');
    } else {
      expect(await more.count()).toBe(0);
    }
    const first = expected[0] as ApiProduct;
    expect(await productOptions.first().textContent()).toContain(first.name);

    // Escape closes; a term answered in the last 5 minutes is not fetched again.
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.fill('Bl');
    await box.fill('Blue');
    await expect.poll(() => productOptions.count()).toBe(Math.min(expected.length, SUGGESTION_LIMIT));
    await debounceOver(page);
    expect(searches.filter((s) => s === 'Blue')).toHaveLength(1);

    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(activeId).toBe(await productOptions.first().getAttribute('id'));
    expect(await productOptions.first().getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/product/${first.id}`);
    expect(errors).toEqual([]);
  });

  it('live search: Enter with no active suggestion goes to the search page; a failed call says so', async () => {
    const { page, errors } = await openPage(browser);
    await page.route(
      (url) => url.pathname === '/search',
      (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>search</title>' }),
    );
    await page.goto(baseUrl);
    await hydrated(page, 'HeaderSearch');
    const box = page.getByRole('combobox', { name: 'Search products' });

    const searchApi = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('search');
    await page.route(searchApi, (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await box.fill('gummies');
    await expect.poll(() => page.getByText('Search failed', { exact: true }).first().isVisible()).toBe(true);
    await page.unroute(searchApi);

    await box.fill('  blue dream ');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=blue%20dream`);
    // The only error is the 503 this test made up.
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
  });

  it('Products dropdown opens and closes on Escape, outside clicks and by keyboard', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    await hydrated(page, 'ProductsMenu');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const summary = nav.locator('summary', { hasText: 'Products' });
    const flower = nav.getByRole('link', { name: 'Flower' });

    await summary.click();
    expect(await flower.isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'All Products' }).getAttribute('href')).toBe('/#products');
    await page.keyboard.press('Escape');
    await expect.poll(() => flower.isVisible()).toBe(false);

    await summary.click();
    await page.mouse.click(640, 600);
    await expect.poll(() => flower.isVisible()).toBe(false);

    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => flower.isVisible()).toBe(true);
    for (const l of ['Home', 'Deals', 'About', 'Contact']) expect(await nav.getByRole('link', { name: l, exact: true }).count(), l).toBe(1);
    expect(errors).toEqual([]);
  });

  it('at 375 px the header fits; the menu opens with the links and closes after choosing one or on Escape', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 375, height: 812 } });
    await page.goto(baseUrl);
    await hydrated(page, 'MobileMenu');
    await hydrated(page, 'HeaderSearch');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const header = page.locator('header');
    for (const control of [
      header.getByRole('link', { name: SITE.shortName }),
      header.getByRole('button', { name: 'Search', exact: true }),
      cartButton(page),
      header.getByRole('button', { name: 'Open menu' }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    }

    // The search button reveals the search box.
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    expect(await box.isVisible()).toBe(true);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await box.isVisible()).toBe(false);

    const menuButton = header.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(MOBILE_NAV.map((l) => l.label));

    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await menuButton.click();
    await menu.getByRole('link', { name: 'All Products' }).click();
    await page.waitForURL(`${baseUrl}/#products`);
    expect(await menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});

describe('cart drawer', () => {
  it('shows the lines and totals (D3), follows the quantity, removes, and is empty with checkout disabled', async () => {
    const product = cheapUnitProduct();
    const line = lineOf(product);
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    await seedCart(page, [line]);
    await page.reload();
    await hydrated(page, 'CartButton');
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');

    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.waitFor();
    const amount = (label: string) =>
      drawer
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    const expectTotals = async (subtotal: number) => {
      const fee = deliveryFee(subtotal);
      await expect.poll(() => amount('Subtotal')).toBe(formatMoney(subtotal));
      expect(await amount('Delivery Fee')).toBe(fee === 0 && subtotal > 0 ? 'Free' : formatMoney(fee));
      expect(await amount('Total')).toBe(formatMoney(subtotal + fee));
    };

    expect(await drawer.getByRole('link', { name: product.name }).getAttribute('href')).toBe(`/product/${product.id}`);
    expect(await drawer.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await expectTotals(line.price);
    expect(await amount('Delivery Fee')).toBe(formatMoney(PRICING.deliveryFeeCents));
    expect(await drawer.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');

    // Plus raises the quantity; line price and totals follow, up to free delivery from $50.
    await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    await expectTotals(line.price * 2);
    expect(await drawer.getByTestId('line-price').textContent()).toBe(formatMoney(line.price * 2));
    expect(await drawer.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(false);
    const toFree = Math.ceil(PRICING.freeDeliveryThresholdCents / line.price);
    for (let q = 2; q < toFree; q++) await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    await expectTotals(line.price * toFree);
    expect(await amount('Delivery Fee')).toBe('Free');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toEqual([{ ...line, quantity: toFree }]);

    // Escape closes the drawer and gives focus back to the cart button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await cartButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await cartButton(page).click();
    await drawer.getByRole('button', { name: `Remove ${product.name}` }).click();
    await drawer.getByText('Your cart is empty').waitFor();
    expect(await drawer.getByText('Add some products to get started').count()).toBe(1);
    const checkout = drawer.getByRole('button', { name: 'Proceed to Checkout' });
    expect(await checkout.isDisabled()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Proceed to Checkout' }).count()).toBe(0);
    await expectTotals(0);
    expect(await amount('Delivery Fee')).toBe(formatMoney(0));
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Cart, 0 items', exact: true }).waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('stays in step across two tabs: a change in one updates the badge and the drawer in the other', async () => {
    const product = cheapUnitProduct();
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    await seedCart(page, [lineOf(product)]);
    await page.reload();
    const other = await page.context().newPage();
    const otherErrors = recordErrors(other);
    await other.goto(baseUrl);
    await hydrated(page, 'CartButton');
    await hydrated(other, 'CartButton');
    await expect.poll(() => other.getByTestId('cart-count').textContent()).toBe('1');

    await cartButton(page).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => other.getByTestId('cart-count').textContent()).toBe('2');
    expect(await other.getByRole('button', { name: 'Cart, 2 items', exact: true }).count()).toBe(1);

    await cartButton(other).click();
    const otherDrawer = other.getByRole('dialog', { name: 'Your Cart' });
    await otherDrawer.waitFor();
    expect(
      await otherDrawer
        .getByRole('group', { name: `Quantity for ${product.name}` })
        .getByText('2', { exact: true })
        .count(),
    ).toBe(1);

    await drawer.getByRole('button', { name: `Remove ${product.name}` }).click();
    await otherDrawer.getByText('Your cart is empty').waitFor();
    await other.keyboard.press('Escape');
    expect(await other.getByTestId('cart-count').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
  });
});

describe('footer and head', () => {
  it('links only to real routes (D11), names cash on delivery only (D25) and shows the hours', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(baseUrl);
    const footer = page.locator('footer');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const expected = [
      ...FOOTER_SHOP.map((l) => l.href),
      '/contact',
      SITE.phoneHref,
      `mailto:${SITE.email}`,
      ...FOOTER_ABOUT.map((l) => l.href),
    ];
    expect(hrefs).toEqual(expected);
    expect(FOOTER_ABOUT.map((l) => l.href)).toEqual([...SITE.states.map((s) => s.landing), '/dispensary-near-me']);
    expect(await footer.getByText(`Payment: ${SITE.payment}`, { exact: true }).count()).toBe(1);
    expect(await footer.getByText(SITE.deliveryHours).count()).toBe(1);
    expect(await footer.textContent()).toContain(String(new Date().getFullYear()));
    expect(await footer.textContent()).not.toMatch(/visa|mastercard|paypal|apple pay|credit|debit/i);
    expect(errors).toEqual([]);
  });

  it('every page gets canonical, Open Graph and Twitter tags', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const meta = (attr: string, key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseUrl}/?"`));
    expect(meta('property', 'og:site_name')).toBe(SITE.name);
    expect(meta('property', 'og:type')).toBe('website');
    expect(meta('property', 'og:url')).toMatch(new RegExp(`^${baseUrl}/?$`));
    expect(meta('property', 'og:title')).toBeTruthy();
    expect(meta('property', 'og:description')).toBeTruthy();
    expect(meta('name', 'twitter:card')).toMatch(/^summary/);
  });

  it('the favicon is served as SVG, and pages draw the mark inline rather than loading it as an image', async () => {
    const icon = await fetch(`${baseUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toBe(logoSvgFile());
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).not.toMatch(/<img[^>]+favicon\.svg/);
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    // The hero's mark names the shop; the header's sits beside the name and is hidden.
    expect(await page.getByRole('main').getByRole('img', { name: SITE.name }).count()).toBe(1);
    expect(await page.locator('header svg[aria-hidden="true"][viewBox="0 0 32 32"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
