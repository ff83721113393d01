import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BROKEN_PAGE, GOOD_PAGE, paragraphs } from '../../../tests/fixtures/seo-pages.ts';
import { checkAll } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { parseSavedKeywords, productPageSeo } from './product-page-seo.ts';
import { AuditInput, BlogInput, CategorySeoInput, KeywordInput, ProductIdParam, SaveProductSeo } from './seo.schema.ts';
import { BLOG_WORD_COUNTS, SEO } from './seo.ts';
import { AUDIT_WEIGHTS, auditContent, looksLikeHtml, parseHtml } from './seo-audit.ts';
import { blogTemplate, keywordTemplate } from './seo-blog.ts';
import { categorySeoTemplate, productFacts, productSeoTemplate } from './seo-product.ts';
import { clip, countWords, fitDescription, fitTitle, locationParts, proseLocation, shortLocation } from './seo-text.ts';

const product = (over: Partial<ApiProduct> = {}): ApiProduct => ({
  id: 1,
  slug: 'blue-dream-reserve',
  name: 'Blue Dream Reserve',
  description: 'Top-shelf Blue Dream from a single indoor room. Customers report a smooth, creative daytime lift.',
  price: 4500,
  salePrice: null,
  image: '/images/products/blue-dream.webp',
  rating: 4.8,
  reviews: 312,
  category: 'Flower',
  categoryName: 'Flower',
  categorySlug: 'flower',
  categoryId: 1,
  subcategoryId: 7,
  subcategoryName: 'Blue Dream',
  thcContent: 24.6,
  cbdContent: 0.1,
  thcMg: null,
  netGrams: null,
  effects: 'Creative, Uplifting, Pain Relief',
  flavor: 'Blueberry, sweet haze',
  strainType: 'Hybrid',
  origin: 'Indoor, Maryland',
  inStock: true,
  stockQuantity: 100,
  isNewArrival: false,
  isBestSeller: true,
  isFeatured: true,
  isOrganic: false,
  isDeal: false,
  dealPercentOff: null,
  labResults: null,
  createdAt: 0,
  updatedAt: 0,
  price1g: null,
  price2g: null,
  price3_5g: 4500,
  price7g: 8500,
  priceHalfOz: 16000,
  priceOz: 30000,
  ...over,
});

const VARIETY: ApiProduct[] = [
  product(),
  product({ name: 'OG Kush', strainType: 'Indica', effects: 'Sleepy', flavor: null }),
  product({
    name: 'Granddaddy Purple Live Rosin All-In-One Disposable Vaporizer 0.5g Limited Edition Holiday Release',
    category: 'Vaporizer',
    categoryName: 'Vaporizer',
    subcategoryName: null,
    price3_5g: null,
    price7g: null,
    priceHalfOz: null,
    priceOz: null,
    price: 5500,
  }),
  product({
    name: 'Smell-Proof Stash Jar',
    category: 'Accessories',
    categoryName: 'Accessories',
    strainType: null,
    subcategoryName: null,
    thcContent: null,
    cbdContent: null,
    effects: '',
    flavor: null,
    description: 'Ultraviolet glass jar with an airtight, child-resistant lid. Keeps flower fresh.',
    price3_5g: null,
    price7g: null,
    priceHalfOz: null,
    priceOz: null,
    price: 1800,
  }),
  product({
    name: 'Wild Berry Gummies 100mg',
    category: 'Edible',
    categoryName: 'Edible',
    thcContent: null,
    thcMg: 100,
    price3_5g: null,
    price7g: null,
    priceHalfOz: null,
    priceOz: null,
    price: 2500,
  }),
  product({ name: 'X', description: '', effects: '', flavor: null, strainType: null, subcategoryName: null, thcContent: null }),
];

