/**
 * The AI SEO manager's services (admin.md §2, §7; D26, D27). Each tool asks the configured model
 * for structured output and falls back to the deterministic template when there is no model or it
 * fails, saying which one answered (`source`). Generated text is run through the compliance check
 * so the screen can warn, and saved product SEO must pass it unless the admin overrides.
 */

import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../../db/db.ts';
import { products } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type AiClient, AiError } from '../ai/ai.server.ts';
import { type ComplianceFlag, checkAll } from '../ai/compliance.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { getProduct, listCategories } from '../catalog/catalog.server.ts';
import { SITE } from '../site/settings.ts';
import { parseSavedKeywords, type SavedProductSeo } from './product-page-seo.ts';
import {
  type AuditInput,
  type BlogInput,
  type CategorySeoInput,
  type KeywordInput,
  ModelAuditSuggestions,
  ModelBlog,
  ModelCategorySeo,
  ModelKeywords,
  ModelProductSeo,
  type SaveProductSeo,
} from './seo.schema.ts';
import { type BlogContent, type CategorySeo, type KeywordData, type ProductSeo, SEO, SEO_MESSAGES, type SeoSource } from './seo.ts';
import { type AuditResult, auditContent } from './seo-audit.ts';
import { blogTemplate, keywordTemplate } from './seo-blog.ts';
import { categorySeoTemplate, productFacts, productSeoTemplate } from './seo-product.ts';
import { collapse } from './seo-text.ts';

export interface Generated<T> {
  content: T;
  source: SeoSource;
  /** Why the template answered although a model is configured. */
  notice?: string;
  compliance: { flags: ComplianceFlag[] };
}

const SYSTEM = [
  `You write search-engine copy for ${SITE.name}, a licensed cannabis delivery shop for adults ${SITE.minimumAge}+ in Washington DC, Maryland and Virginia (${SITE.payment.toLowerCase()} only).`,
  'Rules you must follow:',
  '- Never make medical or health claims: no cure, treat, prevent, heal, relieve, remedy, therapeutic, and no diseases or conditions.',
  `- Never address, appeal to or mention anyone under ${SITE.minimumAge}; no cartoon or toy imagery.`,
  '- State only the facts you are given; never invent prices, potencies, reviews or awards.',
  '- Plain, friendly US English. Answer with JSON only, matching the schema.',
].join('\n');

/** What the SEO tools ask the model: the shop's system prompt, these lines, and an answer in `schema`'s shape. */
const askModel = <const S extends v.GenericSchema>(ai: AiClient, name: string, user: readonly string[], schema: S) =>
  ai.json({ name, system: SYSTEM, user: user.join('\n'), schema });

/**
 * The model's content, read by `read`, or the built-in template's when there is no model or it
 * fails (with a notice saying so); either way checked for compliance.
 */
async function generate<const S extends v.GenericSchema, T>(
  ai: AiClient | null,
  ask: { name: string; user: readonly string[]; schema: S },
  read: (out: v.InferOutput<S>) => T,
  template: () => T,
): Promise<Generated<T>> {
  let content: T;
  let source: SeoSource = 'template';
  let notice: string | undefined;
  if (ai) {
    try {
      content = read(await askModel(ai, ask.name, ask.user, ask.schema));
      source = 'model';
    } catch (err) {
      if (!(err instanceof AiError)) console.error('SEO model call failed', err);
      notice = `${err instanceof AiError ? err.message : 'The AI service failed.'} The built-in template was used instead.`;
      content = template();
    }
  } else content = template();
  return { content, source, ...(notice ? { notice } : {}), compliance: { flags: checkAll(content) } };
}

const tidyList = (items: readonly string[]) => [...new Set(items.map((k) => collapse(k).toLowerCase()).filter(Boolean))];
const paragraphs = (s: string) =>
  s
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n\n');

// ---------------------------------------------------------------------------------------------
// Product and category SEO
// ---------------------------------------------------------------------------------------------

export async function generateProductSeo(db: Db, ai: AiClient | null, productId: number): Promise<Generated<ProductSeo>> {
  const product = await getProduct(db, productId);
  if (!product) throw notFound('Product');
  const facts = productFacts(product);
  return generate(
    ai,
    {
      name: 'product_seo',
      user: [
        `Write SEO content for this product page. Target location: ${SEO.defaultLocation}.`,
        `metaTitle at most ${SEO.title.max} characters; metaDescription ${SEO.description.min}-${SEO.description.max} characters; one h1Heading;`,
        'description of 2-3 short paragraphs; 6-12 lowercase keywords including local ones.',
        `Product facts (JSON): ${JSON.stringify({ ...facts, fromPrice: `$${(facts.fromPrice / 100).toFixed(2)}` })}`,
      ],
      schema: ModelProductSeo,
    },
    (out) => ({
      metaTitle: collapse(out.metaTitle),
      metaDescription: collapse(out.metaDescription),
      h1Heading: collapse(out.h1Heading),
      description: paragraphs(out.description),
      keywords: tidyList(out.keywords),
    }),
    () => productSeoTemplate(facts),
  );
}

