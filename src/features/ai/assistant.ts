/**
 * The shoppers' knowledge assistant (admin.md §2, D26, D27): how a question is matched to the
 * topics of the knowledge base (knowledge-base.ts), and how an answer or an article is composed.
 * Pure: the catalogue lookups and the model call live in assistant.server.ts.
 *
 * Copy rules (D27): general, adult-oriented information; what customers report, never what
 * cannabis does for a condition; no wording aimed at anyone under 21. Every text here passes
 * checkAll (assistant.test.ts). Legal facts are dated and name their official source.
 */
import { formatMoney } from '../../lib/money.ts';
import { SITE } from '../site/settings.ts';
import { type Keyword, LEGAL_FACTS_AS_OF, TOPICS, type Topic } from './knowledge-base.ts';

export { LEGAL_FACTS_AS_OF, TOPICS, type Topic };

/** Per address, for /api/ask and /api/generate-content together. */
export const ASSISTANT_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;
/** What an address over ASSISTANT_RATE_LIMIT reads. */
export const ASSISTANT_RATE_LIMITED = "You've asked a lot of questions in a short time. Please try again in a few minutes.";
/** Products named in one answer. */
export const MAX_PRODUCTS_IN_ANSWER = 5;
/** Related topics offered under an answer. */
export const RELATED_TOPIC_COUNT = 4;
/** Topics (beyond the first) an article draws on, and the takeaways it lists. */
const MAX_EXTRA_ARTICLE_TOPICS = 2;
const MAX_TAKEAWAYS = 6;

export const BUILT_IN_ANSWER_MESSAGE = 'Answered from our built-in cannabis guide.';
export const BUILT_IN_CONTENT_MESSAGE = 'Written from our built-in cannabis guide.';

const TOPIC_BY_ID = new Map(TOPICS.map((t) => [t.id, t]));

/** Offered when nothing else fits, or to fill the related list. */
const STARTER_TOPIC_IDS = ['strain-types', 'dosing', 'edibles', 'legal-overview', 'terpenes', 'safety'] as const;
/** An article on a topic the knowledge base does not cover teaches these. */
const BASICS_TOPIC_IDS = ['strain-types', 'dosing', 'safety'] as const;

function topicById(id: string): Topic {
  const topic = TOPIC_BY_ID.get(id);
  if (!topic) throw new Error(`Unknown assistant topic ${id}`);
  return topic;
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

/** A plural or possessive reduced to its base, so "Edibles", "edible's" and "edible" match. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower-case word stems, accents and punctuation dropped ("Don't" → "dont"; "1:1" → "1", "1"). */
/** The words of `text` as typed, lower-cased, accents and apostrophes dropped ("Don't" → "dont"). */
function plainWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function tokenize(text: string): string[] {
  return plainWords(text).map(stem);
}

interface CompiledKeyword {
  tokens: string[];
  weight: number;
}

const compile = (k: Keyword): CompiledKeyword => {
  const [text, weight] = typeof k === 'string' ? [k, undefined] : k;
  const tokens = tokenize(text);
  return { tokens, weight: weight ?? (tokens.length > 1 ? 2 : 1) };
};

const COMPILED = new Map(TOPICS.map((t) => [t.id, { keywords: t.keywords.map(compile), title: tokenize(t.title) }]));

/** A single keyword of 5+ letters also matches longer words ("relax" → "relaxing", "relaxation"). */
const tokenMatches = (token: string, keyword: string) => token === keyword || (keyword.length >= 5 && token.startsWith(keyword));

function containsSequence(tokens: readonly string[], seq: readonly string[]): boolean {
  if (seq.length === 0 || seq.length > tokens.length) return false;
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    for (let j = 0; j < seq.length; j++) {
      const token = tokens[i + j] as string;
      const key = seq[j] as string;
      if (j === seq.length - 1 ? !tokenMatches(token, key) : token !== key) continue outer;
    }
    return true;
  }
  return false;
}

export interface RankedTopic {
  topic: Topic;
  score: number;
}

