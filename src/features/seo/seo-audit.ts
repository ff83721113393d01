/**
 * The rule-based page audit (admin.md §2 SEO Audit, D26): real without a model. It reads HTML with
 * htmlparser2's Parser, as everything else here that reads or rewrites HTML does: the Workers
 * runtime has no DOM, and one parser runs the same in Node's tests and in workerd. The audit needs
 * only tags, attributes and text, which the parser's callbacks give (entities decoded, comments
 * and the content of script, style and title elements kept out of the text).
 */
import { Parser } from 'htmlparser2';
import { PAGE_TYPES, type PageType, SEO } from './seo.ts';
import { collapse, countWords } from './seo-text.ts';

// ---------------------------------------------------------------------------------------------
// HTML extraction
// ---------------------------------------------------------------------------------------------

type Attrs = Record<string, string>;

export interface ParsedPage {
  lang: string | null;
  titles: string[];
  metas: Attrs[];
  links: Attrs[];
  /** Every <script>, with its text. */
  scripts: { attrs: Attrs; text: string }[];
  h1s: string[];
  images: Attrs[];
  anchors: Attrs[];
  /** The words a visitor reads: body text without scripts, styles and templates. */
  text: string;
}

/** Elements whose content is not part of the page until a script or plugin uses it: nothing in them is read. */
const INERT = new Set(['template', 'noscript', 'iframe', 'noembed', 'noframes']);
/** Elements whose text a visitor does not read as page content (besides the inert ones). */
const NOT_TEXT = new Set(['head', 'script', 'style', 'title', 'svg', 'math']);
/** Elements that draw in another vocabulary: an SVG's <title> or <image> is not the page's. */
const FOREIGN = new Set(['svg', 'math']);
/** Elements that make pasted content a page rather than a Markdown or plain-text draft. */
const PAGE_ELEMENTS = new Set(
  'html head body title meta link h1 h2 h3 h4 h5 h6 p div a img section article main span ul ol li br script'.split(' '),
);

/** The page's parts the audit reads, and whether the content has any element a page is made of. */
function readHtml(html: string): { page: ParsedPage; hasPageElements: boolean } {
  const page: ParsedPage = { lang: null, titles: [], metas: [], links: [], scripts: [], h1s: [], images: [], anchors: [], text: '' };
  const text: string[] = [];
  let hasPageElements = false;
  // The parser closes every element it opens (implied end tags included), so counts stay balanced.
  const within = { inert: 0, notText: 0, foreign: 0 };
  const track = (name: string, step: 1 | -1) => {
    if (INERT.has(name)) within.inert += step;
    if (NOT_TEXT.has(name)) within.notText += step;
    if (FOREIGN.has(name)) within.foreign += step;
  };
  let h1Depth = 0;
  let h1Text: string[] = [];
  let title: string[] | null = null;
  let script: { attrs: Attrs; text: string } | null = null;

  const parser = new Parser({
    onprocessinginstruction(name) {
      if (name === '!doctype') hasPageElements = true;
    },
    onopentag(name, attribs) {
      if (PAGE_ELEMENTS.has(name)) hasPageElements = true;
      // Text on either side of a tag must not run together ("</p><p>" is a word break).
      text.push(' ');
      if (h1Depth > 0) h1Text.push(' ');
      if (within.inert === 0) {
        switch (name) {
          case 'html':
            page.lang ??= attribs.lang?.trim() || null;
            break;
          case 'meta':
            page.metas.push(attribs);
            break;
          case 'link':
            page.links.push(attribs);
            break;
          case 'img':
            if (within.foreign === 0) page.images.push(attribs);
            break;
          case 'a':
            page.anchors.push(attribs);
            break;
          case 'h1':
            if (h1Depth++ === 0) h1Text = [];
            break;
          case 'title':
            if (within.foreign === 0) title = [];
            break;
          case 'script':
            script = { attrs: attribs, text: '' };
            page.scripts.push(script);
            break;
        }
      }
      track(name, 1);
    },
    ontext(data) {
      if (script) script.text += data;
      else if (title) title.push(data);
      else if (within.inert === 0 && within.notText === 0) {
        text.push(data);
        if (h1Depth > 0) h1Text.push(data);
      }
    },
    onclosetag(name) {
      track(name, -1);
      text.push(' ');
      if (h1Depth > 0) h1Text.push(' ');
      if (name === 'script') script = null;
      else if (name === 'title' && title) {
        page.titles.push(collapse(title.join('')));
        title = null;
      } else if (name === 'h1' && within.inert === 0 && h1Depth > 0 && --h1Depth === 0) {
        page.h1s.push(collapse(h1Text.join('')));
      }
    },
  });
  parser.end(html);
  page.text = collapse(text.join(''));
  return { page, hasPageElements };
}

