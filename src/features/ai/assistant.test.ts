import { describe, expect, it } from 'vitest';
import {
  ASK_SYSTEM,
  CONTENT_SYSTEM,
  composeAnswer,
  composeArticle,
  findStrain,
  formatProductLine,
  nameHasWords,
  productIntent,
  RELATED_TOPIC_COUNT,
  rankTopics,
  relatedTopicTitles,
  type StrainFact,
  searchWords,
  shouldNameProducts,
  stem,
  TOPICS,
  type Topic,
  tokenize,
} from './assistant.ts';
import { checkAll } from './compliance.ts';

const best = (question: string) => rankTopics(question)[0]?.topic.id;
function topic(id: string): Topic {
  const found = TOPICS.find((t) => t.id === id);
  if (!found) throw new Error(`No topic ${id}`);
  return found;
}

describe('matching a question to topics', () => {
  it('ignores case, punctuation, accents and plurals', () => {
    expect(tokenize("EDIBLES? Gummies, Don't—Café!")).toEqual(['edible', 'gummy', 'dont', 'cafe']);
    expect(stem('cartridges')).toBe('cartridge');
    expect(stem('cannabis')).toBe('cannabis');
    expect(stem('glass')).toBe('glass');
    expect(best('how long do EDIBLES take to kick in??')).toBe('edibles');
    expect(best('edible')).toBe('edibles');
  });

  it.each([
    ['What is the difference between indica and sativa?', 'strain-types'],
    ['Which hybrid strains are popular?', 'strain-types'],
    ['What is THC?', 'thc'],
    ['Is CBD psychoactive?', 'cbd'],
    ['What does CBN do?', 'other-cannabinoids'],
    ['Which terpenes smell like citrus?', 'terpenes'],
    ['What is myrcene', 'terpenes'],
    ['How much should I take the first time?', 'dosing'],
    ['I took too much, what do I do?', 'dosing'],
    ['Can I drive after smoking?', 'safety'],
    ['Can I mix edibles with alcohol?', 'safety'],
    ['How do I keep my weed fresh? storage tips', 'storage'],
    ['how should I store my flower', 'storage'],
    ['What is a 510 cart?', 'vaping'],
    ['What is shatter vs live rosin badder', 'concentrates'],
    ['How many grams in an eighth?', 'flower'],
    ['Is weed legal in DC?', 'dc-law'],
    ['What is Initiative 71?', 'dc-law'],
    ['How much can I buy in Maryland?', 'maryland-law'],
    ['Can I grow plants in Virginia?', 'virginia-law'],
    ['What are the cannabis laws in DC, Maryland and Virginia?', 'legal-overview'],
    ['My tolerance is too high, should I take a t-break?', 'tolerance'],
    ['What does a COA lab test show?', 'lab-testing'],
    ['Do you deliver on Sundays and what is the delivery fee?', 'ordering'],
    ['Can cannabis cure cancer?', 'health-questions'],
    ['something for sleep', 'choosing-effects'],
  ])('%s → %s', (question, id) => {
    expect(best(question)).toBe(id);
  });

  it('lands a related-topic button (the title itself) on that topic', () => {
    for (const t of TOPICS) expect(best(t.title), t.title).toBe(t.id);
  });

  it('matches nothing for unrelated text', () => {
    expect(rankTopics('qwerty asdf')).toEqual([]);
    expect(rankTopics('')).toEqual([]);
  });
});

describe('what the shopper wants from the menu', () => {
  it('reads category, strain type and effects from the words used', () => {
    expect(productIntent('What edibles do you have?')).toMatchObject({ category: 'Edible', strainTypes: [], effects: [] });
    expect(productIntent('Gummies please')).toMatchObject({ category: 'Edible' });
    expect(productIntent('a relaxing indica')).toMatchObject({ category: null, strainTypes: ['Indica'], effects: ['Relaxing'] });
    expect(productIntent('something for sleep')).toMatchObject({ effects: ['Sleepy'], shopping: true });
    expect(productIntent('best vape cartridge')).toMatchObject({ category: 'Vaporizer', shopping: true });
    expect(productIntent('What is THC?')).toMatchObject({ category: null, strainTypes: [], effects: [], shopping: false });
  });

  it('names products for shopping topics, not for a safety or legal answer', () => {
    const edibles = productIntent('What edibles do you have?');
    expect(shouldNameProducts(edibles, topic('edibles'), null)).toBe(true);
    const mixing = productIntent('Can I mix edibles with alcohol?');
    expect(shouldNameProducts(mixing, topic('safety'), null)).toBe(false);
    expect(shouldNameProducts(productIntent('Which edibles would you recommend?'), topic('safety'), null)).toBe(true);
    expect(shouldNameProducts(productIntent('What is THC?'), topic('thc'), null)).toBe(false);
  });

  it('finds a strain by its whole name, the longest name first', () => {
    const strains: StrainFact[] = ['OG Kush', 'Bubba Kush', 'Gelato', 'Girl Scout Cookies'].map((name) => ({
      name,
      strainType: 'Hybrid',
      description: '',
      effects: [],
    }));
    expect(findStrain('tell me about bubba kush', strains)?.name).toBe('Bubba Kush');
    expect(findStrain('Is OG KUSH strong?', strains)?.name).toBe('OG Kush');
    expect(findStrain('girl scout cookies', strains)?.name).toBe('Girl Scout Cookies');
    expect(findStrain('gel pens', strains)).toBeNull();
    expect(findStrain('kush', strains)).toBeNull();
  });

  it('searches the catalogue with the meaningful words as typed', () => {
    expect(searchWords('Do you have Pineapple Express?')).toEqual(['pineapple', 'express']);
    expect(nameHasWords('Pineapple Express Pod 0.5g', ['pineapple', 'express'])).toBe(true);
    expect(nameHasWords('Girl Scout Cookies Budder', ['cook'])).toBe(false);
  });
});

