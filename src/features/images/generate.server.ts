/**
 * Generates flower product images (admin.md §2, D26, D28): the model draws, the bytes are stored
 * under their content-derived key, and only then is the product pointed at the served URL, so a
 * failure anywhere leaves the product as it was.
 */
import type { Db } from '../../db/db.ts';
import { type AiClient, AiError } from '../ai/ai.server.ts';
import { listProductsForAdmin } from '../catalog/catalog.server.ts';
import {
  BULK_GENERATION_LIMIT,
  BULK_TIME_BUDGET_MS,
  buildFlowerPrompt,
  type FlowerFacts,
  GENERATION_MESSAGES,
  type GenerateMissingResponse,
  type GenerationResult,
  isFlower,
  needsImage,
  strainNameFor,
} from './generate.ts';
import type { ImageStore } from './image-store.ts';
import { imageKey, imageUrlFor } from './images.ts';
import { setProductImage } from './site-images.server.ts';

export interface GeneratorDeps {
  db: Db;
  images: ImageStore;
  ai: AiClient;
}

/** Why one product failed, as a sentence for the admin (never a stack trace). */
export class GenerationError extends Error {
  constructor(
    readonly kind: 'ai' | 'storage',
    readonly aiCode: AiError['code'] | null,
    message: string,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}

/**
 * One image for one flower product. Resolves with the new URL once the product shows it; throws a
 * GenerationError (the product unchanged) when the model or the storage fails.
 */
export async function generateForProduct(
  { db, images, ai }: GeneratorDeps,
  product: FlowerFacts,
  requestedStrain?: string | null,
): Promise<{ imageUrl: string; strainName: string }> {
  const strainName = strainNameFor(product, requestedStrain);
  let generated: Awaited<ReturnType<AiClient['image']>>;
  try {
    generated = await ai.image(buildFlowerPrompt({ strainName, strainType: product.strainType }));
  } catch (err) {
    if (err instanceof AiError) throw new GenerationError('ai', err.code, err.message);
    throw err;
  }
  const key = await imageKey(generated.bytes, generated.type);
  try {
    await images.put(key, generated.bytes, generated.type);
  } catch (err) {
    console.error('Storing a generated image failed', err);
    throw new GenerationError('storage', null, GENERATION_MESSAGES.saveFailed);
  }
  const imageUrl = imageUrlFor(key);
  // The model, not the admin, chose this image, so the audit trail names the system.
  await setProductImage(db, product.id, imageUrl, 'system');
  return { imageUrl, strainName };
}

/** Flower products that need an image, in catalogue order (by id). */
export async function productsNeedingImages(db: Db): Promise<FlowerFacts[]> {
  return (await listProductsForAdmin(db)).filter(needsImage);
}

export async function listFlowerProducts(db: Db): Promise<FlowerFacts[]> {
  return (await listProductsForAdmin(db)).filter(isFlower);
}

export interface GenerateMissingOptions {
  /** Only products with a greater id (to go on past the previous call's failures). */
  after?: number | undefined;
  limit?: number | undefined;
  budgetMs?: number | undefined;
  now?: () => number;
}

/**
 * admin.md §2 bulk action: every flower product that needs an image, one after another. A product
 * that fails is recorded with its reason and the run goes on. At most `limit` products per call
 * and no new one after `budgetMs`; `remaining` says how many are left for the next call.
 */
export async function generateMissing(deps: GeneratorDeps, options: GenerateMissingOptions = {}): Promise<GenerateMissingResponse> {
  const { after = 0, limit = BULK_GENERATION_LIMIT, budgetMs = BULK_TIME_BUDGET_MS, now = Date.now } = options;
  const queue = (await productsNeedingImages(deps.db)).filter((p) => p.id > after);
  const started = now();
  const results: GenerationResult[] = [];
  for (const product of queue) {
    if (results.length >= limit || (results.length > 0 && now() - started >= budgetMs)) break;
    results.push(await generateOne(deps, product));
  }
  return {
    success: true,
    generated: results.filter((r) => r.success).length,
    total: results.length,
    remaining: queue.length - results.length,
    lastId: results.at(-1)?.productId ?? null,
    results,
  };
}

async function generateOne(deps: GeneratorDeps, product: FlowerFacts): Promise<GenerationResult> {
  const base = { productId: product.id, productName: product.name };
  try {
    const { imageUrl } = await generateForProduct(deps, product);
    return { ...base, imageUrl, success: true, error: null };
  } catch (err) {
    if (!(err instanceof GenerationError)) console.error(`Generating an image for product ${product.id} failed`, err);
    const error = err instanceof GenerationError ? err.message : 'Something went wrong while generating this image.';
    return { ...base, imageUrl: null, success: false, error };
  }
}