export const parseHtml = (html: string): ParsedPage => readHtml(html).page;

// ---------------------------------------------------------------------------------------------
// Plain text and Markdown (pasted drafts)
// ---------------------------------------------------------------------------------------------

/** Whether pasted content is a page (audited as HTML) or a draft (audited for what text can show). */
export const looksLikeHtml = (content: string): boolean => readHtml(content).hasPageElements;

/** A draft as a page: '# ' lines are h1s, ![alt](src) images, [text](href) links. */
export function parseDraft(content: string): ParsedPage {
  const images: Attrs[] = [];
  const anchors: Attrs[] = [];
  for (const m of content.matchAll(/(!?)\[([^\]]*)\]\(\s*([^)\s]+)[^)]*\)/g)) {
    if (m[1]) images.push({ alt: m[2] ?? '', src: m[3] ?? '' });
    else anchors.push({ href: m[3] ?? '' });
  }
  const h1s = [...content.matchAll(/^#[ \t]+(.+)$/gm)].map((m) => collapse(m[1] ?? ''));
  const text = collapse(content.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/^#{1,6}[ \t]+/gm, ''));
  return { lang: null, titles: [], metas: [], links: [], scripts: [], h1s, images, anchors, text };
}

// ---------------------------------------------------------------------------------------------
// The audit
// ---------------------------------------------------------------------------------------------

export type AuditCheckId =
  | 'title'
  | 'metaDescription'
  | 'h1'
  | 'canonical'
  | 'structuredData'
  | 'imageAlt'
  | 'wordCount'
  | 'internalLinks'
  | 'lang'
  | 'viewport'
  | 'indexable';

export interface AuditCheck {
  id: AuditCheckId;
  label: string;
  /** Critical checks land in criticalIssues when they fail, the rest in improvements. */
  critical: boolean;
  /** False when the content cannot show it (a pasted draft has no <head>); then it is not scored. */
  applicable: boolean;
  passed: boolean;
  points: number;
  maxPoints: number;
  /** What was found, in a sentence. */
  detail: string;
}

export interface AuditStats {
  title: string | null;
  titleLength: number;
  metaDescription: string | null;
  metaDescriptionLength: number;
  h1Count: number;
  h1s: string[];
  canonical: string | null;
  structuredDataTypes: string[];
  wordCount: number;
  imageCount: number;
  imagesWithoutAlt: number;
  internalLinks: number;
  lang: string | null;
}

export interface AuditResult {
  seoScore: number;
  criticalIssues: string[];
  improvements: string[];
  checks: AuditCheck[];
  stats: AuditStats;
  pageType: PageType;
  /** The page audited, or null for pasted content. */
  url: string | null;
  /** 'html' for a page, 'text' for a pasted draft (head checks are not scored). */
  contentKind: 'html' | 'text';
}

/** Points per check; they add up to SEO.audit.maxScore. */
export const AUDIT_WEIGHTS: Readonly<Record<AuditCheckId, number>> = {
  title: 15,
  metaDescription: 15,
  h1: 15,
  canonical: 10,
  structuredData: 10,
  imageAlt: 10,
  wordCount: 10,
  internalLinks: 5,
  viewport: 4,
  lang: 3,
  indexable: 3,
};

const attr = (list: Attrs[], key: string, value: string) =>
  list.find((a) => (a[key] ?? '').trim().toLowerCase() === value) ??
  list.find((a) => (a[key] ?? '').toLowerCase().split(/\s+/).includes(value));

/** schema.org types named in a JSON-LD value (including @graph). */
function ldTypes(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) ldTypes(v, out);
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const t = obj['@type'];
    if (typeof t === 'string') out.push(t);
    else if (Array.isArray(t)) for (const x of t) if (typeof x === 'string') out.push(x);
    if (obj['@graph']) ldTypes(obj['@graph'], out);
  }
  return out;
}