describe('text fitting', () => {
  it('clips at a word boundary and picks the first title that fits', () => {
    expect(clip('one two three four', 9)).toBe('one two');
    expect(clip('one two three four', 12, '…')).toBe('one two…');
    expect(fitTitle(['a'.repeat(61), 'Short enough title'])).toBe('Short enough title');
    expect(fitTitle(['word '.repeat(30)]).length).toBeLessThanOrEqual(60);
  });

  it('brings any description between 120 and 160 characters', () => {
    for (const first of ['Hi.', 'A medium sentence about delivery.', `${'x'.repeat(150)}.`, `${'word '.repeat(60)}end.`]) {
      const d = fitDescription([first]);
      expect(d.length, d).toBeGreaterThanOrEqual(120);
      expect(d.length, d).toBeLessThanOrEqual(160);
    }
  });

  it('reads locations for titles, sentences and keywords', () => {
    expect(shortLocation(SEO.defaultLocation)).toBe('DC, MD & VA');
    expect(proseLocation(SEO.defaultLocation)).toBe('DC, Maryland and Virginia');
    expect(shortLocation('Washington, DC')).toBe('DC');
    expect(shortLocation('Baltimore and Annapolis')).toBe('Baltimore & Annapolis');
    expect(locationParts('').map((p) => p.state)).toEqual(['DC', 'MD', 'VA']);
  });
});

describe('product SEO template (D26)', () => {
  it('keeps titles within 60 and descriptions within 120-160 characters, for every kind of product', () => {
    for (const p of VARIETY) {
      const seo = productSeoTemplate(productFacts(p));
      expect(seo.metaTitle.length, seo.metaTitle).toBeLessThanOrEqual(60);
      expect(seo.metaDescription.length, seo.metaDescription).toBeGreaterThanOrEqual(120);
      expect(seo.metaDescription.length, seo.metaDescription).toBeLessThanOrEqual(160);
      expect(seo.h1Heading.length).toBeLessThanOrEqual(70);
      expect(seo.keywords.length).toBeGreaterThan(3);
      expect(seo.description.length).toBeGreaterThan(200);
    }
  });

  it('is built from the product’s facts and the location, and is the same for the same product', () => {
    const seo = productSeoTemplate(productFacts(product()));
    expect(seo.metaTitle).toBe('Blue Dream Reserve | Hybrid Flower Delivery DC, MD & VA');
    expect(seo.metaDescription).toContain('24.6% THC');
    expect(seo.metaDescription).toContain('DC, Maryland and Virginia');
    expect(seo.description).toContain('from $45');
    expect(seo.description).toContain('3.5g, 7g, 1/2 oz and 1 oz');
    expect(seo.keywords).toEqual(
      expect.arrayContaining(['blue dream reserve', 'blue dream strain', 'hybrid flower', 'flower delivery maryland']),
    );
    expect(productSeoTemplate(productFacts(product()))).toEqual(seo);
  });

  it('says nothing the compliance check would flag (D27), even when the product copy would', () => {
    for (const p of VARIETY) {
      const seo = productSeoTemplate(productFacts(p));
      expect(checkAll(seo), JSON.stringify(seo)).toEqual([]);
    }
    // 'Pain Relief' is an effect in the vocabulary, but marketing copy leaves it out.
    expect(JSON.stringify(productSeoTemplate(productFacts(product())))).not.toMatch(/relief/i);
  });
});

