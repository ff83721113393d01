/**
 * The rule-based page audit (admin.md §2 SEO Audit, D26): real without a model. It reads HTML with
 * a small tokenizer instead of a DOM, because the Workers runtime has none and Node's tests must
 * run the same code; it only needs tags, attributes and text, which the tokenizer gets right for
 * any page a browser would render (comments, raw-text elements, quoted '>' in attributes).
 */
import { collapse, countWords, PAGE_TYPES, type PageType, SEO } from './seo.ts';

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

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  larr: '←',
  rarr: '→',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? all;
  });
}

/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe']);
/** Elements whose text a visitor does not read as page content. */
const HIDDEN = new Set(['template', 'svg', 'math', 'head']);

const isNameStart = (ch: string | undefined) => ch !== undefined && /[a-zA-Z]/.test(ch);
const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f';

/** Reads one start tag from just after its '<'; returns its name, attributes and where it ends. */
function readTag(html: string, from: number): { name: string; attrs: Attrs; end: number; selfClosing: boolean } {
  let i = from;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '>' && html[i] !== '/') i++;
  const name = html.slice(from, i).toLowerCase();
  const attrs: Attrs = {};
  let selfClosing = false;
  while (i < html.length) {
    while (isSpace(html[i])) i++;
    const ch = html[i];
    if (ch === undefined) break;
    if (ch === '>') {
      i++;
      break;
    }
    if (ch === '/') {
      if (html[i + 1] === '>') {
        selfClosing = true;
        i += 2;
        break;
      }
      i++;
      continue;
    }
    const start = i;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '=' && html[i] !== '>' && !(html[i] === '/' && html[i + 1] === '>')) i++;
    const attr = html.slice(start, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close < 0 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const vStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(vStart, i);
      }
    }
    if (attr && !(attr in attrs)) attrs[attr] = decodeEntities(value);
  }
  return { name, attrs, end: i, selfClosing };
}

export function parseHtml(html: string): ParsedPage {
  const page: ParsedPage = { lang: null, titles: [], metas: [], links: [], scripts: [], h1s: [], images: [], anchors: [], text: '' };
  const text: string[] = [];
  const hidden: Record<string, number> = {};
  const hiddenDepth = () => Object.values(hidden).reduce((a, b) => a + b, 0);
  let h1Depth = 0;
  let h1Text: string[] = [];
  let i = 0;

  const addText = (raw: string) => {
    if (!raw) return;
    const decoded = decodeEntities(raw);
    if (hiddenDepth() === 0) text.push(decoded);
    if (h1Depth > 0) h1Text.push(decoded);
  };

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      addText(html.slice(i));
      break;
    }
    addText(html.slice(i, lt));
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const end = html.indexOf('>', lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (next === '/' && isNameStart(html[lt + 2])) {
      const end = html.indexOf('>', lt);
      const name = html
        .slice(lt + 2, end < 0 ? html.length : end)
        .trim()
        .split(/\s/)[0]
        ?.toLowerCase();
      i = end < 0 ? html.length : end + 1;
      if (name && HIDDEN.has(name) && (hidden[name] ?? 0) > 0) hidden[name] = (hidden[name] ?? 1) - 1;
      if (name === 'h1' && h1Depth > 0) {
        h1Depth--;
        if (h1Depth === 0) {
          page.h1s.push(collapse(h1Text.join(' ')));
          h1Text = [];
        }
      }
      // Text between blocks must not run together ("</p><p>" is a word break).
      text.push(' ');
      continue;
    }
    if (!isNameStart(next)) {
      addText('<');
      i = lt + 1;
      continue;
    }
    const tag = readTag(html, lt + 1);
    i = tag.end;
    text.push(' ');
    const inSvg = (hidden.svg ?? 0) > 0 || (hidden.math ?? 0) > 0;
    // A <template>'s content is not part of the page until a script uses it.
    const inert = (hidden.template ?? 0) > 0;
    switch (inert ? '' : tag.name) {
      case 'html':
        page.lang ??= tag.attrs.lang?.trim() || null;
        break;
      case 'meta':
        page.metas.push(tag.attrs);
        break;
      case 'link':
        page.links.push(tag.attrs);
        break;
      case 'img':
        if (!inSvg) page.images.push(tag.attrs);
        break;
      case 'a':
        page.anchors.push(tag.attrs);
        break;
      case 'h1':
        if (!tag.selfClosing) h1Depth++;
        break;
      case 'body':
        hidden.head = 0;
        break;
    }
    if (HIDDEN.has(tag.name) && !tag.selfClosing) hidden[tag.name] = (hidden[tag.name] ?? 0) + 1;
    if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
      const close = new RegExp(`</${tag.name}[\\s/>]`, 'ig');
      close.lastIndex = i;
      const match = close.exec(html);
      const contentEnd = match ? match.index : html.length;
      const content = html.slice(i, contentEnd);
      const endTag = match ? html.indexOf('>', match.index) : -1;
      i = endTag < 0 ? html.length : endTag + 1;
      if (tag.name === 'script') page.scripts.push({ attrs: tag.attrs, text: content });
      else if (tag.name === 'title') {
        if (!inSvg) page.titles.push(collapse(decodeEntities(content)));
      } else if (tag.name === 'textarea') addText(content);
    }
  }
  if (h1Depth > 0) page.h1s.push(collapse(h1Text.join(' ')));
  page.text = collapse(text.join(''));
  return page;
}

// ---------------------------------------------------------------------------------------------
// Plain text and Markdown (pasted drafts)
// ---------------------------------------------------------------------------------------------

/** Whether pasted content is a page (audited as HTML) or a draft (audited for what text can show). */
export function looksLikeHtml(content: string): boolean {
  return /<\s*(?:!doctype|html|head|body|title|meta|link|h[1-6]|p|div|a|img|section|article|main|span|ul|ol|li|br|script)\b[^>]*>/i.test(
    content,
  );
}

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
  const isHtml = looksLikeHtml(content);
  const page = isHtml ? parseHtml(content) : parseDraft(content);
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
