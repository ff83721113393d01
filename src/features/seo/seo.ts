/**
 * The AI SEO manager's rules (admin.md §2, §9): its constants and messages, and the deterministic
 * templates the tools answer with when no model is configured or the model fails (D26). Templates
 * are built from real data only (the product's facts, the location asked for, the site settings),
 * the same inputs always give the same text, and nothing here makes a medical claim or speaks to
 * anyone under 21 (D27; seo.test.ts runs the compliance check over them).
 */
import { checkCompliance } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { availableWeights } from '../catalog/catalog.ts';
import { STATE_LANDINGS } from '../landing/landing.ts';
import { SITE, type UsStateCode } from '../site/settings.ts';

// ---------------------------------------------------------------------------------------------
// Constants and messages
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------------

export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

const capitalize = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** 'a', 'a and b', 'a, b and c'. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A comma, semicolon or newline separated list, trimmed, without empties or repeats (case-insensitive). */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;\n]+/)) {
    const item = collapse(part);
    const key = item.toLowerCase();
    if (item && !seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

/** Cuts at a word boundary to at most `max` characters; `mark` ('…') is added when cut. */
export function clip(text: string, max: number, mark = ''): string {
  const s = collapse(text);
  if (s.length <= max) return s;
  const room = max - mark.length;
  const cut = s.slice(0, room + 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > room / 2 ? cut.slice(0, space) : s.slice(0, room)).replace(/[\s,;:.|–-]+$/, '');
  return head + mark;
}

/** The first candidate that fits in `max`, or the last one cut to fit. */
export function fitTitle(candidates: readonly string[], max: number = SEO.title.max): string {
  const clean = candidates.map(collapse).filter(Boolean);
  return clean.find((c) => c.length <= max) ?? clip(clean[clean.length - 1] ?? SITE.name, max);
}

/** Short sentences that fit almost anywhere, so any description can be brought up to length. */
const SHORT_FILLERS = [
  'Order online in minutes.',
  'Adults 21+ only.',
  'Cash on delivery.',
  'Same-day delivery.',
  'Discreet packaging.',
  'ID checked at the door.',
  'Lab-tested.',
];

/** The words that make a filler redundant when the text already says them. */
const fillerKey = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .slice(0, 2)
    .join(' ')
    .replace(/[.,]+$/, '');

/**
 * Sentences in order of importance, taken while they fit in `max`; then fillers until `min`.
 * A first sentence too long on its own is cut with '…'. Always between min and max characters
 * as long as the fillers can make up the difference (they can from any start).
 */
export function fitDescription(
  sentences: readonly string[],
  fillers: readonly string[] = [],
  min: number = SEO.description.min,
  max: number = SEO.description.max,
): string {
  let out = '';
  const add = (sentence: string): void => {
    const s = collapse(sentence);
    if (!s || out.toLowerCase().includes(s.toLowerCase())) return;
    const next = out ? `${out} ${s}` : s;
    if (next.length <= max) out = next;
  };
  for (const s of sentences) add(s);
  if (!out && sentences[0]) out = clip(sentences[0], max, '…');
  for (const f of [...fillers, ...SHORT_FILLERS]) {
    if (out.length >= min) break;
    if (!out.toLowerCase().includes(fillerKey(f))) add(f);
  }
  // Every filler already said in other words and still short: say the shop's name.
  if (out.length < min) add(`${SITE.name}: ${SITE.tagline}.`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

interface LocationPart {
  /** As written. */
  text: string;
  /** The state it names, if it names one the shop serves. */
  state: UsStateCode | null;
}

const STATE_PATTERNS: readonly [UsStateCode, RegExp][] = [
  ['DC', /^(?:washington(?:,?\s*d\.?\s*c\.?)?|d\.?\s*c\.?|district of columbia)$/i],
  ['MD', /^(?:maryland|md)$/i],
  ['VA', /^(?:virginia|va)$/i],
];

/** 'Washington DC, Maryland, Virginia' -> its parts, each with the state it names. */
export function locationParts(location: string): LocationPart[] {
  const text = collapse(location) || SEO.defaultLocation;
  const seen = new Set<string>();
  const parts: LocationPart[] = [];
  for (const raw of text.split(/\s*(?:[,;/&|]|\band\b)\s*/i)) {
    const part = collapse(raw);
    const state = STATE_PATTERNS.find(([, re]) => re.test(part))?.[0] ?? null;
    // 'Washington, DC' is one place, written in two parts.
    const key = state ?? part.toLowerCase();
    if (!part || seen.has(key)) continue;
    seen.add(key);
    parts.push({ text: part, state });
  }
  return parts.length > 0 ? parts : locationParts(SEO.defaultLocation);
}

const STATE_SHORT: Record<UsStateCode, string> = { DC: 'DC', MD: 'MD', VA: 'VA' };
const STATE_PROSE: Record<UsStateCode, string> = { DC: 'DC', MD: 'Maryland', VA: 'Virginia' };

/** For titles: 'DC, MD & VA'. */
export function shortLocation(location: string): string {
  const names = locationParts(location).map((p) => (p.state ? STATE_SHORT[p.state] : p.text));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

/** For sentences: 'DC, Maryland and Virginia'. */
export function proseLocation(location: string): string {
  return listWords(locationParts(location).map((p) => (p.state ? STATE_PROSE[p.state] : p.text)));
}

/** For keywords: the place names people search with, most searched first. */
export function placesFor(location: string, perState = 5): string[] {
  const places: string[] = [];
  for (const part of locationParts(location)) {
    if (!part.state) {
      places.push(part.text);
      continue;
    }
    const landing = STATE_LANDINGS[part.state];
    places.push(part.state === 'DC' ? 'Washington DC' : landing.stateName, ...landing.areas.slice(0, perState));
  }
  return [...new Set(places)];
}

// ---------------------------------------------------------------------------------------------
// Product SEO
// ---------------------------------------------------------------------------------------------

/** What a product template may say about a product: facts from the catalogue only. */
export interface ProductFacts {
  name: string;
  /** The category's name as shown. */
  category: string;
  /** The rules' name for it (catalog.ts categoryKey): what the copy's rules read. */
  categoryKey: string;
  /** The strain's name for flower (e.g. 'Blue Dream'). */
  strain: string | null;
  strainType: string | null;
  effects: string[];
  flavors: string[];
  thcContent: number | null;
  cbdContent: number | null;
  thcMg: number | null;
  /** The lowest price on offer, in cents. */
  fromPrice: number;
  /** The weights on offer, e.g. ['3.5g', '7g']. */
  weights: string[];
  description: string;
  origin: string | null;
}

/** Effects that read as health claims are left out of marketing text (D27). */
const MEDICAL_EFFECT = /pain|relief|sleep aid|anxiety|stress relief/i;

export function productFacts(p: ApiProduct): ProductFacts {
  const weights = availableWeights(p.category, p);
  const prices = weights.map((w) => p[w.field] ?? Number.POSITIVE_INFINITY);
  const lowest = Math.min(...prices);
  return {
    name: collapse(p.name),
    category: p.categoryName,
    categoryKey: p.category,
    strain: p.subcategoryName,
    strainType: p.strainType,
    effects: splitList(p.effects).filter((e) => !MEDICAL_EFFECT.test(e)),
    flavors: splitList(p.flavor ?? ''),
    thcContent: p.thcContent,
    cbdContent: p.cbdContent,
    thcMg: p.thcMg,
    fromPrice: Number.isFinite(lowest) ? lowest : p.price,
    weights: weights.map((w) => w.label),
    description: compliantSentences(p.description),
    origin: p.origin,
  };
}

/**
 * The sentences of a text the compliance check does not flag (D27). Product copy is written by
 * people and may say 'child-resistant lid'; a template must not repeat anything a reviewer would stop.
 */
export function compliantSentences(text: string): string {
  const sentences = collapse(text).match(/[^.!?]+(?:[.!?]+|$)/g) ?? [];
  return sentences
    .map((x) => x.trim())
    .filter((x) => x && checkCompliance(x).length === 0)
    .join(' ');
}

/** How a category reads inside a sentence. */
const CATEGORY_NOUN: Record<string, string> = {
  Flower: 'flower',
  Edible: 'edible',
  'Pre-roll': 'pre-roll',
  Vaporizer: 'vape',
  Concentrate: 'concentrate',
  Accessories: 'accessory',
};
const categoryNoun = (f: ProductFacts) =>
  (f.category === f.categoryKey ? CATEGORY_NOUN[f.categoryKey] : undefined) ?? f.category.toLowerCase();

/** '$45' or '$45.50'. */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

const percent = (n: number) => `${Number(n.toFixed(1))}%`;
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function potency(f: ProductFacts): string {
  if (f.thcContent != null && f.thcContent > 0) return `${percent(f.thcContent)} THC`;
  if (f.thcMg != null && f.thcMg > 0) return `${f.thcMg}mg THC`;
  return '';
}

export function productSeoTemplate(f: ProductFacts, location: string = SEO.defaultLocation): ProductSeo {
  const short = shortLocation(location);
  const prose = proseLocation(location);
  const noun = categoryNoun(f);
  const kind = collapse(`${f.strainType ?? ''} ${f.category}`);
  const kindLower = collapse(`${f.strainType?.toLowerCase() ?? ''} ${noun}`);
  const thc = potency(f);
  const effects = f.effects.map((e) => e.toLowerCase());
  const flavors = f.flavors.map((x) => x.toLowerCase());

  const metaTitle = fitTitle([
    `${f.name} | ${kind} Delivery ${short}`,
    `${f.name} | ${f.category} Delivery ${short}`,
    `${f.name} | ${f.category} Delivery | ${SITE.shortName}`,
    `${f.name} | Same-Day Delivery`,
    `${f.name} Delivery`,
    f.name,
  ]);

  const h1Heading = fitTitle([`${f.name}: ${kind} Delivery in ${short}`, `${f.name} ${f.category} Delivery`, f.name], 70);

  const what = `${article(kindLower)} ${kindLower}${thc ? ` with ${thc}` : ''}`;
  const metaDescription = fitDescription(
    [
      `Order ${f.name}, ${what}, for same-day delivery in ${prose}.`,
      effects.length ? `Customers report ${listWords(effects.slice(0, 3))} effects.` : '',
      flavors.length ? `Notes of ${listWords(flavors.slice(0, 2))}.` : '',
      `From ${dollars(f.fromPrice)}.`,
      `Adults ${SITE.minimumAge}+, cash on delivery.`,
    ],
    ['Lab-tested and delivered discreetly.'],
  );

  const intro = [
    `${f.name} is ${what}${f.strain && !f.name.toLowerCase().includes(f.strain.toLowerCase()) ? ` from the ${f.strain} strain` : ''}${
      f.origin ? ` (${f.origin})` : ''
    }.`,
    f.description,
  ];
  const experience = [
    effects.length ? `Customers describe the experience as ${listWords(effects)}.` : '',
    flavors.length ? `Expect notes of ${listWords(flavors)}.` : '',
    f.cbdContent != null && f.cbdContent > 0 ? `CBD: ${percent(f.cbdContent)}.` : '',
    f.weights.length ? `Available in ${listWords(f.weights)}, from ${dollars(f.fromPrice)}.` : `Price: from ${dollars(f.fromPrice)}.`,
  ];
  const delivery = [
    `Order online for same-day delivery across ${prose} when you order before ${SITE.sameDayCutoff}.`,
    `Delivery hours: ${SITE.deliveryHours}.`,
    `Your driver checks ID at the door (adults ${SITE.minimumAge}+ only) and you pay ${SITE.payment.toLowerCase()}.`,
  ];
  const description = [intro, experience, delivery]
    .map((p) => collapse(p.filter(Boolean).join(' ')))
    .filter(Boolean)
    .join('\n\n');

  const places = locationParts(location).map((p) => (p.state ? STATE_PROSE[p.state] : p.text).toLowerCase());
  const keywords = uniqueLower([
    f.name,
    `${f.name} delivery`,
    f.strain && f.categoryKey === 'Flower' ? `${f.strain} strain` : '',
    f.strainType ? `${f.strainType} ${noun}` : '',
    `${noun} delivery`,
    ...places.map((place) => `${noun} delivery ${place}`),
    `buy ${f.name} near me`,
    f.thcContent != null && f.thcContent >= 20 ? `high thc ${noun}` : '',
    flavors[0] ? `${flavors[0]} ${noun}` : '',
    effects[0] ? `${effects[0]} ${f.strainType ?? noun}` : '',
    `same day ${noun} delivery`,
  ]).slice(0, 12);

  return { metaTitle, metaDescription, h1Heading, description, keywords };
}

function uniqueLower(items: readonly string[], max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  for (const item of items) {
    const k = collapse(item).toLowerCase();
    if (k && !out.includes(k)) out.push(k);
    if (out.length >= max) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Category SEO
// ---------------------------------------------------------------------------------------------

export interface CategoryFacts {
  categoryName: string;
  productCount: number;
  targetLocation: string;
  /** The shop's own description of the category, when the name is one of its categories. */
  known?: string | undefined;
}

export function categorySeoTemplate(input: CategoryFacts): CategorySeo {
  const name = capitalize(collapse(input.categoryName));
  const short = shortLocation(input.targetLocation);
  const prose = proseLocation(input.targetLocation);
  const count = input.productCount > 0 ? `${input.productCount} ` : '';
  const lower = name.toLowerCase();
  const metaTitle = fitTitle([
    `${name} Delivery in ${short} | ${SITE.name}`,
    `${name} Delivery ${short} | ${SITE.shortName}`,
    `${name} Delivery in ${short}`,
    `${name} Delivery | ${SITE.shortName}`,
    `${name} Delivery`,
    name,
  ]);
  const metaDescription = fitDescription(
    [
      `Shop ${count}${name} products for same-day delivery in ${prose}.`,
      `Adults ${SITE.minimumAge}+, cash on delivery.`,
      'Lab-tested, with THC and CBD content on every product page.',
    ],
    ['Browse, compare and order online in minutes.'],
  );
  const description = [
    [
      `Browse ${input.productCount > 0 ? `our ${input.productCount}` : 'our'} ${lower} products and get them delivered the same day across ${prose}.`,
      input.known ? collapse(input.known) : '',
      `Every product page lists THC and CBD content, sizes and prices, so you can compare before you order.`,
    ],
    [
      `Order before ${SITE.sameDayCutoff} for same-day delivery. Delivery hours: ${SITE.deliveryHours}.`,
      `Packaging is discreet, your driver checks ID at the door (adults ${SITE.minimumAge}+ only) and you pay ${SITE.payment.toLowerCase()}.`,
      `Questions about ${lower}? Call ${SITE.phone} (${SITE.supportHours}).`,
    ],
  ]
    .map((p) => collapse(p.filter(Boolean).join(' ')))
    .join('\n\n');
  return { metaTitle, metaDescription, description };
}

// ---------------------------------------------------------------------------------------------
// Blog content
// ---------------------------------------------------------------------------------------------

export interface BlogFacts {
  topic: string;
  keywords: string[];
  targetLocation: string;
  wordCount: number;
}

export const countWords = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

type Para = (k: string) => string;

/** Paragraphs about one keyword; each reads on its own, so any of them can follow any other. */
const KEYWORD_PARAS: readonly Para[] = [
  (k) =>
    `When people search for ${k}, they usually want three things: a clear choice, an honest description and a delivery they can count on. A good menu lists THC and CBD content, size and price for every item, so you can compare options side by side instead of guessing from a photo.`,
  (k) =>
    `Start by deciding what kind of experience you are looking for. Some adults choose ${k} for a calm evening at home, others for a social afternoon or a creative project. Reading what other customers report about taste, aroma and effects is a quick way to narrow the list.`,
  (k) =>
    `Potency matters more than most first-time buyers expect. When choosing ${k}, compare the THC figure on the label and begin with a small amount. Edibles in particular can take an hour or more to be felt, so start low, go slow, and wait before having more.`,
  (k) =>
    `Quality shows in the details. When you compare ${k}, look for lab results, a harvest or production date and clear labelling. Licensed growers and makers in the region publish this information, and a trustworthy shop passes it on to you instead of hiding it.`,
  (k) =>
    `Price is easier to judge per gram or per milligram than per package. For ${k}, larger sizes often cost less per gram, while smaller sizes let you try something new without committing. Deals and bundles change often, so check the menu before you order.`,
  (k) =>
    `Good storage matters for ${k}. Use an airtight container, keep it cool and away from direct light, and keep it stored out of reach of children and pets. Good storage protects flavor and aroma for weeks, and a labelled jar means nobody mistakes it for something else.`,
  (k) =>
    `Many customers keep a short note of what they tried: the product, the amount and how they felt. Over time these notes make choosing ${k} much easier, and they help our staff recommend something that matches what you enjoy.`,
  (k) =>
    `If you are unsure where to begin with ${k}, ask. A good delivery service has people on the phone who can explain the difference between strain types, formats and strengths in plain words, without pressure to buy more than you need.`,
  (k) =>
    `Timing is part of the experience. Save ${k} for a day when you have nothing else to do and nowhere to drive, set aside a comfortable space, and have water and a snack nearby. A relaxed setting makes it easier to notice how a product suits you.`,
  (k) =>
    `Strain type is a starting point, not a promise. Indica, sativa and hybrid labels give a rough idea of what to expect from ${k}, but the terpene profile, the amount you use and your own tolerance shape the experience at least as much as the label does.`,
  (k) =>
    `Reviews are most useful when they are specific. Look for comments about ${k} that mention flavor, aroma, strength and the time of day people enjoyed it. A short review from a regular customer often says more than a long list of marketing words.`,
  (k) =>
    `Finally, keep it simple. You do not need a cupboard full of products to enjoy ${k}. One or two favorites you know well, bought fresh and stored properly, usually make for a better experience than a pile of half-used packages.`,
];

const FAQ: readonly { q: Para; a: Para }[] = [
  {
    q: (k) => `How much ${k} should I start with?`,
    a: (k) =>
      `Less than you think. Begin with the smallest amount the label suggests, wait, and only then decide whether to have more. With ${k} in edible form, wait at least two hours before a second serving.`,
  },
  {
    q: (k) => `Can I get ${k} delivered the same day?`,
    a: () =>
      `Yes. Order before ${SITE.sameDayCutoff} and we deliver the same day. Delivery hours: ${SITE.deliveryHours}. You pay ${SITE.payment.toLowerCase()} and show a valid ID (adults ${SITE.minimumAge}+).`,
  },
  {
    q: (k) => `How do I compare ${k} products?`,
    a: () =>
      `Compare THC and CBD content, size and price per gram or per milligram, then read what customers report about flavor and aroma. Our compare page puts products side by side.`,
  },
  {
    q: (k) => `How should I store ${k}?`,
    a: () =>
      `In an airtight, labelled container, somewhere cool and dark, and stored out of reach of children and pets. Heat, light and air all wear down flavor and potency.`,
  },
];

/** Paragraphs about the place; `p` is the location in prose. */
const PLACE_PARAS: readonly ((p: string) => string)[] = [
  (p) =>
    `Rules differ across ${p}. Each jurisdiction sets its own purchase limits, and our cart shows how much of your limit an order uses, so you never have to work it out yourself. Only adults ${SITE.minimumAge} and older may buy, and ID is checked at the door on every delivery.`,
  (p) =>
    `Delivery across ${p} is simple: choose your products online, pick a delivery window and pay ${SITE.payment.toLowerCase()} when your order arrives. Order before ${SITE.sameDayCutoff} for same-day delivery. Delivery hours: ${SITE.deliveryHours}.`,
  (p) =>
    `Consumption is for private spaces. Across ${p}, using cannabis in public places, in vehicles or on federal land is not allowed, and driving after using cannabis is both dangerous and illegal. Plan ahead and enjoy responsibly at home.`,
];

const FORMAT_PARAS: readonly string[] = [
  'Flower is the classic choice, sold by the eighth, quarter, half and full ounce. Pre-rolls are the same flower, ready to light. Vape cartridges and disposables are discreet and quick to use, with the strength printed on the label.',
  'Edibles such as gummies and chocolates list their THC in milligrams per piece, which makes them easy to portion but slow to take effect. Concentrates are the strongest format and are best left to experienced adults who know their tolerance.',
  'Reading a label takes a minute and saves guesswork: look for the THC and CBD content, the size or milligrams per piece, the producer and the test date. If any of these is missing, ask before you buy.',
];

interface Section {
  heading: string;
  paras: string[];
}

export function blogTemplate(input: BlogFacts): BlogContent {
  const topic = collapse(input.topic);
  const Topic = capitalize(topic);
  const keywords = uniqueLower([topic, ...input.keywords]);
  const named = keywords.filter((k) => k !== topic.toLowerCase());
  const short = shortLocation(input.targetLocation);
  const prose = proseLocation(input.targetLocation);

  const title = fitTitle([`${Topic}: A ${short} Guide | ${SITE.shortName}`, `${Topic}: A ${short} Guide`, `${Topic} in ${short}`, Topic]);
  const metaDescription = fitDescription(
    [
      `${Topic}: what adults ${SITE.minimumAge}+ in ${prose} should know${named[0] ? ` about ${listWords(named.slice(0, 2))}` : ''}.`,
      `Tips, local rules and same-day delivery from ${SITE.name}.`,
    ],
    ['A plain-language guide.'],
  );

  const intro = `${Topic} is one of the subjects we hear about most from adults across ${prose}. This guide covers what to look for, how to compare products${
    named.length ? ` such as ${listWords(named.slice(0, 3))}` : ''
  }, and how same-day delivery from ${SITE.name} works, so you can order with confidence.`;
  const conclusion = `That is the short version of ${topic}. Browse the menu, compare the labels, start low and go slow, and order before ${SITE.sameDayCutoff} for same-day delivery across ${prose}. Questions? Call ${SITE.phone} (${SITE.supportHours}).`;

  const places = placesFor(input.targetLocation, 3);
  // Each keyword walks the paragraphs from its own starting point, so neighbouring sections differ;
  // past the first pass, place and 'near me' variants give the paragraphs something new to be about.
  const variants = (k: string) => [k, ...places.map((place) => `${k} in ${place}`), `${k} near me`, `same-day ${k} delivery`];
  const queues = keywords.map((k, i) =>
    variants(k).flatMap((key, pass) =>
      KEYWORD_PARAS.map((_, j) => {
        const para = KEYWORD_PARAS[(j + i * 3 + pass * 5) % KEYWORD_PARAS.length] as Para;
        return { key, text: para(key) };
      }),
    ),
  );
  const HEADINGS: readonly ((k: string) => string)[] = [
    (k) => `${capitalize(k)} in ${short}`,
    (k) => `What to look for in ${k}`,
    (k) => `Getting the most from ${k}`,
    (k) => `Choosing ${k} with help`,
    (k) => `More about ${k}`,
  ];
  let stage = 0;
  const keywordStage = (): Section[] => {
    const at = stage++;
    return keywords.map((k, i) => {
      const slice = (queues[i] ?? []).slice(at * 2, at * 2 + 2);
      const key = slice[0]?.key ?? k;
      const heading = key === k ? (HEADINGS[Math.min(at, HEADINGS.length - 1)] as (k: string) => string)(k) : capitalize(key);
      return { heading, paras: slice.map((x) => x.text) };
    });
  };
  const stateSections: Section[] = locationParts(input.targetLocation)
    .filter((part) => part.state)
    .map((part) => {
      const code = part.state as UsStateCode;
      const name = code === 'DC' ? 'Washington DC' : STATE_LANDINGS[code].stateName;
      const areas = STATE_LANDINGS[code].areas.slice(0, 6);
      return {
        heading: `Delivery in ${name}`,
        paras: [
          `In ${name} we deliver to ${listWords(areas)} and more. Orders placed before ${SITE.sameDayCutoff} arrive the same day, in discreet packaging, and your driver checks ID at the door.`,
        ],
      };
    });

  // Every section the template can write, in the order a reader needs them; taken until long enough.
  const candidates: Section[] = [
    ...keywordStage(),
    { heading: 'Choosing a format', paras: FORMAT_PARAS.slice(0, 2) },
    { heading: `Delivery and local rules in ${short}`, paras: PLACE_PARAS.slice(0, 2).map((para) => para(prose)) },
    ...keywordStage(),
    ...stateSections,
    ...keywordStage(),
    { heading: 'Reading the label', paras: FORMAT_PARAS.slice(2) },
    ...keywordStage(),
    { heading: 'Enjoy responsibly', paras: PLACE_PARAS.slice(2).map((para) => para(prose)) },
    {
      heading: 'Frequently asked questions',
      paras: keywords.slice(0, 2).flatMap((k) => FAQ.map((f) => `### ${f.q(k)}\n\n${f.a(k)}`)),
    },
  ];
  const longest = Math.max(...queues.map((q) => q.length));
  while (stage * 2 < longest) candidates.push(...keywordStage());

  const target = input.wordCount;
  let used = countWords(intro) + countWords(conclusion) + 3;
  const sections: Section[] = [];
  for (const candidate of candidates) {
    if (used >= target - 30) break;
    const section: Section = { heading: candidate.heading, paras: [] };
    used += countWords(candidate.heading);
    for (const para of candidate.paras) {
      if (used >= target - 30) break;
      section.paras.push(para);
      used += countWords(para);
    }
    if (section.paras.length > 0) sections.push(section);
  }

  const content = [intro, ...sections.flatMap((s) => [`## ${s.heading}`, ...s.paras]), '## The bottom line', conclusion].join('\n\n');
  return { title, metaDescription, content };
}

// ---------------------------------------------------------------------------------------------
// Keyword research
// ---------------------------------------------------------------------------------------------

export interface KeywordFacts {
  seedKeywords: string[];
  location: string;
  businessType: string;
}

/** 'weed delivery' -> 'weed': the thing searched for, without the words the templates add. */
const keywordCore = (seed: string) => seed.replace(/\s+(?:delivery|dispensary|dispensaries|near me|online)$/i, '').trim() || seed;

export function keywordTemplate(input: KeywordFacts): KeywordData {
  const seeds = uniqueLower(input.seedKeywords, SEO.limits.seeds);
  const business = collapse(input.businessType).toLowerCase() || SEO.businessType.toLowerCase();
  const states = locationParts(input.location).map((p) => (p.state ? STATE_PROSE[p.state] : p.text).toLowerCase());
  // States first, then their places in turn, so every state is covered before any gets a long tail.
  const byState = locationParts(input.location).map((part) => placesFor(part.text));
  const places = uniqueLower(
    Array.from({ length: Math.max(0, ...byState.map((l) => l.length)) }, (_, i) => byState.map((l) => l[i] ?? '')).flat(),
  );
  const nearMe = (s: string) => (/\bnear me\b/i.test(s) ? s : `${s} near me`);

  const primaryKeywords = uniqueLower(
    [
      ...seeds.flatMap((s) => [s, `${keywordCore(s)} delivery`, nearMe(s), `best ${s}`]),
      `${business} near me`,
      `${keywordCore(business)} delivery`,
    ],
    20,
  );
  const longTailKeywords = uniqueLower(
    seeds.flatMap((s) => {
      const core = keywordCore(s);
      return [
        `same day ${core} delivery near me`,
        `where to buy ${core} online`,
        `${core} delivery open now`,
        `order ${core} online for delivery`,
        ...states.map((st) => `best ${core} delivery in ${st}`),
        `${core} delivery that takes cash`,
      ];
    }),
    24,
  );
  const localKeywords = uniqueLower(
    places.flatMap((place) => [
      ...seeds.map((s) => `${keywordCore(s)} delivery ${place}`),
      `${seeds[0] ?? business} ${place}`,
      `${business} ${place}`,
    ]),
    40,
  );
  return { primaryKeywords, longTailKeywords, localKeywords };
}

// ---------------------------------------------------------------------------------------------
// Saved product SEO (the product page uses it at the next build)
// ---------------------------------------------------------------------------------------------

export interface SavedProductSeo extends ProductSeo {
  productId: number;
  /** D27: the admin saved it although the compliance check flagged it. */
  overridden: boolean;
  /** Epoch ms. */
  updatedAt: number;
}

/** The stored keyword list (a JSON array); anything else reads as a comma-separated list. */
export function parseSavedKeywords(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value)) return value.filter((k): k is string => typeof k === 'string' && k.trim() !== '').map(collapse);
  } catch {
    // Not JSON: a plain list.
  }
  return splitList(stored);
}

/** The saved SEO columns of one product, as the build reads them. */
export interface ProductSeoColumns {
  seoTitle: string | null;
  seoDescription: string | null;
  seoH1: string | null;
  seoBody: string | null;
  seoKeywords: string | null;
}

/** What the product page overrides; each field undefined when not saved (the page keeps its own). */
export interface ProductPageSeo {
  title?: string;
  description?: string;
  h1?: string;
  body?: string;
  keywords?: string[];
}

export function productPageSeo(row: ProductSeoColumns | undefined): ProductPageSeo {
  if (!row) return {};
  const text = (s: string | null) => (s && collapse(s) ? s.trim() : undefined);
  const keywords = parseSavedKeywords(row.seoKeywords);
  const out: ProductPageSeo = {};
  const title = text(row.seoTitle);
  const description = text(row.seoDescription);
  const h1 = text(row.seoH1);
  const body = text(row.seoBody);
  if (title) out.title = collapse(title);
  if (description) out.description = collapse(description);
  if (h1) out.h1 = collapse(h1);
  if (body) out.body = body;
  if (keywords.length) out.keywords = keywords;
  return out;
}
