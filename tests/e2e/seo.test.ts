/**
 * SEO and link health against the stack as `npm start` serves it: no dead internal links (D11),
 * structured data, per-page head tags, sitemap.xml and robots.txt; the landing pages' contents
 * (storefront.md §2) and the Contact Us form (admin.md §2, §5, §8).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { NEAR_ME, NEAR_ME_EXAMPLES, STATE_LANDINGS } from '../../src/features/landing/landing.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { hydrated, launchBrowser, openPage } from '../helpers/browser.ts';
import { e2eStack } from '../helpers/run-stack.ts';

const { baseUrl } = await e2eStack();
const origin = new URL(baseUrl).origin;
const CRAWL_CAP = 400;
const CONCURRENCY = 8;

let browser: Browser;
let catalogue: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as ApiProduct[];
});
afterAll(async () => {
  await browser?.close();
});

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** What each state allows today, by code (D38): another journey on this stack may have changed it. */
async function salesToday(): Promise<Record<string, string>> {
  const states = (await (await fetch(`${baseUrl}/api/states`)).json()) as { code: string; sales: string }[];
  return Object.fromEntries(states.map((s) => [s.code, s.sales]));
}

async function html(path: string): Promise<string> {
  const res = await fetch(new URL(path, origin));
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Every <a href> in a document, resolved against its URL. */
function links(doc: string, base: string): URL[] {
  const out: URL[] = [];
  for (const m of doc.matchAll(/<a\b[^>]*?\shref\s*=\s*(["'])(.*?)\1/gis)) {
    const raw = decode(m[2] ?? '').trim();
    if (!raw || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    try {
      out.push(new URL(raw, base));
    } catch {
      // An unparsable href is reported by the caller as not found in the crawl; skip here.
    }
  }
  return out;
}

const meta = (doc: string, attr: 'name' | 'property', key: string) =>
  decode(
    doc.match(new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`, 'i'))?.[1] ??
      doc.match(new RegExp(`<meta\\s+content="([^"]*)"\\s+${attr}="${key}"`, 'i'))?.[1] ??
      '',
  );
const titleOf = (doc: string) => decode(doc.match(/<title>([^<]*)<\/title>/i)?.[1] ?? '');
const canonicalOf = (doc: string) => doc.match(/<link\s+rel="canonical"\s+href="([^"]*)"/i)?.[1] ?? '';

interface LdItem {
  '@type'?: unknown;
  url?: unknown;
  areaServed?: { name: string }[];
  [key: string]: unknown;
}

function jsonLd(doc: string): LdItem[] {
  return [...doc.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? '') as LdItem);
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function sitemapLocs(): Promise<string[]> {
  const res = await fetch(`${baseUrl}/sitemap.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('xml');
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1] ?? ''));
}

const ofType = (items: LdItem[], ...types: string[]) => items.find((i) => types.includes(String(i['@type'])));

describe('links', () => {
  it('every internal link reachable from / answers without a 4xx or 5xx', async () => {
    const seen = new Map<string, string>(); // url -> first page that linked to it
    const queue: string[] = [];
    const enqueue = (url: URL, from: string) => {
      if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
      url.hash = '';
      const key = url.href;
      if (seen.has(key) || seen.size >= CRAWL_CAP) return;
      seen.set(key, from);
      queue.push(key);
    };
    enqueue(new URL('/', origin), '(start)');
    const offenders: string[] = [];
    let visited = 0;

    while (queue.length > 0) {
      const batch = queue.splice(0, CONCURRENCY);
      await Promise.all(
        batch.map(async (url) => {
          visited++;
          const res = await fetch(url, { redirect: 'manual' });
          if (res.status >= 300 && res.status < 400) {
            // Redirects by design (/products/{id}, admin pages to /admin-login): the target must live.
            const location = res.headers.get('location');
            if (location) enqueue(new URL(location, url), `${url} (redirect)`);
            await res.body?.cancel();
            return;
          }
          if (res.status >= 400) {
            offenders.push(`${new URL(url).pathname}${new URL(url).search} -> ${res.status} (linked from ${seen.get(url)})`);
            await res.body?.cancel();
            return;
          }
          if (!(res.headers.get('content-type') ?? '').includes('text/html')) {
            await res.body?.cancel();
            return;
          }
          for (const link of links(await res.text(), url)) enqueue(link, new URL(url).pathname);
        }),
      );
    }

    expect(offenders, `dead internal links:\n${offenders.join('\n')}`).toEqual([]);
    // The crawl really went through the shop: header, footer, landing pages and products.
    const paths = [...seen.keys()].map((u) => new URL(u).pathname);
    for (const p of ['/deals', '/contact', ...Object.values(STATE_LANDINGS).map((l) => l.path), NEAR_ME.path]) {
      expect(paths, p).toContain(p);
    }
    expect(paths.some((p) => /^\/product\/\d+$/.test(p))).toBe(true);
    expect(visited).toBeGreaterThan(20);
  });
});

describe('structured data', () => {
  it('home carries the local business', async () => {
    const business = ofType(jsonLd(await html('/')), 'LocalBusiness', 'Store');
    expect(business).toMatchObject({ name: SITE.name, telephone: SITE.phone, priceRange: SITE.priceRange });
    expect(String(business?.url)).toMatch(/^https?:\/\//);
  });

  it('each landing page has its own LocalBusiness and a BreadcrumbList; a closed state claims no area served (D38)', async () => {
    const sales = await salesToday();
    expect(Object.values(sales)).toContain('closed');
    for (const page of Object.values(STATE_LANDINGS)) {
      const items = jsonLd(await html(page.path));
      const business = ofType(items, 'LocalBusiness');
      expect(business, page.path).toMatchObject({
        name: SITE.name,
        url: `${origin}${page.path}`,
        telephone: SITE.phone,
        email: SITE.email,
        priceRange: '$15-$300',
        openingHours: SITE.deliveryHoursSchema,
        paymentAccepted: 'Cash',
      });
      const served = (business?.areaServed ?? []).map((a) => a.name);
      if (sales[page.code] === 'closed') {
        expect(served, page.path).toEqual([]);
        expect(business, page.path).not.toHaveProperty('address');
      } else {
        expect(business, page.path).toMatchObject({ address: { addressRegion: page.code } });
        expect(served).toEqual(expect.arrayContaining([page.stateName, ...page.areas]));
      }
      expect(ofType(items, 'BreadcrumbList'), page.path).toBeDefined();
    }
    const near = ofType(jsonLd(await html(NEAR_ME.path)), 'LocalBusiness');
    expect(near).toMatchObject({ url: `${origin}${NEAR_ME.path}`, telephone: SITE.phone, priceRange: '$15-$300' });
  });

  it('a category page has a BreadcrumbList', async () => {
    expect(ofType(jsonLd(await html('/categories/flower')), 'BreadcrumbList')).toBeDefined();
  });

  it('a product page has Product with offer and rating', async () => {
    const product = catalogue.find((p) => p.reviews > 0);
    if (!product) throw new Error('seed has no reviewed product');
    const data = ofType(jsonLd(await html(`/product/${product.id}`)), 'Product') as
      | { name: string; offers: { price: string; priceCurrency: string }; aggregateRating: { ratingValue: number } }
      | undefined;
    expect(data?.name).toBe(product.name);
    expect(data?.offers.priceCurrency).toBe('USD');
    expect(Number(data?.offers.price)).toBeGreaterThan(0);
    expect(data?.aggregateRating.ratingValue).toBe(product.rating);
  });
});

describe('head tags, sitemap and robots', () => {
  it('every page in the sitemap has a unique title, a description, its canonical link and og:title', async () => {
    const locs = await sitemapLocs();
    const titles = new Map<string, string>();
    const problems: string[] = [];
    for (let i = 0; i < locs.length; i += CONCURRENCY) {
      await Promise.all(
        locs.slice(i, i + CONCURRENCY).map(async (loc) => {
          const res = await fetch(loc);
          const doc = await res.text();
          const path = new URL(loc).pathname;
          if (res.status !== 200) return problems.push(`${path}: status ${res.status}`);
          const title = titleOf(doc);
          if (!title) problems.push(`${path}: no <title>`);
          else if (titles.has(title)) problems.push(`${path}: same title as ${titles.get(title)}`);
          else titles.set(title, path);
          if (meta(doc, 'name', 'description').length < 20) problems.push(`${path}: no meta description`);
          if (canonicalOf(doc) !== loc) problems.push(`${path}: canonical is '${canonicalOf(doc)}', expected '${loc}'`);
          if (meta(doc, 'property', 'og:title') !== title) problems.push(`${path}: og:title differs from <title>`);
          return undefined;
        }),
      );
    }
    expect(problems, `head tag problems (${problems.length}):\n${problems.slice(0, 25).join('\n')}`).toEqual([]);
  });

  it('sitemap.xml lists every public page and every product, and nothing private', async () => {
    const locs = await sitemapLocs();
    expect(locs.every((l) => l.startsWith(`${origin}/`))).toBe(true);
    const paths = locs.map((l) => new URL(l).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      '/',
      '/deals',
      '/contact',
      '/compare',
      '/dashboard',
      '/categories/flower',
      ...Object.values(STATE_LANDINGS).map((l) => l.path),
      NEAR_ME.path,
    ]) {
      expect(paths, p).toContain(p);
    }
    // /search is indexable (0011) but lists what the other pages already list: not in the sitemap.
    expect(paths).not.toContain('/search');
    expect(catalogue.length).toBeGreaterThan(0);
    for (const product of catalogue) expect(paths, `product ${product.id}`).toContain(`/product/${product.id}`);
    expect(paths.some((p) => /^\/subcategories\/\d+\/products$/.test(p))).toBe(true);
    expect(paths.filter((p) => /^\/(admin|checkout|order-confirmation|product-manager|.*-manager)/.test(p))).toEqual([]);
  });

  it('robots.txt allows the shop and keeps crawlers out of the API, admin and order confirmations', async () => {
    const res = await fetch(`${baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    for (const p of ['/api/', '/admin', '/admin-login', '/product-manager', '/seo-manager', '/order-confirmation']) {
      expect(lines, p).toContain(`Disallow: ${p}`);
    }
    expect(lines).not.toContain('Disallow: /checkout');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('landing pages', () => {
  it('state pages show the hero buttons where the state sells, all 16 areas, the benefits and the closing call banner', async () => {
    const sales = await salesToday();
    for (const page of Object.values(STATE_LANDINGS)) {
      const doc = decode(await html(page.path));
      expect(page.areas).toHaveLength(16);
      for (const area of page.areas) expect(doc, `${page.path}: ${area}`).toContain(`>${area}</li>`);
      expect(doc.match(new RegExp(`<a href="${escapeRe(SITE.phoneHref)}"[^>]*>Call ${escapeRe(SITE.phone)}</a>`, 'g'))).toHaveLength(2);
      if (sales[page.code] === 'closed') {
        // D38: information only, with no way to order.
        expect(doc).toContain(`We can't deliver to ${page.stateName} yet`);
        expect(doc).not.toMatch(/<a href="\/checkout"/);
        expect(doc).toContain(`Questions about ${page.stateName}?`);
        continue;
      }
      expect(doc).toMatch(/<a href="\/checkout"[^>]*>Order Delivery Now<\/a>/);
      for (const title of ['Same-Day Delivery', 'Lab-Tested Products', 'Discreet & Cash on Delivery']) expect(doc).toContain(title);
      expect(doc).toContain(`Ready to order in ${page.shortName}?`);
    }
  });

  it('dispensary near me has its hero, features, five cities per state with links, and the phrases', async () => {
    const doc = await html(NEAR_ME.path);
    expect(doc).toMatch(/<a href="\/checkout"[^>]*>Order Now - Same Day Delivery<\/a>/);
    expect(decode(doc)).toContain(NEAR_ME.features[0].title);
    expect(doc).toContain(SITE.deliveryHours);
    expect(doc).toContain(`Order before ${SITE.sameDayCutoff}`);
    for (const s of NEAR_ME.serviceAreas) {
      expect(s.examples).toHaveLength(NEAR_ME_EXAMPLES);
      for (const city of s.examples) expect(doc).toContain(`<li>${city}</li>`);
      // storefront.md §2: /{state lowercased}-cannabis-dispensary; DC -> /dc-cannabis-dispensary.
      expect(s.href).toBe(`/${s.code === 'DC' ? 'dc' : s.name.toLowerCase()}-cannabis-dispensary`);
      expect(doc).toContain(`href="${s.href}"`);
    }
    for (const phrase of NEAR_ME.phrases) expect(doc).toContain(phrase);
    expect(doc).toContain(NEAR_ME.ctaHeading);
  });
});

describe('contact us', () => {
  it('shows the details, validates, clears an error on edit, and sends a valid message', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${baseUrl}/contact`);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: SITE.phone }).getAttribute('href')).toBe(SITE.phoneHref);
    expect(await main.getByRole('link', { name: SITE.email }).getAttribute('href')).toBe(`mailto:${SITE.email}`);
    expect(await main.getByText('Monday-Sunday 8am-11pm EST').count()).toBe(1);
    expect(await main.getByText('We reply within 24 hours.').count()).toBe(1);

    await hydrated(page, 'ContactForm');
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await page.getByRole('textbox', { name: 'Website' }).count()).toBe(0);

    const send = main.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const msg of ['Name is required', 'Invalid email address', 'Subject is required', 'Message must be at least 10 characters']) {
      await expect.poll(() => main.getByText(msg, { exact: true }).count(), { message: msg }).toBe(1);
    }
    await main.getByLabel('Name', { exact: true }).fill('Jo Shopper');
    await expect.poll(() => main.getByText('Name is required').count()).toBe(0);
    expect(await main.getByText('Invalid email address').count()).toBe(1);

    await main.getByLabel('Email', { exact: true }).fill('jo@example.com');
    await main.getByLabel('Subject', { exact: true }).fill('Delivery question');
    await main.getByLabel('Message', { exact: true }).fill('Do you deliver to Takoma Park on Sundays?');
    await send.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Message Sent!' }).count()).toBe(1);
    expect(await page.getByText("We'll get back to you as soon as possible.").count()).toBe(1);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await main.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    }
    expect(errors).toEqual([]);
  });

  it('keeps the message and says so when sending fails', async () => {
    const { page } = await openPage(browser);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto(`${baseUrl}/contact`);
    await hydrated(page, 'ContactForm');
    const main = page.getByRole('main');
    await main.getByLabel('Name', { exact: true }).fill('Jo Shopper');
    await main.getByLabel('Email', { exact: true }).fill('jo@example.com');
    await main.getByLabel('Subject', { exact: true }).fill('Delivery question');
    await main.getByLabel('Message', { exact: true }).fill('Do you deliver to Takoma Park on Sundays?');
    await main.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect.poll(() => alert.textContent()).toContain('Failed to send your message. Please try again.');
    expect(await main.getByLabel('Name', { exact: true }).inputValue()).toBe('Jo Shopper');
  });
});
