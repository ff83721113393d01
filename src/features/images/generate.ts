/**
 * The flower image generator's rules (admin.md §2, §8; D26): which products need an image, the
 * prompt sent to the image model, and the shapes the routes answer with. Pure, so the island, the
 * server and the tests share one copy.
 */
import * as v from 'valibot';
import { ApiError } from '../../lib/http-error.ts';
import { isPlaceholderImage } from '../catalog/images.ts';

/** The one category the generator works on. */
export const FLOWER_CATEGORY = 'Flower';

/**
 * Most products one bulk call generates. Each image can take up to the image timeout (90 s by
 * default), so a call stops here and reports what remains; the caller asks again.
 */
export const BULK_GENERATION_LIMIT = 25;

/** A bulk call starts no new product after this long (the one under way finishes). */
export const BULK_TIME_BUDGET_MS = 5 * 60_000;

/** Longest strain name the prompt takes (the longest seed strain has 20 characters). */
export const MAX_STRAIN_NAME_LENGTH = 60;

export const GENERATION_MESSAGES = {
  /** D26: the exact sentence without OPENAI_API_KEY. */
  notConfigured: 'AI image generation is not configured',
  storageMissing: 'Image storage is not configured, so generated images cannot be saved.',
  notFlower: 'Images can only be generated for Flower products.',
  noStrain: 'This product has no strain name to generate an image from.',
  saveFailed: 'The image was generated but could not be saved.',
  /** §8 toasts. */
  generationFailed: 'Generation Failed',
  bulkFailed: 'Bulk Generation Failed',
  failedFor: (strain: string) => `Failed to generate image for ${strain}`,
} as const;

/** POST /api/admin/generate-product-image. strainName is optional: the product's strain by default. */
export const GenerateImageInput = v.object({
  productId: v.pipe(
    v.number('Product ID is required'),
    v.integer('Product ID must be a whole number'),
    v.minValue(1, 'Product ID must be a positive number'),
  ),
  strainName: v.optional(v.nullable(v.pipe(v.string('Strain name must be text'), v.maxLength(200, 'Strain name is too long')))),
});
export type GenerateImageInput = v.InferOutput<typeof GenerateImageInput>;

/** The product facts the generator reads (a subset of the admin product). */
export interface FlowerFacts {
  id: number;
  name: string;
  category: string;
  image: string;
  subcategoryName: string | null;
  strainType: string | null;
}

export const isFlower = (p: Pick<FlowerFacts, 'category'>): boolean => p.category === FLOWER_CATEGORY;

/** admin.md §2: a flower product whose image is empty, placeholder-like or a dummy URL (the storefront's §4 rule). */
export function needsImage(p: Pick<FlowerFacts, 'category' | 'image'>): boolean {
  return isFlower(p) && isPlaceholderImage(p.image);
}

/**
 * A strain name fit for a prompt: letters, digits and a little punctuation, one line, at most
 * MAX_STRAIN_NAME_LENGTH characters. Quotes, newlines and the like cannot carry instructions in.
 */
export function cleanStrainName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} &'.#+-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_STRAIN_NAME_LENGTH)
    .trim();
}

/** The strain the image shows: the one asked for, else the product's strain, else its name. */
export function strainNameFor(product: Pick<FlowerFacts, 'name' | 'subcategoryName'>, requested?: string | null): string {
  return cleanStrainName(requested) || cleanStrainName(product.subcategoryName) || cleanStrainName(product.name);
}

/** What a bud of each type looks like, so the picture matches the strain without naming any effect. */
const LOOK: Record<string, string> = {
  indica: 'a dense, compact, chunky bud with deep green leaves, hints of purple and bright orange pistils',
  sativa: 'a long, airy, spear-shaped bud in lighter lime green with long orange pistils',
  hybrid: 'a medium-dense, well-formed bud in rich green with orange pistils',
};

/**
 * The prompt for one flower product: a photorealistic macro photo of a cured bud on a neutral
 * background. It states what to show and what never to show (people, text, packaging, logos);
 * product descriptions and effects are never used, so no health claim can reach the model.
 */
