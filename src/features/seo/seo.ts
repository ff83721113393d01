/**
 * The AI SEO manager's rules (admin.md §2, §9): its constants and messages, the shapes of what the
 * tools answer, and the saved product SEO a product page reads.
 */

export const PAGE_TYPES = ['product', 'category', 'home', 'blog'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const BLOG_WORD_COUNTS = [500, 800, 1200, 2000] as const;
export type BlogWordCount = (typeof BLOG_WORD_COUNTS)[number];

/** admin.md §9, and the lengths search engines show in full. */
export const SEO = {
  defaultLocation: 'Washington DC, Maryland, Virginia',
  businessType: 'Cannabis Dispensary',
  defaultWordCount: 800 satisfies BlogWordCount,
  defaultPageType: 'product' satisfies PageType,
  /** Titles past 60 characters are cut off in results; under 30 waste the space. */
  title: { min: 30, max: 60 },
  /** What the templates write; the audit accepts 70-160 (shorter is still a description). */
  description: { min: 120, max: 160 },
  audit: {
    descriptionMin: 70,
    descriptionMax: 160,
    minInternalLinks: 3,
    /** A home page is mostly links and pictures; the others must say something. */
    minWords: { product: 300, category: 300, blog: 300, home: 150 } satisfies Record<PageType, number>,
    maxScore: 100,
  },
  /** Input limits (the schemas enforce them; the forms show them). */
  limits: {
    categoryName: 100,
    location: 200,
    url: 2000,
    content: 500_000,
    topic: 200,
    keywords: 500,
    seedKeywords: 500,
    businessType: 100,
    productCount: 100_000,
    /** Seed keywords used; more are ignored. */
    seeds: 10,
  },
} as const;

/** admin.md §5, and the audit's refusal of other sites. */
export const SEO_MESSAGES = {
  selectProduct: 'Please select a product',
  categoryName: 'Please enter a category name',
  auditUrl: 'Please enter a URL to audit',
  blog: 'Please enter topic and keywords',
  seedKeywords: 'Please enter seed keywords',
  otherHost: 'Only pages of this shop can be audited',
  productsFailed: 'Failed to fetch products',
} as const;

/** admin.md §8: one success and one failure toast per tool. */
export const SEO_TOASTS = {
  product: { success: 'SEO content generated successfully!', failure: 'Failed to generate SEO content' },
  category: { success: 'Category SEO content generated successfully!', failure: 'Failed to generate category SEO content' },
  audit: { success: 'SEO audit completed successfully!', failure: 'Failed to perform SEO audit' },
  blog: { success: 'Blog content generated successfully!', failure: 'Failed to generate blog content' },
  keywords: { success: 'Keyword research completed successfully!', failure: 'Failed to perform keyword research' },
  save: { success: 'SEO saved to product', failure: 'Failed to save SEO' },
  clear: { success: 'Saved SEO removed', failure: 'Failed to remove saved SEO' },
} as const;

// ---------------------------------------------------------------------------------------------
// Result shapes (admin.md §3)
// ---------------------------------------------------------------------------------------------

export interface ProductSeo {
  metaTitle: string;
  metaDescription: string;
  h1Heading: string;
  description: string;
  keywords: string[];
}

export interface CategorySeo {
  metaTitle: string;
  metaDescription: string;
  description: string;
}

export interface BlogContent {
  title: string;
  metaDescription: string;
  content: string;
}

export interface KeywordData {
  primaryKeywords: string[];
  longTailKeywords: string[];
  localKeywords: string[];
}

/** Where a result came from: the configured model, or the built-in templates (D26). */
export type SeoSource = 'model' | 'template';