/** Every topic the text is about, best first (ties keep the knowledge base's order). */
export function rankTopics(text: string): RankedTopic[] {
  const tokens = tokenize(text);
  const joined = tokens.join(' ');
  const ranked: RankedTopic[] = [];
  for (const topic of TOPICS) {
    const compiled = COMPILED.get(topic.id);
    if (!compiled) continue;
    let score = 0;
    for (const k of compiled.keywords) if (containsSequence(tokens, k.tokens)) score += k.weight;
    // A related-topic button sends the title itself: it must land on that topic.
    if (joined === compiled.title.join(' ')) score += 100;
    else if (compiled.title.length > 1 && containsSequence(tokens, compiled.title)) score += 10;
    ranked.push({ topic, score });
  }
  // A question naming two or more jurisdictions is about the overview, not one of them.
  const states = ranked.filter((r) => r.topic.jurisdiction && r.score > 0).length;
  if (states >= 2) {
    const overview = ranked.find((r) => r.topic.id === 'legal-overview');
    if (overview) overview.score += 10;
  }
  return ranked.filter((r) => r.score > 0).sort((a, b) => b.score - a.score);
}

// ---------------------------------------------------------------------------------------------
// What the shopper may want from the menu
// ---------------------------------------------------------------------------------------------

/** The effects the assistant may repeat from the menu: moods customers report, nothing medical (D27). */
export const REPORTABLE_EFFECTS = ['Relaxing', 'Sleepy', 'Happy', 'Euphoric', 'Uplifting', 'Energizing', 'Focused', 'Creative'] as const;

const CATEGORY_WORDS: Record<string, readonly string[]> = {
  Edible: ['edible', 'gummy', 'chocolate', 'candy', 'chew', 'mint', 'seltzer', 'beverage', 'drink', 'brownie'],
  'Pre-roll': ['pre roll', 'preroll', 'joint', 'blunt'],
  Flower: ['flower', 'bud', 'eighth', 'ounce', 'nug'],
  Vaporizer: ['vape', 'vaporizer', 'cartridge', 'cart', 'pen', 'disposable', 'pod'],
  Concentrate: ['concentrate', 'dab', 'wax', 'shatter', 'budder', 'badder', 'rosin', 'diamond', 'crumble', 'sauce', 'hash'],
  Accessories: ['accessory', 'grinder', 'pipe', 'paper', 'bong', 'battery', 'lighter', 'tray', 'cone'],
};

const STRAIN_TYPE_WORDS: Record<string, readonly string[]> = {
  Indica: ['indica'],
  Sativa: ['sativa'],
  Hybrid: ['hybrid'],
  CBD: ['cbd'],
};

const EFFECT_WORDS: Record<(typeof REPORTABLE_EFFECTS)[number], readonly string[]> = {
  Sleepy: ['sleep', 'sleepy', 'bed', 'bedtime', 'nighttime'],
  Relaxing: ['relax', 'calm', 'chill', 'unwind', 'mellow', 'wind down'],
  Energizing: ['energ'],
  Focused: ['focus', 'productive'],
  Creative: ['creative', 'creativity'],
  Happy: ['happy', 'cheerful', 'mood'],
  Euphoric: ['euphori'],
  Uplifting: ['uplift', 'daytime', 'social'],
};

/** Words that ask for products rather than only for knowledge. */
const SHOPPING_WORDS = [
  'recommend',
  'recommendation',
  'suggest',
  'suggestion',
  'sell',
  'buy',
  'menu',
  'product',
  'option',
  'carry',
  'stock',
  'best',
  'something',
  'looking',
  'price',
  'cheap',
  'available',
].map(stem);

const matchesAny = (tokens: readonly string[], words: readonly string[]) => words.some((w) => containsSequence(tokens, tokenize(w)));

export interface ProductIntent {
  category: string | null;
  strainTypes: string[];
  effects: string[];
  /** The question asks for products ("what do you have", "recommend", "best"). */
  shopping: boolean;
}