export async function generateCategorySeo(db: Db, ai: AiClient | null, input: CategorySeoInput): Promise<Generated<CategorySeo>> {
  // A name the shop knows lends the template the shop's own words about it.
  const wanted = input.categoryName.toLowerCase();
  const known = (await listCategories(db)).flatMap((c) => [c, ...c.subcategories.map((s) => ({ ...s, description: '' }))]);
  const match = known.find((c) => c.name.toLowerCase() === wanted || c.slug === wanted);
  const facts = { ...input, known: match?.description || undefined };
  return generate(
    ai,
    {
      name: 'category_seo',
      user: [
        'Write SEO content for a category page of the shop.',
        `metaTitle at most ${SEO.title.max} characters; metaDescription ${SEO.description.min}-${SEO.description.max} characters; description of 2 short paragraphs.`,
        `Facts (JSON): ${JSON.stringify(facts)}`,
      ],
      schema: ModelCategorySeo,
    },
    (out) => ({
      metaTitle: collapse(out.metaTitle),
      metaDescription: collapse(out.metaDescription),
      description: paragraphs(out.description),
    }),
    () => categorySeoTemplate(facts),
  );
}

// ---------------------------------------------------------------------------------------------
// Blog and keywords
// ---------------------------------------------------------------------------------------------

export function generateBlog(ai: AiClient | null, input: BlogInput): Promise<Generated<BlogContent>> {
  return generate(
    ai,
    {
      name: 'blog_content',
      user: [
        `Write a blog post of about ${input.wordCount} words in Markdown (## headings, short paragraphs) for the shop's blog.`,
        `Topic: ${input.topic}. Keywords to use naturally: ${input.keywords.join(', ')}. Location: ${input.targetLocation}.`,
        `Also a title (at most ${SEO.title.max} characters where possible) and a metaDescription of ${SEO.description.min}-${SEO.description.max} characters.`,
      ],
      schema: ModelBlog,
    },
    (out) => ({ title: collapse(out.title), metaDescription: collapse(out.metaDescription), content: out.content.trim() }),
    () => blogTemplate(input),
  );
}

export function researchKeywords(ai: AiClient | null, input: KeywordInput): Promise<Generated<KeywordData>> {
  return generate(
    ai,
    {
      name: 'keyword_research',
      user: [
        `Suggest search keywords for a ${input.businessType} serving ${input.location}.`,
        `Seed keywords: ${input.seedKeywords.join(', ')}.`,
        'primaryKeywords: short head terms; longTailKeywords: longer, specific phrases; localKeywords: phrases naming cities or neighbourhoods of the location. Lowercase.',
      ],
      schema: ModelKeywords,
    },
    (out) => ({
      primaryKeywords: tidyList(out.primaryKeywords),
      longTailKeywords: tidyList(out.longTailKeywords),
      localKeywords: tidyList(out.localKeywords),
    }),
    () => keywordTemplate({ seedKeywords: input.seedKeywords, location: input.location, businessType: input.businessType }),
  );
}

// ---------------------------------------------------------------------------------------------
// The page audit
// ---------------------------------------------------------------------------------------------

/** How the audit reads one of the shop's pages: ASSETS.fetch in Pages, fetch elsewhere, a fake in tests. */
export type PageLoader = (url: URL) => Promise<Response>;

/** A page that cannot be audited (not found, not HTML, unreachable): the admin's mistake or the page's, never a 500. */
export class PageLoadError extends Error {
  constructor(
    readonly code: 'page_not_found' | 'page_not_html' | 'page_unavailable' | 'page_redirects_away',
    message: string,
  ) {
    super(message);
    this.name = 'PageLoadError';
  }
}

