import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type AiClient, aiFromEnv } from '../../../features/ai/ai.server.ts';
import { getProductForAdmin } from '../../../features/catalog/catalog.server.ts';
import { GenerationError, generateForProduct, generateMissing, listFlowerProducts } from '../../../features/images/generate.server.ts';
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
import { readJson } from '../body.ts';
import type { AppEnv } from '../env.ts';
import { parseOr400 } from '../validate.ts';

/** ?after= on the bulk route: go on past the products an earlier call already tried. */
const BulkQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'after must be a product id'), v.transform(Number))),
});

/** Why generation cannot run here (D26: the key is checked first), or null when it can. */
function unavailable(c: Context<AppEnv>): { ai: AiClient; images: ImageStore } | HttpError {
  const ai = aiFromEnv(c.env ?? {});
  if (!ai) return new HttpError(503, 'ai_not_configured', GENERATION_MESSAGES.notConfigured);
  if (!c.var.images) return new HttpError(503, 'images_not_configured', GENERATION_MESSAGES.storageMissing);
  return { ai, images: c.var.images };
}

function requireGenerator(c: Context<AppEnv>) {
  const ready = unavailable(c);
  if (ready instanceof HttpError) throw ready;
  return { db: c.var.db, ...ready };
}

/**
 * The flower image generator's routes (admin.md §2, §7), mounted inside the admin router (so
 * behind the session guard and the same-origin check).
 */
export const adminAiImageRoutes = new Hono<AppEnv>()
  .get('/flower-images', async (c) => {
    const ready = unavailable(c);
    const body: FlowerImagesResponse = {
      unavailable: ready instanceof HttpError ? ready.message : null,
      batchLimit: BULK_GENERATION_LIMIT,
      products: (await listFlowerProducts(c.var.db)).map(toFlowerRow),
    };
    return c.json(body);
  })
  .post('/generate-product-image', async (c) => {
    const deps = requireGenerator(c);
    const input = parseOr400(GenerateImageInput, await readJson(c), 'productId');
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
      return c.json({ error: `${GENERATION_MESSAGES.failedFor(strain)}: ${err.message}`, code }, status);
    }
  })
  .post('/generate-missing-flower-images', async (c) => {
    const deps = requireGenerator(c);
    const { after } = parseOr400(BulkQuery, c.req.query(), 'after');
    const body: GenerateMissingResponse = await generateMissing(deps, { after });
    return c.json(body);
  });
