/**
 * The deterministic product and category SEO templates the tools answer with when no model is
 * configured or the model fails (D26). They are built from real data only (the product's facts, the
 * location asked for, the site settings), the same inputs always give the same text, and nothing
 * here makes a medical claim or speaks to anyone under 21 (D27; seo.test.ts runs the compliance
 * check over them).
 */
import { checkCompliance } from '../ai/compliance.ts';
import type { ApiProduct } from '../catalog/catalog.ts';
import { availableWeights } from '../catalog/catalog.ts';
import { SITE } from '../site/settings.ts';
import { type CategorySeo, type ProductSeo, SEO } from './seo.ts';
import {
  capitalize,
  collapse,
  fitDescription,
  fitTitle,
  listWords,
  locationParts,
  proseLocation,
  STATE_PROSE,
  shortLocation,
  splitList,
  uniqueLower,
} from './seo-text.ts';

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