/** An image a page marks as decorative (role="presentation"/"none" or aria-hidden) needs no alt text. */
const decorative = (img: Attrs) => /^(?:presentation|none)$/i.test(img.role?.trim() ?? '') || img['aria-hidden']?.trim() === 'true';

function internalLinkCount(anchors: Attrs[], base: URL | null): number {
  const seen = new Set<string>();
  const self = base ? `${base.origin}${base.pathname}${base.search}` : null;
  for (const a of anchors) {
    const href = a.href?.trim();
    if (!href || href.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(href, base ?? 'http://shop.invalid/');
    } catch {
      // new URL throws only on an href that is no URL: nothing to follow.
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (base ? url.origin !== base.origin : url.host !== 'shop.invalid') continue;
    const key = `${url.origin}${url.pathname}${url.search}`;
    if (key !== self) seen.add(key);
  }
  return seen.size;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Audits a page (or a pasted draft) for `pageType`. `url` resolves relative links; internal links
 * are those to the same origin. The score is the points earned out of the applicable checks' points,
 * scaled to 100.
 */
export function auditContent(content: string, pageType: PageType, url: URL | null): AuditResult {
  const read = readHtml(content);
  const isHtml = read.hasPageElements;
  const page = isHtml ? read.page : parseDraft(content);
  const { titleMin, titleMax } = { titleMin: SEO.title.min, titleMax: SEO.title.max };
  const { descriptionMin, descriptionMax, minInternalLinks } = SEO.audit;
  const minWords = SEO.audit.minWords[pageType];

  const title = page.titles[0] ?? null;
  const descMeta = attr(page.metas, 'name', 'description');
  const description = descMeta ? collapse(descMeta.content ?? '') : null;
  const canonicalLink = attr(page.links, 'rel', 'canonical');
  const canonical = canonicalLink?.href?.trim() || null;
  const ld = page.scripts.filter((s) => (s.attrs.type ?? '').trim().toLowerCase() === 'application/ld+json');
  const types: string[] = [];
  let ldBroken = 0;
  for (const s of ld) {
    try {
      ldTypes(JSON.parse(s.text), types);
    } catch {
      // JSON.parse throws only on text that is not JSON: a broken JSON-LD block.
      ldBroken++;
    }
  }
  const images = page.images.filter((img) => !decorative(img));
  const withoutAlt = images.filter((img) => !(img.alt ?? '').trim()).length;
  const words = countWords(page.text);
  const links = internalLinkCount(page.anchors, url);
  const viewport = attr(page.metas, 'name', 'viewport');
  const robots = attr(page.metas, 'name', 'robots');
  const noindex = /\bnoindex\b/i.test(robots?.content ?? '');

  const checks: AuditCheck[] = [];
  const check = (id: AuditCheckId, label: string, critical: boolean, share: number, detail: string, applicable = true) => {
    const maxPoints = AUDIT_WEIGHTS[id];
    const s = Math.max(0, Math.min(1, share));
    checks.push({ id, label, critical, applicable, passed: s >= 1, points: Math.round(maxPoints * s * 10) / 10, maxPoints, detail });
  };

  // Title
  if (!title) check('title', 'Title', true, 0, 'Missing <title>: add a title of 30-60 characters.', isHtml);
  else if (title.length < titleMin || title.length > titleMax)
    check('title', 'Title', true, 0.5, `Title is ${title.length} characters ("${title}"); keep it between ${titleMin} and ${titleMax}.`);
  else check('title', 'Title', true, 1, `Title is ${title.length} characters.`);

  // Meta description
  if (!description)
    check(
      'metaDescription',
      'Meta description',
      true,
      0,
      `Missing meta description: add one of ${descriptionMin}-${descriptionMax} characters.`,
      isHtml,
    );
  else if (description.length < descriptionMin || description.length > descriptionMax)
    check(
      'metaDescription',
      'Meta description',
      true,
      0.5,
      `Meta description is ${description.length} characters; keep it between ${descriptionMin} and ${descriptionMax}.`,
    );
  else check('metaDescription', 'Meta description', true, 1, `Meta description is ${description.length} characters.`);

  // One h1
  const h1Count = page.h1s.length;
  if (h1Count === 1) check('h1', 'One H1 heading', true, 1, `One <h1>: "${page.h1s[0]}".`);
  else if (h1Count === 0) check('h1', 'One H1 heading', true, 0, 'No <h1> heading: give the page exactly one.');
  else check('h1', 'One H1 heading', true, 0, `${h1Count} <h1> headings: keep exactly one (the page's main topic).`);

  // Canonical
  if (canonical) check('canonical', 'Canonical link', true, 1, `Canonical link: ${canonical}.`);
  else
    check(
      'canonical',
      'Canonical link',
      true,
      0,
      'No canonical link (<link rel="canonical">): search engines may index duplicates.',
      isHtml,
    );

  // Structured data
  if (ld.length === 0)
    check(
      'structuredData',
      'Structured data',
      false,
      0,
      'No JSON-LD structured data: add schema.org data (e.g. Product, BreadcrumbList).',
      isHtml,
    );
  else if (ldBroken > 0)
    check('structuredData', 'Structured data', false, 0.5, `${plural(ldBroken, 'JSON-LD block')} of ${ld.length} could not be parsed.`);
  else check('structuredData', 'Structured data', false, 1, `Structured data: ${types.length ? types.join(', ') : 'present'}.`);

  // Images
  if (images.length === 0) check('imageAlt', 'Image alt text', false, 1, 'No content images to describe.');
  else if (withoutAlt > 0) {
    const noAttribute = images.filter((img) => img.alt === undefined).length;
    const why = [
      noAttribute ? `${noAttribute} without an alt attribute` : '',
      withoutAlt - noAttribute ? `${withoutAlt - noAttribute} with an empty one` : '',
    ]
      .filter(Boolean)
      .join(', ');
    check(
      'imageAlt',
      'Image alt text',
      false,
      (images.length - withoutAlt) / images.length,
      `${withoutAlt} of ${plural(images.length, 'image')} ${withoutAlt === 1 ? 'has' : 'have'} no alt text (${why}): describe each image, or mark a decorative one with role="presentation".`,
    );
  } else check('imageAlt', 'Image alt text', false, 1, `All ${plural(images.length, 'image')} have alt text.`);

  // Words
  if (words >= minWords) check('wordCount', 'Content length', false, 1, `${words} words of content.`);
  else
    check(
      'wordCount',
      'Content length',
      false,
      words / minWords,
      `Only ${plural(words, 'word')} of content; aim for at least ${minWords} on a ${pageType} page.`,
    );

  // Internal links
  if (links >= minInternalLinks) check('internalLinks', 'Internal links', false, 1, `${plural(links, 'internal link')}.`);
  else
    check(
      'internalLinks',
      'Internal links',
      false,
      links / minInternalLinks,
      `Only ${plural(links, 'internal link')}; link to at least ${minInternalLinks} other pages of the shop.`,
    );

  check(
    'viewport',
    'Mobile viewport',
    false,
    viewport ? 1 : 0,
    viewport ? 'Viewport meta tag present.' : 'No viewport meta tag: the page may not display well on phones.',
    isHtml,
  );
  check(
    'lang',
    'Page language',
    false,
    page.lang ? 1 : 0,
    page.lang ? `Language: ${page.lang}.` : 'The <html> element has no lang attribute.',
    isHtml,
  );
  check(
    'indexable',
    'Indexable',
    false,
    noindex ? 0 : 1,
    noindex ? 'The page tells search engines not to index it (robots noindex).' : 'Search engines may index the page.',
    isHtml,
  );

  const scored = checks.filter((c) => c.applicable);
  const max = scored.reduce((sum, c) => sum + c.maxPoints, 0);
  const earned = scored.reduce((sum, c) => sum + c.points, 0);
  const failed = scored.filter((c) => !c.passed);
  return {
    seoScore: max > 0 ? Math.round((earned / max) * SEO.audit.maxScore) : 0,
    criticalIssues: failed.filter((c) => c.critical).map((c) => c.detail),
    improvements: failed.filter((c) => !c.critical).map((c) => c.detail),
    checks,
    stats: {
      title,
      titleLength: title?.length ?? 0,
      metaDescription: description,
      metaDescriptionLength: description?.length ?? 0,
      h1Count,
      h1s: page.h1s,
      canonical,
      structuredDataTypes: [...new Set(types)],
      wordCount: words,
      imageCount: images.length,
      imagesWithoutAlt: withoutAlt,
      internalLinks: links,
      lang: page.lang,
    },
    pageType,
    url: url?.href ?? null,
    contentKind: isHtml ? 'html' : 'text',
  };
}

export const isPageType = (s: string): s is PageType => (PAGE_TYPES as readonly string[]).includes(s);