describe('category, blog and keyword templates', () => {
  it('writes category SEO within the lengths, with the count and location', () => {
    const seo = categorySeoTemplate({ categoryName: 'flower', productCount: 24, targetLocation: SEO.defaultLocation });
    expect(seo.metaTitle).toBe('Flower Delivery in DC, MD & VA | Greenline Delivery');
    expect(seo.metaDescription).toMatch(/^Shop 24 Flower products/);
    expect(seo.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(seo.metaDescription.length).toBeLessThanOrEqual(160);
    expect(checkAll(seo)).toEqual([]);
    const none = categorySeoTemplate({ categoryName: 'Edible', productCount: 0, targetLocation: 'Baltimore' });
    expect(none.description).toContain('Browse our edible products');
    expect(none.metaTitle).toContain('Baltimore');
  });

  it('writes a blog post of roughly the requested length, with the topic, keywords and location', () => {
    for (const wordCount of BLOG_WORD_COUNTS) {
      for (const keywords of [[], ['indica', 'evening']]) {
        const blog = blogTemplate({
          topic: 'Choosing an indica for the evening',
          keywords,
          targetLocation: SEO.defaultLocation,
          wordCount,
        });
        const words = countWords(blog.content);
        expect(words, `${wordCount} ${keywords}`).toBeGreaterThanOrEqual(wordCount * 0.9);
        expect(words, `${wordCount} ${keywords}`).toBeLessThanOrEqual(wordCount * 1.1);
        expect(blog.title.length).toBeLessThanOrEqual(60);
        expect(blog.metaDescription.length).toBeGreaterThanOrEqual(120);
        expect(blog.metaDescription.length).toBeLessThanOrEqual(160);
        expect(checkAll(blog)).toEqual([]);
      }
    }
    const blog = blogTemplate({ topic: 'edibles', keywords: ['gummies'], targetLocation: SEO.defaultLocation, wordCount: 800 });
    expect(blog.content).toContain('## Gummies in DC, MD & VA');
    expect(blog.content).toContain('DC, Maryland and Virginia');
    expect(blogTemplate({ topic: 'edibles', keywords: ['gummies'], targetLocation: SEO.defaultLocation, wordCount: 800 })).toEqual(blog);
  });

  it('crosses seed keywords with modifiers and DC, MD and VA places', () => {
    const data = keywordTemplate({
      seedKeywords: ['weed delivery', 'Edibles'],
      location: SEO.defaultLocation,
      businessType: SEO.businessType,
    });
    expect(data.primaryKeywords).toEqual(
      expect.arrayContaining(['weed delivery', 'weed delivery near me', 'best edibles', 'edibles delivery']),
    );
    expect(data.primaryKeywords).not.toContain('weed delivery delivery');
    expect(data.longTailKeywords).toEqual(expect.arrayContaining(['same day weed delivery near me', 'best edibles delivery in maryland']));
    for (const place of ['washington dc', 'maryland', 'virginia', 'baltimore', 'arlington', 'georgetown']) {
      expect(
        data.localKeywords.some((k) => k.endsWith(place)),
        place,
      ).toBe(true);
    }
    expect(new Set(data.localKeywords).size).toBe(data.localKeywords.length);
    expect(
      keywordTemplate({ seedKeywords: ['weed delivery', 'Edibles'], location: SEO.defaultLocation, businessType: SEO.businessType }),
    ).toEqual(data);
  });
});

describe('HTML extraction without a DOM', () => {
  it('finds tags and attributes, and skips comments, scripts, styles and SVG titles', () => {
    const page = parseHtml(GOOD_PAGE);
    expect(page.lang).toBe('en');
    expect(page.titles).toEqual(['Blue Dream Reserve | Hybrid Flower Delivery DC, MD & VA']);
    expect(page.h1s).toEqual(['Blue Dream Reserve']);
    expect(page.images).toHaveLength(2);
    expect(page.scripts.filter((s) => s.attrs.type === 'application/ld+json')).toHaveLength(2);
    expect(page.text).not.toMatch(/injected|commented out|Leaf icon|color: red/);
  });

  it('copes with unquoted and single-quoted attributes, > inside quotes, entities and unclosed tags', () => {
    const page = parseHtml(
      `<html LANG=en-US><title>A &amp; B &#8211; C&#x21;</title><img alt='x > y' src=a.png><a href="/b?x=1&amp;y=2">b</a><h1>Open`,
    );
    expect(page.lang).toBe('en-US');
    expect(page.titles).toEqual(['A & B – C!']);
    expect(page.images[0]).toEqual({ alt: 'x > y', src: 'a.png' });
    expect(page.anchors[0]?.href).toBe('/b?x=1&y=2');
    expect(page.h1s).toEqual(['Open']);
    expect(parseHtml('<title>&unknown; &lt;b&gt;</title>').titles).toEqual(['&unknown; <b>']);
    expect(looksLikeHtml('Just a draft.\n# Heading')).toBe(false);
    expect(looksLikeHtml('<p>Hi</p>')).toBe(true);
  });

  it('reads uppercase tags and attributes, unquoted values and self-closing tags', () => {
    const page = parseHtml(
      '<HTML LANG=de><HEAD><TITLE>Upper</TITLE><META NAME=description CONTENT=Short/><LINK REL=canonical HREF=/p/1 /></HEAD>' +
        '<BODY><H1 CLASS=big>Big <B>Title</B></H1><IMG SRC=/a.png ALT=Jar/><BR/><A HREF=/deals>Deals</A><P>after</P></BODY></HTML>',
    );
    expect(page.lang).toBe('de');
    expect(page.titles).toEqual(['Upper']);
    expect(page.metas).toEqual([{ name: 'description', content: 'Short/' }]);
    expect(page.links).toEqual([{ rel: 'canonical', href: '/p/1' }]);
    expect(page.h1s).toEqual(['Big Title']);
    expect(page.images).toEqual([{ src: '/a.png', alt: 'Jar/' }]);
    expect(page.anchors).toEqual([{ href: '/deals' }]);
    // The self-closing <img/> and <br/> hold nothing: the text after them is the page's.
    expect(page.text).toBe('Big Title Deals after');
    expect(looksLikeHtml('Notes <BR/> more')).toBe(true);
    expect(looksLikeHtml('a < p > b, and 1 <2')).toBe(false);
  });

  it('decodes entities in text and attributes, and counts no comment, script, style, template or head text', () => {
    const page = parseHtml(
      '<head><title>Tea &amp; Cake</title><style>p::after { content: "styled words" }</style></head>' +
        '<body><!-- hidden note <h1>not this</h1> --><h1>Caf&eacute; &#x26; &#38; bar&nbsp;stool</h1>' +
        '<script>const s = "<p>scripted words</p>";</script><template><p>template words</p><img src=t.png></template>' +
        '<noscript><img src=n.png> fallback words</noscript><p>Fish&nbsp;&amp;&nbsp;chips &lt;fresh&gt;</p>' +
        '<img src="/x.png?a=1&amp;b=2" alt="&quot;quoted&quot;"><textarea>typed &lt;b&gt;</textarea></body>',
    );
    expect(page.titles).toEqual(['Tea & Cake']);
    expect(page.h1s).toEqual(['Café & & bar stool']);
    expect(page.images).toEqual([{ src: '/x.png?a=1&b=2', alt: '"quoted"' }]);
    expect(page.scripts).toEqual([{ attrs: {}, text: 'const s = "<p>scripted words</p>";' }]);
    expect(page.text).toBe('Café & & bar stool Fish & chips <fresh> typed <b>');
  });
});

describe('the rule-based audit', () => {
  const base = new URL('https://greenlinedelivery.com/product/1');

  it('scores a good page at 100 and names nothing to fix', () => {
    const result = auditContent(GOOD_PAGE, 'product', base);
    expect(result.criticalIssues).toEqual([]);
    expect(result.improvements).toEqual([]);
    expect(result.seoScore).toBe(100);
    expect(result.stats).toMatchObject({
      h1Count: 1,
      imagesWithoutAlt: 0,
      internalLinks: 4,
      structuredDataTypes: ['Product', 'BreadcrumbList'],
    });
    expect(result.stats.wordCount).toBeGreaterThanOrEqual(300);
    expect(Object.values(AUDIT_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('scores a broken page far lower and names each fault', () => {
    const good = auditContent(GOOD_PAGE, 'product', base);
    const broken = auditContent(BROKEN_PAGE, 'product', base);
    expect(broken.seoScore).toBeLessThan(good.seoScore - 40);
    const critical = broken.criticalIssues.join('\n');
    expect(critical).toMatch(/Missing <title>/);
    expect(critical).toMatch(/2 <h1> headings/);
    expect(critical).toMatch(/No canonical link/);
    expect(critical).toMatch(/Meta description is 5 characters/);
    const improvements = broken.improvements.join('\n');
    expect(improvements).toMatch(/2 of 2 images have no alt text \(1 without an alt attribute, 1 with an empty one\)/);
    expect(improvements).toMatch(/JSON-LD block of 1 could not be parsed/);
    expect(improvements).toMatch(/Only 9 words of content; aim for at least 300 on a product page/);
    expect(improvements).toMatch(/Only 1 internal link/);
    expect(improvements).toMatch(/no lang attribute/);
    expect(improvements).toMatch(/No viewport/);
  });

  it('holds a home page to a lower word count, and notices noindex', () => {
    const home = `<html lang="en"><head><title>Greenline Delivery | Cannabis Delivery in DC, MD &amp; VA</title><meta name="robots" content="noindex"></head><body>${paragraphs(5)}</body></html>`;
    const asHome = auditContent(home, 'home', base);
    const asBlog = auditContent(home, 'blog', base);
    expect(asHome.checks.find((c) => c.id === 'wordCount')?.passed).toBe(true);
    expect(asBlog.checks.find((c) => c.id === 'wordCount')?.passed).toBe(false);
    expect(asHome.improvements).toContain('The page tells search engines not to index it (robots noindex).');
  });

  it('audits a pasted draft on what text can show, without penalising the missing <head>', () => {
    const draft = `# Indica for the evening\n\n${'A calm, easy read about indica strains. '.repeat(60)}\n\n[Flower](/categories/flower) [Deals](/deals) [Home](/) ![](/img.png)`;
    const result = auditContent(draft, 'blog', null);
    expect(result.contentKind).toBe('text');
    expect(result.checks.filter((c) => !c.applicable).map((c) => c.id)).toEqual(
      expect.arrayContaining(['title', 'metaDescription', 'canonical', 'structuredData', 'viewport', 'lang']),
    );
    expect(result.criticalIssues).toEqual([]);
    expect(result.improvements).toEqual([
      '1 of 1 image has no alt text (1 with an empty one): describe each image, or mark a decorative one with role="presentation".',
    ]);
    // Heading, length and links pass (30 of the 40 points text can show); the image has no alt text.
    expect(result.seoScore).toBe(75);
  });
});

describe('schemas (admin.md §5)', () => {
  const message = (schema: v.GenericSchema, input: unknown) => {
    const r = v.safeParse(schema, input);
    return r.success ? null : r.issues[0]?.message;
  };

  it("uses the spec's messages", () => {
    expect(message(ProductIdParam, 'abc')).toBe('Please select a product');
    expect(message(ProductIdParam, '0')).toBe('Please select a product');
    expect(message(CategorySeoInput, { categoryName: '  ' })).toBe('Please enter a category name');
    expect(message(CategorySeoInput, null)).toBe('Please enter a category name');
    expect(message(AuditInput, { url: '' })).toBe('Please enter a URL to audit');
    expect(message(BlogInput, { topic: 'x' })).toBe('Please enter topic and keywords');
    expect(message(BlogInput, { topic: '', keywords: 'a' })).toBe('Please enter topic and keywords');
    expect(message(BlogInput, { topic: 'x', keywords: ' , ' })).toBe('Please enter topic and keywords');
    expect(message(BlogInput, { topic: 'x', keywords: 'a', wordCount: 900 })).toBe('Word count must be 500, 800, 1200 or 2000');
    expect(message(KeywordInput, { seedKeywords: '' })).toBe('Please enter seed keywords');
  });

  it('fills the defaults of admin.md §9', () => {
    expect(v.parse(CategorySeoInput, { categoryName: 'Flower' })).toEqual({
      categoryName: 'Flower',
      productCount: 0,
      targetLocation: 'Washington DC, Maryland, Virginia',
    });
    expect(v.parse(BlogInput, { topic: 'T', keywords: 'a, b,a' })).toMatchObject({ keywords: ['a', 'b'], wordCount: 800 });
    expect(v.parse(KeywordInput, { seedKeywords: 'weed', location: '' })).toEqual({
      seedKeywords: ['weed'],
      location: 'Washington DC, Maryland, Virginia',
      businessType: 'Cannabis Dispensary',
    });
    expect(v.parse(AuditInput, { url: '/' }).pageType).toBe('product');
    expect(v.parse(SaveProductSeo, { metaTitle: 'T', metaDescription: 'D', h1Heading: 'H' })).toMatchObject({
      keywords: [],
      override: false,
    });
  });
});

describe('saved SEO on the product page', () => {
  it('overrides only what was saved', () => {
    expect(productPageSeo(undefined)).toEqual({});
    expect(productPageSeo({ seoTitle: ' T ', seoDescription: null, seoH1: '', seoBody: 'A\n\nB', seoKeywords: '["a","b"]' })).toEqual({
      title: 'T',
      body: 'A\n\nB',
      keywords: ['a', 'b'],
    });
    expect(parseSavedKeywords('a, b')).toEqual(['a', 'b']);
    expect(parseSavedKeywords(null)).toEqual([]);
  });
});