/** Largest page the audit reads; the shop's pages are a fraction of it. */
export const MAX_PAGE_CHARS = 2_000_000;
const MAX_REDIRECTS = 5;
const DOMAIN_LIKE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
const FILE_LIKE = /^[^/?#]+\.(?:html?|xml|txt|json|php|aspx?)(?:[/?#]|$)/i;

/**
 * The shop page an audit URL names, on the shop's own origin. A path ('/product/1', 'product/1') or a
 * URL on one of the shop's hosts is accepted; anything else is refused before any request is made,
 * so the audit can never be pointed at another server (no SSRF).
 */
export function auditTarget(input: string, requestUrl: string, ownHosts: readonly string[]): URL {
  const origin = new URL(requestUrl).origin;
  const raw = input.trim();
  const refuse = () => new HttpError(400, 'other_host', SEO_MESSAGES.otherHost, { url: SEO_MESSAGES.otherHost });
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//') || raw.startsWith('\\') || (DOMAIN_LIKE.test(raw) && !FILE_LIKE.test(raw))) {
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw.replace(/^[/\\]+/, '')}`);
    } catch {
      // new URL throws only on text that is no URL.
      throw refuse();
    }
    const hosts = ownHosts.map((h) => h.toLowerCase());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hosts.includes(url.host.toLowerCase())) throw refuse();
  } else {
    url = new URL(raw.startsWith('/') ? raw : `/${raw}`, origin);
  }
  return new URL(`${url.pathname}${url.search}`, origin);
}

/** The hosts that are this shop: where the request came in, SITE_URL and the settings' URL. */
export function shopHosts(requestUrl: string, siteUrl: string | undefined): string[] {
  const hosts = [new URL(requestUrl).host];
  for (const u of [siteUrl, SITE.url]) {
    try {
      if (u) hosts.push(new URL(u).host);
    } catch {
      // An unparsable SITE_URL names no host.
    }
  }
  const site = new URL(SITE.url).host;
  hosts.push(site.startsWith('www.') ? site.slice(4) : `www.${site}`);
  return [...new Set(hosts.map((h) => h.toLowerCase()))];
}

/** Loads one of the shop's pages, following its same-origin redirects. */
export async function loadPage(target: URL, load: PageLoader): Promise<{ html: string; url: URL }> {
  let url = target;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let res: Response;
    try {
      res = await load(url);
    } catch {
      // Whatever stopped the fetch, the page could not be loaded; the caller answers with that.
      throw new PageLoadError(
        'page_unavailable',
        `The page ${url.pathname} could not be loaded, so it could not be audited. Please try again.`,
      );
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== target.origin) {
        throw new PageLoadError(
          'page_redirects_away',
          `The page ${url.pathname} redirects to another site (${next.host}), so it could not be audited.`,
        );
      }
      url = next;
      continue;
    }
    if (res.status === 404 || res.status === 410) {
      throw new PageLoadError('page_not_found', `The page ${url.pathname} was not found (${res.status}), so it could not be audited.`);
    }
    if (!res.ok) {
      throw new PageLoadError(
        'page_unavailable',
        `The page ${url.pathname} answered with status ${res.status}, so it could not be audited.`,
      );
    }
    const type = res.headers.get('content-type') ?? '';
    if (!/\b(?:text\/html|application\/xhtml\+xml)\b/i.test(type)) {
      throw new PageLoadError(
        'page_not_html',
        `${url.pathname} is not an HTML page (${type.split(';')[0] || 'no content type'}), so it could not be audited.`,
      );
    }
    const html = (await res.text()).slice(0, MAX_PAGE_CHARS);
    return { html, url };
  }
  throw new PageLoadError('page_unavailable', `The page ${target.pathname} redirects too many times, so it could not be audited.`);
}

export interface AuditOutcome {
  auditResults: AuditResult & { suggestions: string[] };
  source: SeoSource;
  notice?: string;
}

/**
 * Audits pasted content when given, else the shop page the URL names (loaded with `load`). The
 * model, when there is one, adds suggestions; its failure never fails the audit.
 */
export async function auditPage(
  ai: AiClient | null,
  input: AuditInput,
  opts: { requestUrl: string; ownHosts: readonly string[]; load: PageLoader },
): Promise<AuditOutcome> {
  const target = auditTarget(input.url, opts.requestUrl, opts.ownHosts);
  const page = input.content?.trim() ? { html: input.content, url: target } : await loadPage(target, opts.load);
  const result = auditContent(page.html, input.pageType, page.url);
  const outcome: AuditOutcome = { auditResults: { ...result, suggestions: [] }, source: 'template' };
  if (!ai) return outcome;
  try {
    const failed = result.checks.filter((c) => c.applicable && !c.passed).map((c) => c.detail);
    const { suggestions } = await askModel(
      ai,
      'seo_audit_suggestions',
      [
        `A rule-based SEO audit of a ${input.pageType} page of the shop (${page.url.pathname}) scored ${result.seoScore}/100.`,
        `Failed checks: ${failed.length ? failed.join(' | ') : 'none'}.`,
        `Page facts (JSON): ${JSON.stringify(result.stats)}`,
        'Give up to 6 short, concrete suggestions to improve this page for search, most important first.',
      ],
      ModelAuditSuggestions,
    );
    outcome.auditResults.suggestions = suggestions.map(collapse).filter(Boolean);
    outcome.source = 'model';
  } catch (err) {
    if (!(err instanceof AiError)) console.error('SEO audit suggestions failed', err);
    outcome.notice = `${err instanceof AiError ? err.message : 'The AI service failed.'} The audit is complete without AI suggestions.`;
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Saved product SEO
// ---------------------------------------------------------------------------------------------

const savedColumns = {
  id: products.id,
  seoTitle: products.seoTitle,
  seoDescription: products.seoDescription,
  seoH1: products.seoH1,
  seoBody: products.seoBody,
  seoKeywords: products.seoKeywords,
  seoOverridden: products.seoOverridden,
  seoUpdatedAt: products.seoUpdatedAt,
};

export async function getSavedProductSeo(db: Db, productId: number): Promise<{ exists: boolean; saved: SavedProductSeo | null }> {
  const [row] = await db.select(savedColumns).from(products).where(eq(products.id, productId));
  if (!row) return { exists: false, saved: null };
  if (row.seoTitle == null && row.seoDescription == null && row.seoH1 == null) return { exists: true, saved: null };
  return {
    exists: true,
    saved: {
      productId: row.id,
      metaTitle: row.seoTitle ?? '',
      metaDescription: row.seoDescription ?? '',
      h1Heading: row.seoH1 ?? '',
      description: row.seoBody ?? '',
      keywords: parseSavedKeywords(row.seoKeywords),
      overridden: row.seoOverridden ?? false,
      updatedAt: row.seoUpdatedAt ?? 0,
    },
  };
}

export type SaveOutcome = { ok: true; saved: SavedProductSeo } | { ok: false; flags: ComplianceFlag[] };

/** The SEO fields as the audit trail records them (M3). */
function seoAuditFields(row: Pick<typeof products.$inferSelect, 'seoTitle' | 'seoDescription' | 'seoH1' | 'seoBody' | 'seoKeywords'>) {
  return {
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoH1: row.seoH1,
    seoBody: row.seoBody,
    seoKeywords: row.seoKeywords,
  };
}

/**
 * D27: flagged text is saved only with `override`, and the row records that it was overridden. The
 * change and its audit rows (M3) are written together.
 */
export async function saveProductSeo(db: Db, actor: string, productId: number, input: SaveProductSeo): Promise<SaveOutcome> {
  const { override, ...text } = input;
  const flags = checkAll(text);
  const [before] = await db.select(savedColumns).from(products).where(eq(products.id, productId));
  // The product must exist either way; an unknown id is a 404 before any compliance talk.
  if (!before) throw notFound('Product');
  if (flags.length > 0 && !override) return { ok: false, flags };
  const fields = {
    seoTitle: text.metaTitle,
    seoDescription: text.metaDescription,
    seoH1: text.h1Heading,
    seoBody: text.description || null,
    seoKeywords: text.keywords.length ? JSON.stringify(text.keywords) : null,
  };
  const audit = auditInsert(db, actor, 'product', productId, seoAuditFields(before), fields);
  await db.batch([
    db
      .update(products)
      .set({ ...fields, seoOverridden: flags.length > 0, seoUpdatedAt: Date.now() })
      .where(eq(products.id, productId)),
    ...(audit ? [audit] : []),
  ]);
  const { saved } = await getSavedProductSeo(db, productId);
  if (!saved) throw notFound('Product');
  return { ok: true, saved };
}

/** Back to the values the page derives from the product; audited like a save. */
export async function clearProductSeo(db: Db, actor: string, productId: number): Promise<void> {
  const [before] = await db.select(savedColumns).from(products).where(eq(products.id, productId));
  if (!before) throw notFound('Product');
  const cleared = { seoTitle: null, seoDescription: null, seoH1: null, seoBody: null, seoKeywords: null };
  const audit = auditInsert(db, actor, 'product', productId, seoAuditFields(before), cleared);
  await db.batch([
    db
      .update(products)
      .set({ ...cleared, seoOverridden: null, seoUpdatedAt: null })
      .where(eq(products.id, productId)),
    ...(audit ? [audit] : []),
  ]);
}