export function productIntent(text: string): ProductIntent {
  const tokens = tokenize(text);
  const category = Object.entries(CATEGORY_WORDS).find(([, words]) => matchesAny(tokens, words))?.[0] ?? null;
  const strainTypes = Object.entries(STRAIN_TYPE_WORDS)
    .filter(([, words]) => matchesAny(tokens, words))
    .map(([type]) => type);
  const effects = Object.entries(EFFECT_WORDS)
    .filter(([, words]) => matchesAny(tokens, words))
    .map(([effect]) => effect);
  return { category, strainTypes, effects, shopping: tokens.some((t) => SHOPPING_WORDS.includes(t)) };
}

export const hasProductFilters = (intent: ProductIntent) =>
  intent.category != null || intent.strainTypes.length > 0 || intent.effects.length > 0;

/**
 * Whether an answer should name products: a strain the menu carries is always worth showing; a
 * category, type or effect is when the topic is a shopping one or the shopper asks for products
 * (a question about edible safety gets the safety answer, not a list of gummies).
 */
export function shouldNameProducts(intent: ProductIntent, primary: Topic | null, strain: StrainFact | null): boolean {
  if (strain) return true;
  if (!hasProductFilters(intent)) return false;
  return intent.shopping || primary == null || primary.products;
}

/** Words with little meaning for a free-text catalogue search. */
const STOP_WORDS = new Set(
  [
    'a',
    'an',
    'the',
    'and',
    'or',
    'of',
    'to',
    'in',
    'on',
    'for',
    'with',
    'about',
    'do',
    'does',
    'you',
    'your',
    'we',
    'i',
    'me',
    'my',
    'is',
    'are',
    'it',
    'any',
    'some',
    'what',
    'whats',
    'which',
    'who',
    'how',
    'can',
    'could',
    'please',
    'tell',
    'have',
    'sell',
    'carry',
    'stock',
    'got',
    'get',
    'there',
    'this',
    'that',
    'like',
    'want',
    'need',
    'looking',
    'recommend',
    'suggest',
    'good',
    'best',
    'something',
    'know',
    'info',
    'information',
  ].map(stem),
);

/**
 * The words of a question worth searching the catalogue for, as typed (the catalogue's full-text
 * index matches prefixes of the words as written): "do you have Pineapple Express?" → 2 words.
 */
export function searchWords(text: string): string[] {
  return plainWords(text).filter((w) => w.length > 1 && !STOP_WORDS.has(stem(w)));
}

/** Whether a product's name has every one of the words, as whole words ("cook" is not "Cookies"). */
export function nameHasWords(name: string, words: readonly string[]): boolean {
  const tokens = tokenize(name);
  return words.every((w) => tokenize(w).every((t) => tokens.includes(t)));
}

// ---------------------------------------------------------------------------------------------
// Composing answers
// ---------------------------------------------------------------------------------------------

/** A strain from the catalogue (a subcategory of Flower). */
export interface StrainFact {
  name: string;
  strainType: string | null;
  description: string;
  effects: readonly string[];
}

/** What an answer says about one product. */
export interface ProductFact {
  name: string;
  /** The category's name as shown. */
  category: string;
  /** The rules' name for it (catalog.ts categoryKey). */
  categoryKey: string;
  strainType: string | null;
  thcContent: number | null;
  /** Cents: the price the shop shows (the lowest weight for weighed products). */
  price: number;
  /** The product comes in several weights and `price` is the smallest. */
  fromPrice: boolean;
}

/** The strain named in the text (longest name first, so "OG Kush" does not hide "Bubba Kush"). */
export function findStrain(text: string, strains: readonly StrainFact[]): StrainFact | null {
  const tokens = tokenize(text);
  const byLength = [...strains].sort((a, b) => b.name.length - a.name.length);
  for (const strain of byLength) {
    const name = tokenize(strain.name);
    if (name.length === 0) continue;
    // Whole words only: the last word may not be a prefix here ("gelato" must not match "gel").
    const exact = tokens.some((_, i) => name.every((w, j) => tokens[i + j] === w));
    if (exact) return strain;
  }
  return null;
}

