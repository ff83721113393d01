import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { aiFromEnv } from '../../../features/ai/ai.server.ts';
import { describeFlags } from '../../../features/ai/compliance.ts';
import { AuditInput, BlogInput, CategorySeoInput, KeywordInput, ProductIdParam, SaveProductSeo } from '../../../features/seo/seo.schema.ts';
import {
  auditPage,
  clearProductSeo,
  generateBlog,
  generateCategorySeo,
  generateProductSeo,
  getSavedProductSeo,
  PageLoadError,
  type PageLoader,
  researchKeywords,
  saveProductSeo,
  shopHosts,
} from '../../../features/seo/seo.server.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { adminActor, adminOnly } from '../admin-auth.ts';
import type { AppEnv } from '../env.ts';
import { purgeAfterWrites } from '../purge-after-writes.ts';
import { jsonOnly, jsonUpTo, valid } from '../validate.ts';

/** Pasted page content may be a whole page; the JSON routes' one limit is sized for forms. */
const AUDIT_JSON_BYTES = 1024 * 1024;

const ProductInPath = valid('param', v.object({ productId: ProductIdParam }), 'productId');
/** A page of the shop answers quickly; past this the audit reports it unreachable. */
const PAGE_TIMEOUT_MS = 10_000;

/**
 * The audit reads the shop's own pages: in the Worker, through Astro's renderer, which answers the
 * static files and the pages rendered on request alike (no network hop, and only the shop can
 * answer); else with fetch to the request's own origin. Redirects are followed by the audit itself,
 * so each hop is checked to stay on the shop.
 */
function pageLoader(c: Context<AppEnv>): PageLoader {
  const render = c.var.renderPage;
  if (render) return (url) => render(new Request(url, { headers: { accept: 'text/html' } }));
  return (url) => fetch(url, { redirect: 'manual', headers: { accept: 'text/html' }, signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
}

/**
 * POST /api/seo/* (admin.md §7): admin only, same-origin writes, never cached. A saved product SEO
 * changes its page, so a write is followed as the admin's are (deploy-after-writes.ts).
 */
export const seoRoutes = new Hono<AppEnv>()
  .use(...adminOnly)
  .use(purgeAfterWrites)
  .post('/generate-product-seo/:productId', ProductInPath, async (c) => {
    const result = await generateProductSeo(c.var.db, aiFromEnv(c.env), c.req.valid('param').productId);
    return c.json({ success: true as const, seoContent: result.content, ...meta(result) });
  })
  .post('/generate-category-seo', jsonOnly, valid('json', CategorySeoInput, 'categoryName'), async (c) => {
    const result = await generateCategorySeo(c.var.db, aiFromEnv(c.env), c.req.valid('json'));
    return c.json({ success: true as const, seoContent: result.content, ...meta(result) });
  })
  .post('/audit-page', jsonUpTo(AUDIT_JSON_BYTES), valid('json', AuditInput, 'url'), async (c) => {
    const input = c.req.valid('json');
    try {
      const outcome = await auditPage(aiFromEnv(c.env), input, {
        requestUrl: c.req.url,
        ownHosts: shopHosts(c.req.url, c.env.SITE_URL),
        load: pageLoader(c),
      });
      return c.json({
        success: true as const,
        auditResults: outcome.auditResults,
        source: outcome.source,
        ...(outcome.notice ? { notice: outcome.notice } : {}),
      });
    } catch (err) {
      if (err instanceof PageLoadError) throw new HttpError(422, err.code, err.message);
      throw err;
    }
  })
  .post('/generate-blog-content', jsonOnly, valid('json', BlogInput, 'topic'), async (c) => {
    const result = await generateBlog(aiFromEnv(c.env), c.req.valid('json'));
    return c.json({ success: true as const, blogContent: result.content, ...meta(result) });
  })
  .post('/keyword-research', jsonOnly, valid('json', KeywordInput, 'seedKeywords'), async (c) => {
    const result = await researchKeywords(aiFromEnv(c.env), c.req.valid('json'));
    return c.json({ success: true as const, keywordData: result.content, ...meta(result) });
  })
  // The product page uses saved SEO at the next build (seo_* columns).
  .get('/products/:productId', ProductInPath, async (c) => {
    const { exists, saved } = await getSavedProductSeo(c.var.db, c.req.valid('param').productId);
    if (!exists) throw notFound('Product');
    return c.json({ success: true as const, productSeo: saved });
  })
  .put('/products/:productId', ProductInPath, jsonOnly, valid('json', SaveProductSeo, 'metaTitle'), async (c) => {
    const outcome = await saveProductSeo(c.var.db, adminActor(c), c.req.valid('param').productId, c.req.valid('json'));
    if (!outcome.ok) {
      // D27: flagged text needs the admin's explicit override (send again with override: true).
      const message = `${describeFlags(outcome.flags)} Edit the text, or save anyway to publish it as it is.`;
      throw new HttpError(422, 'compliance_flagged', message);
    }
    return c.json({ success: true as const, productSeo: outcome.saved });
  })
  .delete('/products/:productId', ProductInPath, async (c) => {
    await clearProductSeo(c.var.db, adminActor(c), c.req.valid('param').productId);
    return c.json({ success: true as const, productSeo: null });
  });

function meta<Compliance>(result: { source: 'model' | 'template'; notice?: string; compliance: Compliance }) {
  return { source: result.source, ...(result.notice ? { notice: result.notice } : {}), compliance: result.compliance };
}
