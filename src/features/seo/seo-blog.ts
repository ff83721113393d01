/**
 * The deterministic blog and keyword templates (D26), with the same rules as the product ones: real
 * data only, the same inputs give the same text, no medical claim, nothing to anyone under 21 (D27).
 */
import { STATE_LANDINGS } from '../landing/landing.ts';
import { SITE, type UsStateCode } from '../site/settings.ts';
import { type BlogContent, type KeywordData, SEO } from './seo.ts';
import {
  capitalize,
  collapse,
  countWords,
  fitDescription,
  fitTitle,
  listWords,
  locationParts,
  placesFor,
  proseLocation,
  STATE_PROSE,
  shortLocation,
  uniqueLower,
} from './seo-text.ts';

export interface BlogFacts {
  topic: string;
  keywords: string[];
  targetLocation: string;
  wordCount: number;
}

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