export function formatProductLine(p: ProductFact): string {
  const details = [p.category, p.strainType, p.thcContent != null && p.categoryKey !== 'Edible' ? `${p.thcContent}% THC` : null]
    .filter(Boolean)
    .join(', ');
  return `• ${p.name} (${details}): ${p.fromPrice ? 'from ' : ''}${formatMoney(p.price)}`;
}

const reportable = (effects: readonly string[]) => effects.filter((e) => (REPORTABLE_EFFECTS as readonly string[]).includes(e));

function strainParagraph(strain: StrainFact): string {
  const kind = strain.strainType ? ` is ${/^[aeiou]/i.test(strain.strainType) ? 'an' : 'a'} ${strain.strainType} strain` : ' is a strain';
  const effects = reportable(strain.effects).map((e) => e.toLowerCase());
  const reported = effects.length ? ` Customers describe it as ${listText(effects)}.` : '';
  return `${strain.name}${kind}. ${strain.description}${reported}`.replace(/\s+/g, ' ').trim();
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Related topic titles: the lead topic's own suggestions (the first shown one by default), then the
 * starters, never a topic the answer already covers.
 */
export function relatedTopicTitles(shown: readonly Topic[], lead: Topic | undefined = shown[0]): string[] {
  const shownIds = new Set(shown.map((t) => t.id));
  const ids = [...(lead?.related ?? []), ...STARTER_TOPIC_IDS];
  const titles: string[] = [];
  for (const id of ids) {
    if (shownIds.has(id)) continue;
    shownIds.add(id);
    titles.push(topicById(id).title);
    if (titles.length === RELATED_TOPIC_COUNT) break;
  }
  return titles;
}

/** The topics an answer draws on: the best match, and the runner-up when it is nearly as relevant. */
export function answerTopics(ranked: readonly RankedTopic[]): Topic[] {
  const [first, second] = ranked;
  if (!first) return [];
  return second && second.score * 2 >= first.score ? [first.topic, second.topic] : [first.topic];
}

export interface AnswerParts {
  ranked: readonly RankedTopic[];
  strain: StrainFact | null;
  products: readonly ProductFact[];
}

const GENERAL_ANSWER = [
  "I don't have a specific answer for that yet, but I can help with a lot of cannabis questions: how indica, sativa and hybrid strains differ, what THC, CBD and terpenes are, how to dose edibles and other products carefully, how to store cannabis, and the rules in Washington DC, Maryland and Virginia.",
  'Try asking something like "What is the difference between indica and sativa?", "How long do edibles take to kick in?" or "How much cannabis can I buy in Maryland?". You can also pick one of the topics below.',
  `For questions about an order, call us at ${SITE.phone} (${SITE.supportHours}) or e-mail ${SITE.email}.`,
].join('\n\n');

/** The built-in answer (D26): always useful, never an error. */
export function composeAnswer({ ranked, strain, products }: AnswerParts): { answer: string; relatedTopics: string[] } {
  const topics = answerTopics(ranked);
  const [primary, secondary] = topics;
  const paragraphs: string[] = [];
  if (strain) paragraphs.push(strainParagraph(strain));
  if (primary) {
    // With a strain in front, the topic adds its summary only; otherwise its explanation too.
    paragraphs.push(primary.summary);
    if (!strain) paragraphs.push(...primary.body.slice(0, 3));
  }
  if (secondary) paragraphs.push(`${secondary.title}\n${secondary.summary}`);
  if (products.length > 0) {
    const heading = strain ? `${strain.name} on our menu:` : 'From our menu, products that fit your question:';
    paragraphs.push([heading, ...products.map(formatProductLine)].join('\n'));
  }
  if (paragraphs.length === 0) return { answer: GENERAL_ANSWER, relatedTopics: relatedTopicTitles([]) };
  // A question about a strain alone leads on to choosing by effect, strain types and terpenes.
  const lead = primary ?? (strain ? topicById('choosing-effects') : undefined);
  return { answer: paragraphs.join('\n\n'), relatedTopics: relatedTopicTitles(topics, lead) };
}

export interface Article {
  title: string;
  summary: string;
  content: string;
  keyTakeaways: string[];
}

/** The built-in article for a topic (D26): the best topic in full, then closely related ones. */
export function composeArticle(topicText: string): Article {
  const ranked = rankTopics(topicText);
  const best = ranked[0];
  if (!best) {
    const basics = BASICS_TOPIC_IDS.map(topicById);
    return {
      title: 'Cannabis Basics for Adults 21+',
      summary:
        "We don't have a dedicated guide on that topic yet, so here are the basics every adult consumer should know: strain types, careful dosing and safe use.",
      content: basics.flatMap(section).join('\n\n'),
      keyTakeaways: basics.flatMap((t) => t.takeaways.slice(0, 2)),
    };
  }
  const extra = ranked
    .slice(1, 1 + MAX_EXTRA_ARTICLE_TOPICS)
    .filter((r) => r.score * 3 >= best.score)
    .map((r) => r.topic);
  return {
    title: best.topic.title,
    summary: best.topic.summary,
    content: [...best.topic.body, ...extra.flatMap(section)].join('\n\n'),
    keyTakeaways: [...best.topic.takeaways, ...extra.flatMap((t) => t.takeaways.slice(0, 1))].slice(0, MAX_TAKEAWAYS),
  };
}

/** A topic as a section of an article: its title on a line of its own, then its text. */
const section = (t: Topic): string[] => [t.title, t.summary, ...t.body];

// ---------------------------------------------------------------------------------------------
// The model's instructions (D26, D27)
// ---------------------------------------------------------------------------------------------

const RULES = [
  `You write for ${SITE.name}, a cannabis delivery service for adults ${SITE.minimumAge} and older in Maryland and for registered medical patients in Washington DC; it cannot deliver to Virginia yet.`,
  'Write for adults 21 and older only. Never address, mention as customers, or appeal to anyone under 21.',
  'Never say or imply that cannabis or any product cures, treats, prevents, heals or relieves any disease, disorder or medical condition, and never give medical advice; for health questions, suggest talking to a doctor or pharmacist.',
  'Describe effects as what customers report, not as promises.',
  `For legal questions, state facts carefully, say they are as of ${LEGAL_FACTS_AS_OF}, and name the official source (abca.dc.gov, cannabis.maryland.gov, cca.virginia.gov).`,
  'Prefer the reference facts given; do not invent laws, figures or products.',
  'Plain text only: no markdown, no asterisks, no # headings.',
].join('\n');

export const ASK_SYSTEM = `${RULES}
Answer the shopper's question helpfully in at most 250 words. When products from the menu are listed, you may recommend from them only, with their exact names and prices.`;

export const CONTENT_SYSTEM = `${RULES}
Write an educational article on the requested topic: a title, a one or two sentence summary, content of four to six paragraphs (a section heading may stand alone on its line), and three to six key takeaways.`;

function topicFacts(topics: readonly Topic[]): string {
  return topics.map((t) => [`## ${t.title}`, t.summary, ...t.body].join('\n')).join('\n\n');
}

export function askPrompt(question: string, parts: AnswerParts): string {
  const topics = answerTopics(parts.ranked);
  const sections = [`Shopper's question: ${question}`];
  sections.push(topics.length ? `Reference facts:\n${topicFacts(topics)}` : 'Reference facts: none match; answer from general knowledge.');
  if (parts.strain) sections.push(`Strain on our menu:\n${strainParagraph(parts.strain)}`);
  if (parts.products.length) sections.push(`Products on our menu that fit:\n${parts.products.map(formatProductLine).join('\n')}`);
  return sections.join('\n\n');
}

export function contentPrompt(topicText: string): string {
  const ranked = rankTopics(topicText).slice(0, 1 + MAX_EXTRA_ARTICLE_TOPICS);
  const facts = ranked.length ? topicFacts(ranked.map((r) => r.topic)) : 'none match; write from general knowledge.';
  return `Topic: ${topicText}\n\nReference facts:\n${facts}`;
}
