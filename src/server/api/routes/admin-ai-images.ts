import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { type AiClient, aiFromEnv } from '../../../features/ai/ai.server.ts';
import { getProductForAdmin } from '../../../features/catalog/catalog.server.ts';
import {
  GenerationError,
  type GeneratorDeps,
  generateForProduct,
  generateMissing,
  listFlowerProducts,
} from '../../../features/images/generate.server.ts';
import {
  BULK_GENERATION_LIMIT,
  type FlowerImagesResponse,
  GENERATION_MESSAGES,
  GenerateImageInput,
  type GenerateImageResponse,
  type GenerateMissingResponse,
  isFlower,
  strainNameFor,
  toFlowerRow,
} from '../../../features/images/generate.ts';
import type { ImageStore } from '../../../features/images/image-store.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { AppEnv, Bindings } from '../env.ts';
import { jsonOnly, valid } from '../validate.ts';

/** ?after= on the bulk route: go on past the products an earlier call already tried. */
const BulkQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'after must be a product id'), v.transform(Number))),
});

/** Why generation cannot run here (D26: the key is checked first), or null when it can. */
function unavailable(env: Bindings, images: ImageStore | null): { ai: AiClient; images: ImageStore } | HttpError {
  const ai = aiFromEnv(env);
  if (!ai) return new HttpError(503, 'ai_not_configured', GENERATION_MESSAGES.notConfigured);
  if (!images) return new HttpError(503, 'images_not_configured', GENERATION_MESSAGES.storageMissing);
  return { ai, images };
}

/** Checked before the input: without a key or storage, the answer is the same whatever was sent. */
const requireGenerator = createMiddleware<AppEnv & { Variables: { generator: GeneratorDeps } }>(async (c, next) => {
  const ready = unavailable(c.env, c.var.images);
  if (ready instanceof HttpError) throw ready;
  c.set('generator', { db: c.var.db, ...ready });
  await next();
});

/**
 * The flower image generator's routes (admin.md §2, §7), mounted inside the admin router (so
 * behind the session guard and the same-origin check).
 */
export const adminAiImageRoutes = new Hono<AppEnv>()
  .get('/flower-images', async (c) => {
    const ready = unavailable(c.env, c.var.images);
    const body: FlowerImagesResponse = {
      unavailable: ready instanceof HttpError ? ready.message : null,
      batchLimit: BULK_GENERATION_LIMIT,
      products: (await listFlowerProducts(c.var.db)).map(toFlowerRow),
    };
    return c.json(body);
  })
  .post('/generate-product-image', requireGenerator, jsonOnly, valid('json', GenerateImageInput, 'productId'), async (c) => {
    const deps = c.var.generator;
    const input = c.req.valid('json');
    const product = await getProductForAdmin(c.var.db, input.productId);
    if (!product) throw new HttpError(404, 'not_found', 'Product not found');
    if (!isFlower(product))
      throw new HttpError(400, 'not_flower', GENERATION_MESSAGES.notFlower, { productId: GENERATION_MESSAGES.notFlower });
    try {
      const { imageUrl, strainName } = await generateForProduct(deps, product, input.strainName);
      const body: GenerateImageResponse = { success: true, productId: product.id, strainName, imageUrl };
      return c.json(body);
    } catch (err) {
      if (!(err instanceof GenerationError)) throw err;
      // The model failed (502), took too long (504) or the bytes could not be stored (503).
      const status = err.kind === 'storage' ? 503 : err.aiCode === 'ai_timeout' ? 504 : 502;
      const code = err.kind === 'storage' ? 'image_store_failed' : (err.aiCode ?? 'ai_unavailable');
      const strain = strainNameFor(product, input.strainName);
      throw new HttpError(status, code, `${GENERATION_MESSAGES.failedFor(strain)}: ${err.message}`);
    }
  })
  .post('/generate-missing-flower-images', requireGenerator, valid('query', BulkQuery, 'after'), async (c) => {
    const { after } = c.req.valid('query');
    const body: GenerateMissingResponse = await generateMissing(c.var.generator, { after });
    return c.json(body);
  });