describe('composed answers', () => {
  const gummies = {
    name: 'Wild Berry Gummies 100mg',
    category: 'Edible',
    categoryKey: 'Edible',
    strainType: 'Hybrid',
    thcContent: null,
    price: 1500,
    fromPrice: false,
  };
  const flower = {
    name: 'Blue Dream - Reserve',
    category: 'Flower',
    categoryKey: 'Flower',
    strainType: 'Hybrid',
    thcContent: 24.6,
    price: 2700,
    fromPrice: true,
  };

  it('formats a product with its price from cents', () => {
    expect(formatProductLine(gummies)).toBe('• Wild Berry Gummies 100mg (Edible, Hybrid): $15.00');
    expect(formatProductLine(flower)).toBe('• Blue Dream - Reserve (Flower, Hybrid, 24.6% THC): from $27.00');
  });

  it('answers with the best topic, the menu products and related topics not already covered', () => {
    const { answer, relatedTopics } = composeAnswer({ ranked: rankTopics('what edibles do you have'), strain: null, products: [gummies] });
    expect(answer).toContain(topic('edibles').summary);
    expect(answer).toContain('• Wild Berry Gummies 100mg (Edible, Hybrid): $15.00');
    expect(relatedTopics).toHaveLength(RELATED_TOPIC_COUNT);
    expect(relatedTopics).not.toContain(topic('edibles').title);
    expect(new Set(relatedTopics).size).toBe(relatedTopics.length);
  });

  it('describes a strain with only the moods customers report (nothing medical)', () => {
    const strain: StrainFact = {
      name: 'Bubba Kush',
      strainType: 'Indica',
      description: 'Earthy and chocolatey.',
      effects: ['Relaxing', 'Sleepy', 'Pain Relief'],
    };
    const { answer } = composeAnswer({ ranked: [], strain, products: [flower] });
    expect(answer).toMatch(/^Bubba Kush is an Indica strain\. Earthy and chocolatey\. Customers describe it as relaxing and sleepy\./);
    expect(answer).not.toMatch(/pain/i);
    expect(answer).toContain('Bubba Kush on our menu:');
  });

  it('gives a general answer with suggestions when nothing matches', () => {
    const { answer, relatedTopics } = composeAnswer({ ranked: [], strain: null, products: [] });
    expect(answer).toMatch(/I can help with/);
    expect(relatedTopics.length).toBeGreaterThanOrEqual(3);
  });

  it('writes an article from the matching topics, and the basics for an unknown one', () => {
    const article = composeArticle('Terpenes and flavor');
    expect(article.title).toBe(topic('terpenes').title);
    expect(article.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(article.keyTakeaways.length).toBeGreaterThanOrEqual(3);
    const basics = composeArticle('zzz');
    expect(basics.title).toBe('Cannabis Basics for Adults 21+');
    expect(basics.content).toContain(topic('dosing').title);
  });

  it('keeps related topic titles to real topics', () => {
    const titles = new Set(TOPICS.map((t) => t.title));
    for (const t of TOPICS) {
      for (const id of t.related)
        expect(
          TOPICS.some((x) => x.id === id),
          `${t.id} → ${id}`,
        ).toBe(true);
      for (const title of relatedTopicTitles([t])) expect(titles.has(title)).toBe(true);
    }
  });
});

describe('D27: the built-in guide makes no medical claims and never speaks to minors', () => {
  it.each(TOPICS.map((t) => [t.id, t] as const))('%s passes the compliance filter', (_, t) => {
    expect(checkAll({ title: t.title, summary: t.summary, body: t.body, takeaways: t.takeaways })).toEqual([]);
  });

  it('every built-in article and general answer passes too', () => {
    for (const t of TOPICS) expect(checkAll(composeArticle(t.title)), t.id).toEqual([]);
    expect(checkAll(composeArticle('anything else'))).toEqual([]);
    expect(checkAll(composeAnswer({ ranked: [], strain: null, products: [] }))).toEqual([]);
  });

  it('tells the model the rules', () => {
    for (const system of [ASK_SYSTEM, CONTENT_SYSTEM]) {
      expect(system).toMatch(/21 and older/);
      expect(system).toMatch(/never give medical advice/);
    }
  });
});
