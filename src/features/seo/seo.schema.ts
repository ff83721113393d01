/**
 * The AI SEO manager's inputs (admin.md §5, §7), shared by the island and the server, and the
 * shapes the model must answer with (D26: the same schema is sent to the model as JSON schema and
 * checks its answer, so a partial or oversized answer falls back to the template, never half a record).
 */
import * as v from 'valibot';
import { BLOG_WORD_COUNTS, PAGE_TYPES, SEO, SEO_MESSAGES } from './seo.ts';
import { splitList } from './seo-text.ts';

const L = SEO.limits;

/** Optional free text: trimmed, at most `max`, empty = the default. */
const optionalText = (max: number, label: string, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} must be text`),
      v.trim(),
      v.maxLength(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
      v.transform((s) => s || fallback),
    ),
    fallback,
  );

const requiredText = (message: string, max: number, label: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
  );

/** POST /api/seo/generate-product-seo/:productId. */
export const ProductIdParam = v.pipe(
  v.string(SEO_MESSAGES.selectProduct),
  v.regex(/^\d{1,15}$/, SEO_MESSAGES.selectProduct),
  v.transform(Number),
  v.minValue(1, SEO_MESSAGES.selectProduct),
);

export const CategorySeoInput = v.strictObject(
  {
    categoryName: requiredText(SEO_MESSAGES.categoryName, L.categoryName, 'Category name'),
    productCount: v.optional(
      v.pipe(
        v.number('Product count must be a whole number'),
        v.integer('Product count must be a whole number'),
        v.minValue(0, 'Product count cannot be negative'),
        v.maxValue(L.productCount, `Product count must be at most ${L.productCount.toLocaleString('en-US')}`),
      ),
      0,
    ),
    targetLocation: optionalText(L.location, 'Target location', SEO.defaultLocation),
  },
  SEO_MESSAGES.categoryName,
);
export type CategorySeoInput = v.InferOutput<typeof CategorySeoInput>;

export const AuditInput = v.strictObject(
  {
    url: requiredText(SEO_MESSAGES.auditUrl, L.url, 'URL'),
    pageType: v.optional(v.picklist(PAGE_TYPES, 'Choose a page type: product, category, home or blog'), SEO.defaultPageType),
    content: v.optional(
      v.pipe(
        v.string('Content must be text'),
        v.maxLength(L.content, `Content must be at most ${L.content.toLocaleString('en-US')} characters`),
      ),
    ),
  },
  SEO_MESSAGES.auditUrl,
);
export type AuditInput = v.InferOutput<typeof AuditInput>;

export const BlogInput = v.strictObject(
  {
    topic: requiredText(SEO_MESSAGES.blog, L.topic, 'Topic'),
    keywords: v.pipe(requiredText(SEO_MESSAGES.blog, L.keywords, 'Keywords'), v.transform(splitList), v.minLength(1, SEO_MESSAGES.blog)),
    targetLocation: optionalText(L.location, 'Location', SEO.defaultLocation),
    wordCount: v.optional(
      v.pipe(
        v.number('Word count must be 500, 800, 1200 or 2000'),
        v.picklist(BLOG_WORD_COUNTS, 'Word count must be 500, 800, 1200 or 2000'),
      ),
      SEO.defaultWordCount,
    ),
  },
  SEO_MESSAGES.blog,
);
export type BlogInput = v.InferOutput<typeof BlogInput>;

export const KeywordInput = v.strictObject(
  {
    seedKeywords: v.pipe(
      requiredText(SEO_MESSAGES.seedKeywords, L.seedKeywords, 'Seed keywords'),
      v.transform(splitList),
      v.minLength(1, SEO_MESSAGES.seedKeywords),
    ),
    location: optionalText(L.location, 'Location', SEO.defaultLocation),
    businessType: optionalText(L.businessType, 'Business type', SEO.businessType),
  },
  SEO_MESSAGES.seedKeywords,
);
export type KeywordInput = v.InferOutput<typeof KeywordInput>;

// ---------------------------------------------------------------------------------------------
// Saved product SEO (PUT /api/seo/products/:productId)
// ---------------------------------------------------------------------------------------------

export const SAVE_LIMITS = { metaTitle: 70, metaDescription: 200, h1Heading: 120, description: 6000, keyword: 80, keywords: 20 } as const;

export const SaveProductSeo = v.strictObject(
  {
    metaTitle: requiredText('Please enter a meta title', SAVE_LIMITS.metaTitle, 'Meta title'),
    metaDescription: requiredText('Please enter a meta description', SAVE_LIMITS.metaDescription, 'Meta description'),
    h1Heading: requiredText('Please enter an H1 heading', SAVE_LIMITS.h1Heading, 'H1 heading'),
    description: v.optional(
      v.pipe(
        v.string('Description must be text'),
        v.trim(),
        v.maxLength(SAVE_LIMITS.description, `Description must be at most ${SAVE_LIMITS.description.toLocaleString('en-US')} characters`),
      ),
      '',
    ),
    keywords: v.optional(
      v.pipe(
        v.array(
          v.pipe(
            v.string('Keywords must be text'),
            v.trim(),
            v.maxLength(SAVE_LIMITS.keyword, `Each keyword must be at most ${SAVE_LIMITS.keyword} characters`),
          ),
          'Keywords must be a list',
        ),
        v.transform((list) => [...new Set(list.filter(Boolean))]),
        v.maxLength(SAVE_LIMITS.keywords, `At most ${SAVE_LIMITS.keywords} keywords`),
      ),
      [],
    ),
    /** D27: save text the compliance check flagged, on the admin's explicit word. */
    override: v.optional(v.boolean('override must be true or false'), false),
  },
  'Please enter a meta title',
);
export type SaveProductSeo = v.InferOutput<typeof SaveProductSeo>;

// ---------------------------------------------------------------------------------------------
// What the model must answer (D26)
// ---------------------------------------------------------------------------------------------

const modelText = (min: number, max: number) => v.pipe(v.string(), v.minLength(min), v.maxLength(max));
const modelList = (min: number, max: number, itemMax = 120) => v.pipe(v.array(modelText(1, itemMax)), v.minLength(min), v.maxLength(max));

export const ModelProductSeo = v.object({
  metaTitle: modelText(10, 70),
  metaDescription: modelText(50, 200),
  h1Heading: modelText(3, 120),
  description: modelText(50, 6000),
  keywords: modelList(3, 20, 80),
});

export const ModelCategorySeo = v.object({
  metaTitle: modelText(10, 70),
  metaDescription: modelText(50, 200),
  description: modelText(50, 6000),
});

export const ModelBlog = v.object({
  title: modelText(10, 120),
  metaDescription: modelText(50, 200),
  content: modelText(200, 40_000),
});

export const ModelKeywords = v.object({
  primaryKeywords: modelList(3, 30),
  longTailKeywords: modelList(3, 40),
  localKeywords: modelList(3, 50),
});

export const ModelAuditSuggestions = v.object({ suggestions: modelList(1, 10, 400) });