export function buildFlowerPrompt(facts: { strainName: string; strainType?: string | null }): string {
  const strain = cleanStrainName(facts.strainName);
  const type = facts.strainType?.trim().toLowerCase() ?? '';
  const look = LOOK[type] ?? LOOK.hybrid;
  const label = type in LOOK ? `"${strain}" (${type})` : `"${strain}"`;
  return [
    `Photorealistic studio macro photograph of a single cured, hand-trimmed cannabis flower bud of the strain ${label}:`,
    `${look}, covered in frosty trichomes.`,
    'The bud is centred on a plain, neutral light-grey background with soft diffused lighting, a shallow depth of field',
    'and sharp focus on the trichomes; square composition, true-to-life colours, like a product photo for a licensed shop.',
    'The strain name is only a label: do not illustrate the words in it.',
    'Show only the bud: no people or body parts, no text or lettering, no labels, packaging, jars, logos or watermarks.',
  ].join(' ');
}

/** One product's outcome in a bulk run (admin.md §2). */
export interface GenerationResult {
  productId: number;
  productName: string;
  /** The new image's URL; null when it failed. */
  imageUrl: string | null;
  success: boolean;
  /** Why it failed, as a sentence; null on success. */
  error: string | null;
}

/** POST /api/admin/generate-product-image's answer. */
export interface GenerateImageResponse {
  success: true;
  productId: number;
  strainName: string;
  imageUrl: string;
}

/** POST /api/admin/generate-missing-flower-images's answer. */
export interface GenerateMissingResponse {
  success: true;
  /** Images generated in this call. */
  generated: number;
  /** Products tried in this call (= results.length). */
  total: number;
  /** Products that still need an image and were not tried in this call (call again with ?after=lastId). */
  remaining: number;
  /** The last product id tried (null when none was): pass as ?after= to go on past failures. */
  lastId: number | null;
  results: GenerationResult[];
}

/** One row of the generator's list (GET /api/admin/flower-images). */
export interface FlowerImageRow {
  id: number;
  name: string;
  strainName: string;
  strainType: string | null;
  image: string;
  needsImage: boolean;
}

/** GET /api/admin/flower-images: what the page needs before any generation. */
export interface FlowerImagesResponse {
  /** null when generation can run; otherwise the sentence that says why not. */
  unavailable: string | null;
  batchLimit: number;
  products: FlowerImageRow[];
}

export function toFlowerRow(p: FlowerFacts): FlowerImageRow {
  return {
    id: p.id,
    name: p.name,
    strainName: strainNameFor(p),
    strainType: p.strainType,
    image: p.image,
    needsImage: needsImage(p),
  };
}

/** "Generating 3 of 12…" for the bulk run's live progress. */
export function progressText(done: number, total: number): string {
  return `Generating ${Math.min(done + 1, total)} of ${total}…`;
}

/** The bulk run's closing sentence. */
export function summaryText(results: readonly Pick<GenerationResult, 'success'>[]): string {
  const ok = results.filter((r) => r.success).length;
  const failed = results.length - ok;
  const images = (n: number) => (n === 1 ? '1 image' : `${n} images`);
  if (results.length === 0) return 'Every flower product already has an image.';
  if (failed === 0) return `Generated ${images(ok)}.`;
  return `Generated ${images(ok)}; ${failed} failed.`;
}

/**
 * What a failed generation call means for the page: the session ended (401), generation cannot run
 * here at all (503: no key, no storage), the network is down, or just this product failed.
 */
export type FailureKind = 'session' | 'unavailable' | 'network' | 'product';

export function failureKind(err: unknown): FailureKind {
  if (!(err instanceof ApiError)) return 'product';
  if (err.status === 401) return 'session';
  if (err.status === 503) return 'unavailable';
  if (err.status === 0) return 'network';
  return 'product';
}

/** The reason alone, without the 'Failed to generate image for {strain}: ' the server puts first. */
export function failureReason(message: string): string {
  return message.replace(/^Failed to generate image for [^:]*:\s*/, '');
}
