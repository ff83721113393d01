import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../tests/fixtures/products.ts';
import { testExecutionContext, testSiteBindings } from '../../../tests/helpers/env.ts';
import type { ApiProduct } from '../../features/catalog/catalog.ts';
import { FIRST_PAGE_ELEMENT_ID } from '../../features/search/first-page.ts';
import type { SiteEnv } from './pages.ts';
import { searchPage } from './search-page.ts';

/** The parts of the built search page the function works on (search.astro as Astro writes it). */
const BUILT = `<!DOCTYPE html><html><head><title>Search Products | Greenline Delivery</title></head><body><main>
<h1>Search</h1><div data-search-page><astro-island uid="Z1" prefix="r9" component-url="/_astro/SearchPageIsland.x.js" props="{}" ssr client="load" opts="{&quot;name&quot;:&quot;SearchPageIsland&quot;,&quot;value&quot;:true}" await-children><div class="flex"><ul aria-hidden="true"><li data-skeleton></li></ul></div><!--astro:end--></astro-island></div>
</main></body></html>`;

const product = (id: number, name: string) => makeProduct({ id, name });

/** The search route with `api` as the API and the built page as the static files. */
function call(path: string, api: (req: Request) => Response | Promise<Response>, init: RequestInit = {}) {
  const asked: string[] = [];
  const app = new Hono<SiteEnv>().get('/search', (c) =>
    searchPage(c, (req) => {
      asked.push(new URL(req.url).search);
      return api(req);
    }),
  );
  const builtPage = (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/search');
    return new Response(BUILT, {
      headers: { 'content-type': 'text/html; charset=utf-8', etag: '"built"', 'x-content-type-options': 'nosniff' },
    });
  };
  const response = app.request(`http://shop.test${path}`, init, testSiteBindings(builtPage), testExecutionContext());
  return { response, asked };
}

const answer = (products: ApiProduct[], total = products.length) =>
  Response.json(products, { headers: { 'x-total-count': String(total) } });

describe('GET /search drawn with its first results', () => {
  it('draws the cards, the count and the title, with the data the island starts from', async () => {
    const products = [product(1, 'Blue Dream'), product(2, 'Blueberry Kush')];
    const { response, asked } = call('/search?q=blue%20&category=flower', () => answer(products, 30));
    const res = await response;
    const html = await res.text();
    // The island's own request, for its canonical parameters.
    expect(asked).toEqual(['?search=blue&category=Flower&page=1&limit=24']);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html).toContain('<title>Search: blue</title>');
    expect(html).toContain('30 products found');
    expect(html).toContain('Blue Dream');
    expect(html).toContain('Blueberry Kush');
    expect(html).not.toContain('data-skeleton');
    // Nothing but the island's own markup inside it (React's resource hints would break hydration).
    expect(html).toMatch(/prefix="r9"[^>]*><div class="flex flex-col gap-6">/);
    // The island keeps its attributes, so the browser hydrates it as built.
    expect(html).toContain(
      '<astro-island uid="Z1" prefix="r9" component-url="/_astro/SearchPageIsland.x.js" props="{}" ssr client="load" opts="{&quot;name&quot;:&quot;SearchPageIsland&quot;,&quot;value&quot;:true}" await-children>',
    );
    const block = new RegExp(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">([^<]*)</script><astro-island `).exec(html);
    const data = JSON.parse(block?.[1] ?? 'null');
    expect(data.products.map((p: ApiProduct) => p.name)).toEqual(['Blue Dream', 'Blueberry Kush']);
    expect(data.total).toBe(30);
    expect(data.state).toMatchObject({ q: 'blue', category: 'Flower' });
  });

  it('keeps markup in shop text and in the term as text: nothing ends the data block or the title', async () => {
    const nasty = `Gummies </script><script>window.__xss=1</script><img src=x onerror=alert(1)> $& $1`;
    const { response } = call(`/search?q=${encodeURIComponent('</title><script>x</script>')}`, () => answer([product(1, nasty)]));
    const html = await (await response).text();
    expect(html).not.toContain('<script>window.__xss');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('<title>Search: &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    // React's escaping in the card; '$&' and '$1' kept as written, not taken as replacement patterns.
    expect(html).toContain(
      'Gummies &lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; $&amp; $1',
    );
    const block = new RegExp(`id="${FIRST_PAGE_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    expect(JSON.parse(block?.[1] ?? 'null').products[0].name).toBe(nasty);
  });

  it('serves the built page as it is when the API refuses or cannot be reached', async () => {
    for (const api of [
      () => Response.json({ error: 'Service temporarily unavailable' }, { status: 503 }),
      () => Promise.reject(new Error('connection refused')),
    ]) {
      const res = await call('/search?q=blue', api).response;
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe('"built"');
      expect(await res.text()).toBe(BUILT);
    }
  });

  it('asks nothing for a request other than GET', async () => {
    const { response, asked } = call('/search?q=blue', () => answer([]), { method: 'HEAD' });
    expect((await response).headers.get('etag')).toBe('"built"');
    expect(asked).toEqual([]);
  });
});
