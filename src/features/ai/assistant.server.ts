/**
 * The shoppers' knowledge assistant (admin.md §2, §7; D26, D27): the catalogue lookups behind an
 * answer, and the model when one is configured.
 *
 * Failure policy: the built-in answer is computed first, for every request. When the model is
 * configured its answer replaces it only if it arrived in time, passed the schema (ai.server.ts)
 * and passed the compliance filter (D27). Anything else (timeout, service error, malformed or
 * flagged answer) quietly serves the built-in answer with success: true: the shopper asked a
 * question and the guide's answer is a real one, so an error would help nobody. Nothing from a
 * failed model call ever reaches the response.
 */
import type { Db } from '../../db/db.ts';
import { listCategories, searchProducts } from '../catalog/catalog.server.ts';
import { type ApiProduct, availableWeights, splitList } from '../catalog/catalog.ts';
import { displayPrice } from '../pricing/pricing.ts';
import { type AiEnv, AiError, aiFromEnv } from './ai.server.ts';
import { type AskAnswer, type GeneratedContent, ModelAnswer, ModelContent } from './assistant.schema.ts';
import {
  type AnswerParts,
  ASK_SYSTEM,
  answerTopics,
  askPrompt,
  BUILT_IN_ANSWER_MESSAGE,
  BUILT_IN_CONTENT_MESSAGE,
  CONTENT_SYSTEM,
  composeAnswer,
  composeArticle,
  contentPrompt,
  findStrain,
  MAX_PRODUCTS_IN_ANSWER,
  nameHasWords,
  type ProductFact,
  type ProductIntent,
  productIntent,
  rankTopics,
  type StrainFact,
  searchWords,
  shouldNameProducts,
  type Topic,
} from './assistant.ts';
import { checkAll, checkCompliance, describeFlags } from './compliance.ts';

/** Rows read to pick the few products an answer names (filters and ratings do the choosing). */
const CANDIDATE_ROWS = 50;
/** A free-text catalogue search is tried only for short questions that match no topic. */
const MAX_FREE_TEXT_WORDS = 4;

/** POST /api/ask: the model's answer when configured and sound, the built-in one otherwise. */
export async function answerQuestion(db: Db, env: AiEnv, question: string): Promise<AskAnswer> {
  const parts = await answerParts(db, question);
  const builtIn = composeAnswer(parts);
  const fallback: AskAnswer = { success: true, ...builtIn, message: BUILT_IN_ANSWER_MESSAGE };
  const ai = aiFromEnv(env);
  if (!ai) return fallback;
  const output = await fromModel('ask', () =>
    ai.json({ name: 'cannabis_answer', system: ASK_SYSTEM, user: askPrompt(question, parts), schema: ModelAnswer }),
  );
  if (!output) return fallback;
  // Related topics stay the guide's: each one is a question the assistant can always answer.
  return { success: true, answer: output.answer.trim(), relatedTopics: builtIn.relatedTopics };
}

/** POST /api/generate-content: the same policy as answers, for a whole article. */
export async function generateContent(env: AiEnv, topic: string): Promise<GeneratedContent> {
  const fallback: GeneratedContent = { success: true, ...composeArticle(topic), message: BUILT_IN_CONTENT_MESSAGE };
  const ai = aiFromEnv(env);
  if (!ai) return fallback;
  const output = await fromModel('generate-content', () =>
    ai.json({ name: 'educational_content', system: CONTENT_SYSTEM, user: contentPrompt(topic), schema: ModelContent }),
  );
  if (!output) return fallback;
  return {
    success: true,
    title: output.title.trim(),
    summary: output.summary.trim(),
    content: output.content.trim(),
    keyTakeaways: output.keyTakeaways.map((t) => t.trim()).filter(Boolean),
  };
}

/** The model's output, or null when it failed or was flagged (the caller then serves the guide). */
async function fromModel<T>(feature: string, call: () => Promise<T>): Promise<T | null> {
  let output: T;
  try {
    output = await call();
  } catch (err) {
    // Not only AiError: whatever the client throws, the shopper still gets the built-in answer.
    const reason = err instanceof AiError ? err.code : 'unexpected error';
    console.warn(`AI assistant (${feature}): the model failed (${reason}); serving the built-in answer.`);
    return null;
  }
  const flags = checkAll(output);
  if (flags.length > 0) {
    console.warn(`AI assistant (${feature}): the model's answer was withheld (D27). ${describeFlags(flags)}`);
    return null;
  }
  return output;
}

/** What a built-in answer (and the model's context) is made of: topics, strain, menu products. */
export async function answerParts(db: Db, question: string): Promise<AnswerParts> {
  const ranked = rankTopics(question);
  const strain = findStrain(question, await strains(db));
  const primary = answerTopics(ranked)[0] ?? null;
  const products = await menuProducts(db, question, productIntent(question), strain, primary);
  return { ranked, strain, products };
}

async function strains(db: Db): Promise<StrainFact[]> {
  return (await listCategories(db))
    .filter((c) => c.parentId != null)
    .map((c) => ({
      name: c.name,
      strainType: c.strainType,
      // Catalogue copy is written by staff; the assistant repeats it only when it passes D27.
      description: checkCompliance(c.description).length === 0 ? c.description : '',
      effects: splitList(c.effects),
    }));
}

async function menuProducts(
  db: Db,
  question: string,
  intent: ProductIntent,
  strain: StrainFact | null,
  primary: Topic | null,
): Promise<ProductFact[]> {
  let found: ApiProduct[] = [];
  if (strain) {
    const { products } = await searchProducts(db, { search: strain.name, limit: CANDIDATE_ROWS });
    const ofStrain = products.filter((p) => p.subcategoryName === strain.name || nameHasWords(p.name, [strain.name]));
    const inCategory = ofStrain.filter((p) => p.category === intent.category);
    found = inCategory.length > 0 ? inCategory : ofStrain;
  } else if (shouldNameProducts(intent, primary, null)) {
    const { products } = await searchProducts(db, {
      ...(intent.category ? { category: intent.category } : {}),
      ...(intent.strainTypes.length ? { strainType: intent.strainTypes } : {}),
      ...(intent.effects.length ? { effects: intent.effects } : {}),
      sort: 'rating',
      limit: CANDIDATE_ROWS,
    });
    // The catalogue's effect filter keeps products that list no effects (storefront.md §5); an
    // answer about an effect names only products customers report it for.
    found = intent.effects.length ? products.filter((p) => splitList(p.effects).some((e) => intent.effects.includes(e))) : products;
  } else if (!primary) {
    const words = searchWords(question);
    if (words.length > 0 && words.length <= MAX_FREE_TEXT_WORDS) {
      const { products } = await searchProducts(db, { search: words.join(' '), limit: CANDIDATE_ROWS });
      found = products.filter((p) => nameHasWords(p.name, words));
    }
  }
  return found
    .filter((p) => p.inStock)
    .slice(0, MAX_PRODUCTS_IN_ANSWER)
    .map(productFact);
}

function productFact(p: ApiProduct): ProductFact {
  return {
    name: p.name,
    category: p.categoryName,
    categoryKey: p.category,
    strainType: p.strainType,
    thcContent: p.thcContent,
    price: displayPrice(p).price,
    fromPrice: availableWeights(p.category, p).length > 1,
  };
}
